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
from typing import ParamSpec, Protocol, TypeVar

import flet as ft

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
