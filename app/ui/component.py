"""Flet's declarative components, typed: `component`, `memo` and `keyed`.

``@ft.component`` keeps the decorated function's signature (Flet 1.0.5 types it
``Callable[P, R] -> Callable[P, R]``), but the wrapper it returns also takes a ``key=``
keyword (the component's identity among its siblings) that it pops before calling the
function. No static type can say "P plus one keyword": PEP 612 forbids a parameter
between ``*args: P.args`` and ``**kwargs: P.kwargs``, and mypy, given one, stops
checking the call's other arguments at all. So a keyed call goes through `keyed`, whose
own signature is fully checked: ``keyed("fear", fear_card, model)`` is
``fear_card(model, key="fear")``, with ``model`` checked against ``fear_card``'s
parameters.

`component` and `memo` return Flet's own wrappers unchanged (only their static type is
`ComponentFn`), so a render pays nothing for them; `keyed` costs one plain call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, Protocol, TypeVar

import flet as ft

from .flet_internals import MutableRef, adopt

P = ParamSpec("P")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class ComponentFn(Protocol[P, R_co]):
    """A function marked as a Flet component: called during a render, it adds a
    component node (with its own hooks) rather than running the body at once."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R_co: ...


def component(fn: Callable[P, R]) -> ComponentFn[P, R]:
    """``ft.component(fn)``, itself (only its static type is new). Call the result
    with ``fn``'s own arguments; give it a key with `keyed`."""
    return ft.component(fn)


def memo(fn: ComponentFn[P, R]) -> ComponentFn[P, R]:
    """``ft.memo(fn)``, itself: the component skips its render when its arguments are
    equal to last time's."""
    # Flet 1.0.5 ships `memo` without annotations (flet/components/memo.py).
    return ft.memo(fn)  # type: ignore[no-untyped-call,no-any-return]


def keyed(key: str, fn: ComponentFn[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` under the identity ``key``: among its siblings, the
    component drawn with the same key keeps its state (hooks, forms) across redraws,
    and one with a new key starts afresh."""
    # Flet's wrapper pops ``key`` before calling the function: P never holds it.
    call: Callable[..., R] = fn
    return call(*args, key=key, **kwargs)


class KeptNodes:
    """The component nodes a body drew last time, by key, handed back when drawn again
    with the same function and equal arguments.

    A body that draws a list of keyed components (the log's rows, its blocks) makes a
    fresh node for every one of them on every redraw, and Flet then reconciles each
    fresh node with the one the page has: it moves the old node's state into it,
    re-indexes it and walks it as both removed and added, though nothing in it changed.
    Handed the very node it already has, Flet's diff stops at once (a retained frozen
    child has nothing to reconcile). On a phone's Log tab that was most of a new log
    line's cost per page (docs/benchmarks.md §11, change 25).

    Equal arguments mean what ``ft.memo`` means (each is identical or ``==``): use it
    for components that draw from their arguments and their own state only, as a
    memoised one does (its own state still redraws a kept node, in place).
    """

    __slots__ = ("_drawing", "_drawn")

    def __init__(self) -> None:
        self._drawn: dict[str, tuple[object, tuple[Any, ...], dict[str, Any], Any]] = {}
        self._drawing: dict[str, tuple[object, tuple[Any, ...], dict[str, Any], Any]] = {}

    def begin(self) -> None:
        """A new drawing of the body: only what the last one drew may be handed back
        (an older node may have left the page since)."""
        self._drawn, self._drawing = self._drawing, {}

    def draw(self, key: str, fn: ComponentFn[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """``keyed(key, fn, *args, **kwargs)``, or the node drawn for ``key`` last time
        if it was ``fn``'s with equal arguments."""
        last = self._drawn.get(key)
        node: R
        if last is not None and last[0] is fn and _same(last[1], last[2], args, kwargs):
            node = last[3]
            adopt(last[3])  # its parent's node of last time has been replaced since
        else:
            node = keyed(key, fn, *args, **kwargs)
        self._drawing[key] = (fn, args, kwargs, node)
        return node


def _same(
    args: tuple[Any, ...], kwargs: dict[str, Any], now: tuple[Any, ...], now_kw: dict[str, Any]
) -> bool:
    """Equal as ``ft.memo`` compares: each argument identical or ``==`` (what a tuple's
    and a dict's own ``==`` do, item by item, in C)."""
    return args == now and kwargs == now_kw


def use_kept_nodes() -> KeptNodes:
    """A hook: this component's `KeptNodes`, begun anew for this drawing."""
    ref: MutableRef[KeptNodes | None] = ft.use_ref(None)
    kept = ref.current
    if kept is None:
        kept = ref.current = KeptNodes()
    kept.begin()
    return kept
