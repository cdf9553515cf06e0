"""The tab a seat's page had open, for the page that takes its place.

A page whose link to the host came back reloads onto its seat (docs/ui.md, "The
link"): its fresh session would open on the first tab, and a player who was reading
the log, or half-way through a roll, would find herself on her hand. So each page
notes the tab it shows under its seat, and a page opening the same seat starts on it
when the page that noted it is no longer followed (its browser went away). A second
live page of the same seat (another tab, another device) opens on the first tab as
before.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable


class TabMemory:
    """Per seat: the tab last shown, and whether the page that showed it is gone."""

    def __init__(self) -> None:
        self._shown: dict[str, tuple[str, Callable[[], bool]]] = {}

    def shown(self, seat: str, tab: str, gone: Callable[[], bool]) -> None:
        """A page of ``seat`` shows ``tab``; ``gone()`` says when that page went away."""
        self._shown[seat] = (tab, gone)

    def opening(self, seat: str) -> str:
        """The tab a new page of ``seat`` opens on: the one a page that went away showed,
        else "" (the first)."""
        tab, gone = self._shown.get(seat, ("", lambda: False))
        return tab if gone() else ""


#: One per process: the host's browser sessions share it (a compiled app has one page).
TABS = TabMemory()


def gone_when_asleep(owner: object, asleep: Callable[[object], bool]) -> Callable[[], bool]:
    """``gone()`` for a page's model: true once it is asleep or no longer exists (held
    weakly, so the memory keeps no session alive)."""
    ref = weakref.ref(owner)

    def gone() -> bool:
        model = ref()
        return model is None or asleep(model)

    return gone
