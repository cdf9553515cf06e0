"""The typed component wrapper (app/ui/component.py) is Flet's own, `keyed` gives a
component its identity: its state follows its key when its siblings change order, and
`KeptNodes` hands a body back the nodes it drew last time with equal arguments.

Real Flet sessions in-process (``live.py``), as the redraw tests use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.ui.component import component, keyed, memo, use_kept_nodes
from app.ui.flet_internals import current_component, parent_of

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


# ---- KeptNodes: a body hands back the nodes it drew last time ------------------------

shown: list[Callable[[tuple[tuple[str, int], ...]], None]] = []  # the list's setter
kept_lists: list[tuple[ft.Component, list[Any]]] = []  # (the list's node, its children)


@component
def kept_counter(label: str, n: int) -> ft.Control:
    count, set_count = ft.use_state(0)
    setters[label] = set_count
    return ft.Text(f"{label}:{n}:{count}")


@component
def kept_list() -> ft.Control:
    start: tuple[tuple[str, int], ...] = (("a", 1), ("b", 1))
    items, set_items = ft.use_state(start)
    shown[:] = [set_items]
    kept = use_kept_nodes()
    children = [kept.draw(label, kept_counter, label, n) for label, n in items]
    kept_lists.append((current_component(), children))
    return ft.Column(children)


async def test_kept_nodes_hands_back_the_node_drawn_with_equal_arguments() -> None:
    page = LivePage(await seated(FakeHost("deadlands"), "Ann"))
    page.session.page.render(kept_list)
    await settle()
    first_node, (a, b) = kept_lists[-1]
    setters["a"](4)  # a's own state still redraws it, in place
    await settle()
    assert texts(page) == {"a:1:4", "b:1:0"}

    shown[0]((("a", 1), ("b", 2), ("c", 1)))
    await settle()
    node, children = kept_lists[-1]
    # a is handed back as it was; b, drawn with another argument, and c are new nodes.
    assert children[0] is a and children[1] is not b
    assert texts(page) == {"a:1:4", "b:2:0", "c:1:0"}
    assert parent_of(a) is node is first_node  # (the log's test has a replaced parent)
    index = page.session.index
    assert all(index.get(child._i) is child for child in children)

    # Only what the last drawing drew is handed back: "a", left out once, starts afresh.
    shown[0]((("b", 2),))
    await settle()
    shown[0]((("a", 1), ("b", 2)))
    await settle()
    assert kept_lists[-1][1][0] is not a
    assert texts(page) == {"a:1:0", "b:2:0"}
