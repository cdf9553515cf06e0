"""A page that takes a gone page's place (reloaded after a drop) goes on from it."""

from __future__ import annotations

import gc
from dataclasses import dataclass

from app.ui.model.page_memory import PageMemory


@dataclass(eq=False)
class Page:
    asleep: bool = False


def memory() -> PageMemory[Page]:
    return PageMemory(lambda page: page.asleep)


def test_a_page_opening_the_seat_of_a_gone_page_takes_its_tab_and_the_page() -> None:
    pages, old, new = memory(), Page(), Page()
    pages.shown("t1/token", "Log", old)
    old.asleep = True  # its browser went away
    assert pages.left("t1/token", new) == ("Log", old)


def test_a_second_live_page_of_the_seat_opens_afresh() -> None:
    pages, old, new = memory(), Page(), Page()
    pages.shown("t1/token", "Log", old)
    assert pages.left("t1/token", new) is None


def test_a_page_does_not_take_over_itself_or_another_seat() -> None:
    pages, old = memory(), Page(asleep=True)
    pages.shown("t1/token", "Log", old)
    assert pages.left("t1/token", old) is None
    assert pages.left("t1/other", Page()) is None


def test_a_page_whose_session_is_gone_holds_nothing() -> None:
    pages, old = memory(), Page(asleep=True)
    pages.shown("t1/token", "Roll", old)
    del old
    gc.collect()
    assert pages.left("t1/token", Page()) is None
