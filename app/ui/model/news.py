"""What the model tells the person holding the device: toasts and alerts.

Pure data and functions (no Flet): which tab an event concerns, what a toast says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.domain.fatesedge.events.awards import BOON_AWARDED
from app.domain.table_events import UNDO_EVENT


def action_texts(events: list[dict[str, Any]]) -> list[str]:
    """What one action made, as its toast says it: the headline (its first event the
    whole table may see) first, then every other event in order."""
    ordered = sorted(events, key=lambda e: int(e.get("version", 0)))
    public = [e for e in ordered if e.get("visible_to") in ("all", None)]
    head = (public or ordered)[:1]
    return [str(e.get("text", "")) for e in head + [e for e in ordered if e not in head]]


#: Where a player looks for what happened to them, by the event type's first word:
#: the badge goes on the first of these tabs the rule system has (else on the Log).
ALERT_TABS: dict[str, tuple[str, ...]] = {
    "chips": ("Hand",),
    "legend": ("Hand",),
    "bounty": ("Sheet",),
    "trade": ("Hand", "Caps"),
    "caps": ("Caps",),
    "cap": ("Caps",),
    "bowl": ("Fate",),
    "compel": ("Fate",),
    "aspect": ("Character", "Sheet"),
    "combat": ("Combat", "Sheet"),
    "wounds": ("Combat", "Sheet"),
    "wind": ("Combat", "Sheet"),
    "damage": ("Sheet",),
    "stress": ("Character", "Sheet"),
    "contest": ("Roll", "Character"),
    "advance": ("Sheet", "Character"),
    "heal": ("Combat", "Sheet"),
    "boon": ("Roll",),  # Fate's Edge: a Boon is spent on the Roll tab, on a die
    "xp": ("Sheet",),
}
#: A line added to the news of some events: what the player can do with it now (a new
#: Fate's Edge player given a Boon did not know it re-rolls a die, nor where).
NEXT_STEP: dict[str, str] = {
    BOON_AWARDED.name: "Spend it on the Roll tab: after a roll, tap one of its dice to re-roll it.",
}
#: The keys of an event's data that name whom it happens to.
TARGET_KEYS = ("player", "player_id", "who", "character", "target")


@dataclass(frozen=True)
class Alert:
    """Something that happened to this player, made by someone else: a toast on
    whatever tab is open, and a badge on ``tabs[0]`` found among the player's tabs
    until they open it."""

    text: str
    tabs: tuple[str, ...]

    def tab_in(self, names: list[str]) -> str:
        """The tab of ``names`` that shows this (the Log if none fits)."""
        return next((t for t in self.tabs if t in names), "Log")


def alert_for(event: dict[str, Any], me: str) -> Alert | None:
    """An `Alert` if ``event`` happens to player ``me`` and someone else made it."""
    if event.get("actor") == me or event.get("type") == UNDO_EVENT.name:
        return None
    data = event.get("data")
    if not isinstance(data, dict) or me not in (data.get(k) for k in TARGET_KEYS):
        return None
    type_ = str(event.get("type", ""))
    words = type_.split(".")
    # Fate's Edge prefixes its events ("fe.boon.awarded"): the kind is the next word.
    kind = words[1] if words[0] == "fe" and len(words) > 2 else words[0]
    text = str(event.get("text", ""))
    step = NEXT_STEP.get(type_)
    return Alert(f"{text} {step}" if step else text, ALERT_TABS.get(kind, ("Log",)))


@dataclass(frozen=True)
class Toast:
    """A short message after an action, with an Undo when this device may undo it."""

    message: str
    undo_command: str | None = None
    error: bool = False
