"""Telling the player what happened to them: toasts, tab badges, undone actions.

The `Notifier` is one part of `AppModel`: it reads the log as it grows and tells the
page (`contracts.Told`: its alerts and toasts). No Flet here.
"""

from __future__ import annotations

from typing import Any

from app.domain.table_events import UNDO_EVENT

from .contracts import Told
from .news import Alert, Toast, alert_for


def newer_than(log: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The entries of ``log`` (newest first) after ``version``: read from the top only
    as far as needed, so a change costs the same however long the log is."""
    for i, event in enumerate(log):
        if int(event.get("version", 0)) <= version:
            return log[:i]
    return log


class Notifier:
    """Alerts and undo notices drawn from the log as it grows, told to ``page``."""

    def __init__(self, page: Told) -> None:
        self._page = page
        self.seen_version: int | None = None  # newest log entry already looked at
        self.alerted_version = 0  # newest log entry already turned into alerts
        self.alerted_baseline = False  # the first view is history, not news
        self.nudge: str | None = None  # the combat nudge last told

    def tell(self, log: list[dict[str, Any]], table: dict[str, Any], me: str | None) -> None:
        """The log (newest first) and the view of the table after a change, as player
        ``me`` (None: the GM) sees them: whatever is news to this page is told."""
        self._tell_about_undos(log, me)
        self._tell_what_happened(log, table, me)

    def forget_seen(self) -> None:
        """No table followed: the next one's log is looked at afresh."""
        self.seen_version = None

    def new_seat(self) -> None:
        """Another seat: its history is not news, and this one's alerts go."""
        self.alerted_baseline, self.alerted_version = False, 0
        self._page.alerts, self.nudge = [], None

    def take_over(self, gone: Notifier) -> None:
        """Go on from ``gone`` (the notifier of the page this one takes the place of):
        what happened since it last looked is told, not taken as history."""
        self.seen_version = gone.seen_version
        self.alerted_version, self.alerted_baseline = gone.alerted_version, True
        self._page.alerts, self.nudge = list(gone._page.alerts), gone.nudge

    def _tell_what_happened(
        self, log: list[dict[str, Any]], table: dict[str, Any], me: str | None
    ) -> None:
        """An award, a hit, a compel, "your card is up": whatever someone else did to
        this player becomes a toast on any tab and a badge on the tab that shows it.
        Runs after `_tell_about_undos`, which moved ``seen_version`` past ``log``."""
        if me is None:
            return
        fresh = [
            alert
            for event in reversed(newer_than(log, self.alerted_version))
            if (alert := alert_for(event, me)) is not None
        ]
        self.alerted_version = self.seen_version or 0
        nudge = ((table.get("combat") or {}).get("me") or {}).get("nudge")
        if nudge and nudge != self.nudge and str(nudge).startswith("Your "):
            fresh.append(Alert(str(nudge), ("Combat",)))
        self.nudge = nudge if isinstance(nudge, str) else None
        if fresh and self.alerted_baseline:
            self._page.alerts = [*self._page.alerts, *fresh]
            self._page.toast(Toast("\n".join(a.text for a in fresh)))
        self.alerted_baseline = True

    def _tell_about_undos(self, log: list[dict[str, Any]], me: str | None) -> None:
        """Someone else (the GM) undid one of this device's actions: say so here too."""
        newest = int(log[0].get("version", 0)) if log else 0
        if self.seen_version is None or not me:
            self.seen_version = newest
            return
        undos = [e for e in newer_than(log, self.seen_version) if e.get("type") == UNDO_EVENT.name]
        if undos:  # rare: only then read the whole log for this device's actions
            mine = {e.get("command_id") for e in log if e.get("actor") == me}
            for event in reversed(undos):
                target = (event.get("data") or {}).get("command_id")
                if event.get("actor") != me and target in mine:
                    self._page.toast(Toast(str(event.get("text", "Undone."))))
        self.seen_version = max(self.seen_version, newest)

    def seen_tab(self, tab: str, tabs: list[str]) -> None:
        """The player opened ``tab`` (of ``tabs``): its badge goes."""
        kept = [a for a in self._page.alerts if a.tab_in(tabs) != tab]
        if len(kept) != len(self._page.alerts):
            self._page.alerts = kept

    def badges(self, tabs: list[str]) -> dict[str, int]:
        """How many unseen alerts each of ``tabs`` has."""
        counts: dict[str, int] = {}
        for alert in self._page.alerts:
            tab = alert.tab_in(tabs)
            counts[tab] = counts.get(tab, 0) + 1
        return counts
