"""Render Flet components without a page or browser, find controls, fire their events.

`Screen(fn, *args)` renders a component tree the way Flet's session does (components
re-rendered in place keep their hook state, matched by position and function, as
Flet's diff migrates it), flattens it to controls, and lets a test tap buttons, type
into fields and read every text on screen.
"""

from __future__ import annotations

import inspect
from types import SimpleNamespace
from typing import Any

import flet as ft
from flet.components.component import Component, Renderer

CHILDREN = ("controls", "content", "title", "subtitle", "trailing", "leading", "actions")


def _names(name: str, label: str, exact: bool) -> bool:
    """Whether a control called ``name`` is the one asked for as ``label``."""
    return name == label if exact else name.startswith(label)


class Screen:
    def __init__(self, fn: Any, *args: Any) -> None:
        # A plain builder: wrap it, so a refresh runs it again. (Flet's ``component``
        # marks the function it wraps ``__is_component__`` too: only a wrapper has
        # ``__component_impl__``, so a builder shown by an earlier Screen is wrapped again.)
        if not hasattr(fn, "__component_impl__"):
            fn = ft.component(fn)
        # Flet's renderer and before_update() carry no annotations (flet 0.x internals).
        self.root = Renderer().render(fn, *args)  # type: ignore[no-untyped-call]
        self._previous: dict[tuple[int, ...], Component] = {}
        self.controls: list[Any] = []
        self.refresh()

    def refresh(self) -> None:
        """Render again (after the model or a component's state changed)."""
        current: dict[tuple[int, ...], Component] = {}
        self.controls = self._expand(self.root, (), current)
        self._previous = current

    def _expand(
        self, node: Any, path: tuple[int, ...], seen: dict[tuple[int, ...], Component]
    ) -> list[Any]:
        if isinstance(node, Component):
            old = self._previous.get(path)
            if old is not None and old is not node and old.fn is node.fn:
                node._migrate_state(old)
            seen[path] = node
            # Every component is asked to draw (a page's parts follow the table's news
            # themselves; unmounted here, they are never told): a part still keeps
            # what it drew when its inputs did not change.
            node._state.is_dirty = True
            node.before_update()  # type: ignore[no-untyped-call]
            body = node._b if isinstance(node._b, list) else [node._b]
            return [
                c
                for i, b in enumerate(body)
                if b is not None
                for c in self._expand(b, (*path, i), seen)
            ]
        out = [node]
        for attr in CHILDREN:
            value = getattr(node, attr, None)
            items = value if isinstance(value, list) else [value]
            for i, item in enumerate(items):
                if isinstance(item, ft.BaseControl):
                    out += self._expand(item, (*path, hash(attr) % 97, i), seen)
        return out

    # ---- reading ------------------------------------------------------------------

    def texts(self) -> list[str]:
        found = []
        for c in self.controls:
            if isinstance(c, ft.Text) and c.value:
                found.append(str(c.value))
            elif isinstance(getattr(c, "content", None), str):
                found.append(c.content)
        return found

    def text(self) -> str:
        return "\n".join(self.texts())

    def has(self, fragment: str) -> bool:
        return any(fragment in t for t in self.texts())

    def button(self, label: str) -> Any:
        """The first button-like control named ``label`` exactly, else whose name
        starts with it."""
        for exact in (True, False):
            found = self._button(label, exact)
            if found is not None:
                return found
        raise AssertionError(f"no button {label!r} in:\n{self.text()}")

    def _button(self, label: str, exact: bool) -> Any:
        for c in self.controls:
            content = getattr(c, "content", None)
            tooltip = getattr(c, "tooltip", None)
            names = [
                content if isinstance(content, str) else None,
                tooltip if isinstance(tooltip, str) else None,
            ]
            if isinstance(content, ft.Text):  # a chip named for a screen reader too
                names += [str(content.value or ""), content.semantics_label]
            if isinstance(c, ft.Button) and isinstance(content, ft.Column):
                names += [t.semantics_label for t in content.controls if isinstance(t, ft.Text)]
            if any(n and _names(n, label, exact) for n in names) and getattr(c, "on_click", None):
                return c
        return None

    def field(self, label: str) -> Any:
        for c in self.controls:
            if isinstance(c, ft.TextField) and str(c.label or "").startswith(label):
                return c
        raise AssertionError(f"no field {label!r}")

    # ---- acting -------------------------------------------------------------------

    async def fire(self, handler: Any, control: Any) -> None:
        result = handler(SimpleNamespace(control=control, data=None))
        if inspect.isawaitable(result):
            await result
        self.refresh()

    async def tap(self, label: str) -> None:
        control = self.button(label)
        await self.fire(control.on_click, control)

    async def tab(self, label: str) -> None:
        """Pick a destination of the phone's bottom navigation bar."""
        for c in self.controls:
            if isinstance(c, ft.NavigationBar):
                names = [d.label for d in c.destinations]
                # As the browser's patch does: a part's top control is frozen to Python.
                frozen = c.__dict__.pop("_frozen", None)
                c.selected_index = names.index(label)
                if frozen is not None:
                    object.__setattr__(c, "_frozen", frozen)
                await self.fire(c.on_change, c)
                return
        raise AssertionError("no navigation bar")

    async def select(self, label: str, value: str) -> None:
        """Choose ``value`` in the dropdown labelled ``label``."""
        for c in self.controls:
            if isinstance(c, ft.Dropdown) and str(c.label or "").startswith(label):
                c.value = value
                await self.fire(c.on_select, c)
                return
        raise AssertionError(f"no dropdown {label!r}")

    async def type(self, label: str, value: str) -> None:
        control = self.field(label)
        control.value = value
        await self.fire(control.on_change, control)

    async def type_last(self, label: str, value: str) -> None:
        """Type into the last field labelled ``label`` (a second form with the same
        fields, lower on the screen)."""
        found = [c for c in self.controls if isinstance(c, ft.TextField) and c.label == label]
        if not found:
            raise AssertionError(f"no field {label!r}")
        frozen = found[-1].__dict__.pop("_frozen", None)
        found[-1].value = value
        if frozen is not None:
            object.__setattr__(found[-1], "_frozen", frozen)
        await self.fire(found[-1].on_change, found[-1])

    async def toggle(self, label: str, on: bool = True) -> None:
        """Turn the switch named ``label`` on (or off)."""
        for c in self.controls:
            if not isinstance(c, ft.Switch):
                continue
            named = c.label.value if isinstance(c.label, ft.Text) else c.label
            if str(named or "") == label:
                # As the browser's patch does: a part's top control is frozen to Python.
                frozen = c.__dict__.pop("_frozen", None)
                c.value = on
                if frozen is not None:
                    object.__setattr__(c, "_frozen", frozen)
                await self.fire(c.on_change, c)
                return
        raise AssertionError(f"no switch {label!r}")
