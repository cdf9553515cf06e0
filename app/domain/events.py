"""Events: the facts a table's state is folded from, and drafts that rules emit."""

from __future__ import annotations

from dataclasses import dataclass, field

from .changes import Change, change_from_json, change_to_json
from .event_types import AnyEventType
from .jsonvalue import JsonDict

EVERYONE = "all"
GM_ONLY = "gm"

# Who may undo an event's command: its author or the GM, only the GM (dice rolls: a
# player must not undo a bad roll to roll again; or what the rules call permanent, like
# chips cashed in for Bounty Points), or nobody (joins, undos themselves).
UNDO_OWNER = "owner"
UNDO_GM = "gm"
UNDO_PERMANENT = "permanent"
UNDO_NEVER = "never"


@dataclass(frozen=True)
class Draft:
    """An event as a rule emits it, before the table numbers and stamps it.

    ``visible_to`` is ``"all"``, ``"gm"`` or one player id (that player and the GM).
    ``text`` is the line shown in the table log, written for the people who may see it.
    ``type`` is the event's declared type (:mod:`app.domain.event_types`).
    """

    type: AnyEventType
    text: str
    data: JsonDict = field(default_factory=dict)
    changes: tuple[Change, ...] = ()
    visible_to: str = EVERYONE
    undo: str = UNDO_OWNER


@dataclass(frozen=True)
class Event:
    """One committed fact in a table's log. Never edited, never deleted."""

    version: int
    command_id: str
    actor: str
    at: float
    type: str
    text: str
    data: JsonDict
    changes: tuple[Change, ...]
    visible_to: str
    undo: str
    rng_cursor: int

    def to_public(self) -> JsonDict:
        """The form sent to clients: everything but the raw state changes."""
        return {
            "version": self.version,
            "command_id": self.command_id,
            "actor": self.actor,
            "at": self.at,
            "type": self.type,
            "text": self.text,
            "data": self.data,
            "visible_to": self.visible_to,
            "undo": self.undo,
        }

    def to_record(self) -> JsonDict:
        """The full stored form (export, persistence)."""
        record = self.to_public()
        record["changes"] = [change_to_json(c) for c in self.changes]
        record["rng_cursor"] = self.rng_cursor
        return record

    @classmethod
    def from_record(cls, record: JsonDict) -> Event:
        """Parse the stored form."""
        return cls(
            version=int(record["version"]),
            command_id=str(record["command_id"]),
            actor=str(record["actor"]),
            at=float(record["at"]),
            type=str(record["type"]),
            text=str(record["text"]),
            data=dict(record["data"]),
            changes=tuple(change_from_json(c) for c in record["changes"]),
            visible_to=str(record["visible_to"]),
            undo=str(record["undo"]),
            rng_cursor=int(record["rng_cursor"]),
        )
