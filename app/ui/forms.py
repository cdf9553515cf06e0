"""Forms whose typed text stays on the phone: `Form`, `text_field` and the hooks that
keep a form across renders (`use_form`) or across a component's remounts
(`use_kept_form`). See docs/ui.md, "Typed text"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .flet_internals import MutableRef


class Form(dict[str, Any]):
    """A component's form values, current at once.

    Flet runs a tap's handler before the re-render scheduled by the keystrokes just
    before it, so a handler closing over ``use_state`` values can see stale text. A
    Form is one dict kept across renders (``use_ref``): edits land in it immediately
    and handlers read it when they run.

    Text typed into a `text_field` stays on the phone: the field's text is the text of
    the field control itself (which the browser updates before each event it sends), so
    ``form[name]`` read by a tap's handler is exactly what was typed, and a redraw never
    sends the field an older copy of its text. Text the app writes (``put``, ``update``,
    ``form[name] = ...``: a reset after sending) is pushed to the field once.
    """

    _rerender: Callable[[], None] = staticmethod(lambda: None)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fields: dict[str, ft.TextField] = {}  # the text fields drawn from this form
        self._pushed: dict[str, str] = {}  # text the app wrote, not yet drawn

    def __getitem__(self, key: str) -> Any:
        if key in self._pushed:
            return self._pushed[key]
        if (field := self._fields.get(key)) is not None:
            return field.value or ""
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self:
            return default
        return self[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self._push(key, value)
        super().__setitem__(key, value)

    def update(self, *args: Any, **values: Any) -> None:
        values = dict(*args, **values)
        for key, value in values.items():
            self._push(key, value)
        super().update(values)

    def _push(self, key: str, value: Any) -> None:
        if key in self._fields:
            self._pushed[key] = "" if value is None else str(value)

    def snapshot(self) -> dict[str, Any]:
        """Every value as it is now (typed text included), as a plain dict."""
        return {key: self[key] for key in self}

    def put(self, **values: Any) -> None:
        """Change values and redraw the component."""
        self.update(values)
        self._rerender()

    def setter(self, key: str) -> Callable[[Any], None]:
        """A handler that puts the value it is given under ``key`` (a stepper's count,
        a switch's state) and redraws."""
        return lambda value: self.put(**{key: value})

    def typed(self, key: str, text: str, *, redraw: bool) -> None:
        """Note text the person typed (already in the field, so nothing is pushed)."""
        super().__setitem__(key, text)
        if redraw:
            self._rerender()

    def field_text(self, key: str, field: ft.TextField) -> str:
        """The text to draw ``field`` with, remembering it as the field of ``key``: what
        the app last wrote, else what the field already holds (so the redraw sends it
        nothing), else the form's value."""
        previous = self._fields.get(key)
        self._fields[key] = field
        if key in self._pushed:
            return self._pushed.pop(key)
        if previous is not None:
            return previous.value or ""
        value = super().get(key, "")
        return "" if value is None else str(value)


def text_field(
    form: Form,
    name: str,
    /,
    *,
    redraw: bool = True,
    on_typed: Callable[[str], None] | None = None,
    **options: Any,
) -> ft.Control:
    """A TextField for ``form[name]`` whose text lives on the phone (see `Form`).

    Each keystroke only notes the text in the form (and redraws when ``redraw``, for
    screens that show something computed from it; ``on_typed`` replaces that, given
    the text); the host never echoes it back, so typing at any speed while the host is
    slow loses no letter, and a tap's handler reads ``form[name]``: exactly the text in
    the field. ``options`` are TextField's.

    The field is its own node in the accessibility tree. Without that boundary Flutter
    merged a field with the card around it: the "textbox" took the card's whole area
    and texts as its own, and a tap at its middle landed on a chip or a log line
    instead (recorded: "What you declare" spanned its card, and a tap meant for it chose
    "Coincidence"; "Note for the log" took the whole log as its name).
    """
    field = ft.TextField(**options)
    field.value = form.field_text(name, field)
    if on_typed is None:
        field.on_change = lambda e: form.typed(name, e.control.value or "", redraw=redraw)
    else:
        field.on_change = lambda e: on_typed(e.control.value or "")
    # The boundary takes the field's place in a Row or a ResponsiveRow: it flexes (an
    # Expanded inside it, outside any Row, would be a Flutter layout error).
    expand, field.expand = field.expand, None
    return ft.Semantics(container=True, content=field, expand=expand, col=field.col)


def use_form(initial: dict[str, Any]) -> Form:
    """The component's `Form`, created with ``initial`` on the first render."""
    ref: MutableRef[Form] = ft.use_ref(lambda: Form(initial))
    form = ref.current
    assert form is not None  # use_ref made it on the first render (a ref may hold None)
    return _redrawing(form)


def _redrawing(form: Form) -> Form:
    """``form``, its ``put`` now redrawing the component being rendered."""
    _, set_tick = ft.use_state(0)
    form._rerender = lambda: set_tick(lambda n: n + 1)
    return form


class KeptForms:
    """Forms kept for a session (on its model) rather than in their components.

    A plain object on purpose: the observable model would copy a dict stored in it and
    redraw the whole screen on every keystroke.
    """

    def __init__(self) -> None:
        self._forms: dict[str, Form] = {}

    def form(self, key: str, initial: dict[str, Any]) -> Form:
        """The form kept under ``key``, made from ``initial`` the first time."""
        if key not in self._forms:
            self._forms[key] = Form(initial)
        return self._forms[key]

    def clear(self) -> None:
        self._forms.clear()


def use_kept_form(kept: KeptForms, key: str, initial: dict[str, Any]) -> Form:
    """A `Form` kept in ``kept`` (the session's model) under ``key`` rather than in the
    component, so a half-made choice survives the component being rebuilt: a tab
    switch, or a redraw that remounts it while the host's news arrives."""
    return _redrawing(kept.form(key, initial))


def one_of(value: object, options: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``options`` (``get_args`` of the rule's Literal): a
    menu's choice, checked before it is sent as that Literal (ValueError if not)."""
    if value not in options:
        raise ValueError(f"Choose one of: {', '.join(str(o) for o in options)}.")
    return value
