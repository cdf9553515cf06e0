"""The page a seat had before, for the page that takes its place.

A page whose link to the host came back reloads onto its seat (docs/ui.md, "The
link"). Its fresh session would open on the first tab with the whole log taken as
history: a player who was reading the log would find herself on her hand, and what
happened to her during the drop would be told to nobody. So each page notes, under
its seat, the tab it shows; a page opening the same seat while the page that noted it
is no longer followed (its browser went away) opens on that tab and takes over what
that page had told and not yet told. A second live page of the same seat (another
tab, another device) opens as a new page does.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

Page = TypeVar("Page")


class PageMemory(Generic[Page]):
    """Per seat: the page that showed it last, held weakly, and the tab it showed."""

    def __init__(self, gone: Callable[[Page], bool]) -> None:
        self._gone = gone
        self._last: dict[str, tuple[str, weakref.ref[Page]]] = {}

    def shown(self, seat: str, tab: str, page: Page) -> None:
        """``page`` shows ``seat`` on ``tab``."""
        self._last[seat] = (tab, weakref.ref(page))

    def left(self, seat: str, by: Page) -> tuple[str, Page] | None:
        """The tab and the page that showed ``seat`` last if that page is gone (and is
        not ``by``), else None: the seat is opened afresh."""
        tab, ref = self._last.get(seat, ("", None))
        page = ref() if ref is not None else None
        if page is None or page is by or not self._gone(page):
            return None
        return tab, page
