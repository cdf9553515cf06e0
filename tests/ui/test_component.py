"""The typed component wrapper (app/ui/component.py) is Flet's own, and `keyed` gives
a component its identity: its state follows its key when its siblings change order.

Real Flet sessions in-process (``live.py``), as the redraw tests use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.ui.component import component, keyed, memo

from .fakes import FakeHost
from .live import LivePage, settle
from .test_redraw import seated


def test_component_is_flets_own_wrapper() -> None:
    def body(n: int) -> ft.Control:
        return ft.Text(str(n))

    wrapped = component(body)
    # ft.component's wrapper, unchanged: it marks the function and keeps it.
    assert getattr(wrapped, "__is_component__", False)
    assert getattr(wrapped, "__component_impl__", None) is body
    assert callable(memo(wrapped))


setters: dict[str, Callable[[int], None]] = {}
reorder: list[Callable[[tuple[str, ...]], None]] = []  # the list's setter


@component
def counter(label: str) -> ft.Control:
    n, set_n = ft.use_state(0)
    setters[label] = set_n
    return ft.Text(f"{label}={n}")


@component
def counters() -> ft.Control:
    start: tuple[str, ...] = ("a", "b")
    order, set_order = ft.use_state(start)
    reorder[:] = [set_order]
    return ft.Column([keyed(label, counter, label) for label in order])


def texts(page: LivePage) -> set[Any]:
    return {c.value for c in page.drawn() if isinstance(c, ft.Text)}


async def test_a_keyed_component_keeps_its_state_when_its_siblings_move() -> None:
    """Without its key, the state would stay at its place: "a" moved second would show
    0 and "b" moved first would take a's 5."""
    page = LivePage(await seated(FakeHost("deadlands"), "Ann"))
    page.session.page.render(counters)
    await settle()
    assert texts(page) == {"a=0", "b=0"}
    setters["a"](5)
    await settle()
    assert texts(page) == {"a=5", "b=0"}
    reorder[0](("b", "a"))
    await settle()
    assert texts(page) == {"a=5", "b=0"}
