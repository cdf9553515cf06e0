"""The event types ``bottlecaps/roster.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CapsLeft(Payload):
    """The data of ``caps.left``, emitted by ``seat_removed``: A player leaves: their caps go back
    to the pot; their roll and effects end."""

    player_id: str


CAPS_LEFT = EventType("caps.left", CapsLeft)


class NpcAdded(Payload):
    """The data of ``npc.added``, emitted by ``add_npc``: GM: add a Wild Card NPC (gets a sheet;
    during a session, 2 caps of its own)."""

    npc: str
    name: str


NPC_ADDED = EventType("npc.added", NpcAdded)


class NpcRemoved(Payload):
    """The data of ``npc.removed``, emitted by ``remove_npc``: GM: a Wild Card NPC leaves the
    story; its own caps go back to the pot."""

    npc: str


NPC_REMOVED = EventType("npc.removed", NpcRemoved)


class SheetCreated(Payload):
    """The data of ``sheet.created``, emitted by ``seat_added``: A new seat gets a blank sheet, and
    its caps if a session is running."""

    character: str


SHEET_CREATED = EventType("sheet.created", SheetCreated)
