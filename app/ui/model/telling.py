"""Telling the player what happened to them: toasts, tab badges, undone actions."""

from __future__ import annotations

from typing import Any

from app.domain.table_events import UNDO_EVENT

from .news import Alert, Toast, alert_for
from .state import ModelState


def newer_than(log: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The entries of ``log`` (newest first) after ``version``: read from the top only
    as far as needed, so a change costs the same however long the log is."""
    for i, event in enumerate(log):
        if int(event.get("version", 0)) <= version:
            return log[:i]
    return log


class Telling(ModelState):
    """Alerts and undo notices drawn from the log as it grows."""

    def _tell_what_happened(self, log: list[dict[str, Any]]) -> None:
        """An award, a hit, a compel, "your card is up": whatever someone else did to
        this player becomes a toast on any tab and a badge on the tab that shows it.
        Runs after `_tell_about_undos`, which moved ``_seen_version`` past ``log``."""
        me = self.player_id
        if me is None:
            return
        fresh = [
            alert
            for event in reversed(newer_than(log, self._alerted_version))
            if (alert := alert_for(event, me)) is not None
        ]
        self._alerted_version = self._seen_version or 0
        nudge = ((self.table.get("combat") or {}).get("me") or {}).get("nudge")
        if nudge and nudge != self._nudge and str(nudge).startswith("Your "):
            fresh.append(Alert(str(nudge), ("Combat",)))
        self._nudge = nudge if isinstance(nudge, str) else None
        if fresh and self._alerted_baseline:
            self.alerts = [*self.alerts, *fresh]
            self.toast(Toast("\n".join(a.text for a in fresh)))
        self._alerted_baseline = True

    def seen_tab(self, tab: str, tabs: list[str]) -> None:
        """The player opened ``tab`` (of ``tabs``): its badge goes."""
        kept = [a for a in self.alerts if a.tab_in(tabs) != tab]
        if len(kept) != len(self.alerts):
            self.alerts = kept

    def badges(self, tabs: list[str]) -> dict[str, int]:
        """How many unseen alerts each of ``tabs`` has."""
        counts: dict[str, int] = {}
        for alert in self.alerts:
            tab = alert.tab_in(tabs)
            counts[tab] = counts.get(tab, 0) + 1
        return counts

    def _tell_about_undos(self, log: list[dict[str, Any]]) -> None:
        """Someone else (the GM) undid one of this device's actions: say so here too."""
        newest = int(log[0].get("version", 0)) if log else 0
        if self._seen_version is None or not self.player_id:
            self._seen_version = newest
            return
        undos = [e for e in newer_than(log, self._seen_version) if e.get("type") == UNDO_EVENT.name]
        if undos:  # rare: only then read the whole log for this device's actions
            mine = {e.get("command_id") for e in log if e.get("actor") == self.player_id}
            for event in reversed(undos):
                target = (event.get("data") or {}).get("command_id")
                if event.get("actor") != self.player_id and target in mine:
                    self.toast(Toast(str(event.get("text", "Undone."))))
        self._seen_version = max(self._seen_version, newest)
