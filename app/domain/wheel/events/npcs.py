"""The event types ``wheel/npcs.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class NpcAdded(Payload):
    """The data of ``npc.added``, emitted by ``add``: GM: add a GM-side character with its three
    attributes."""

    npc: str
    name: str
    attributes: JsonDict


NPC_ADDED = EventType("npc.added", NpcAdded)


class NpcEdited(Payload):
    """The data of ``npc.edited``, emitted by ``edit``: GM: change a GM-side character's
    attributes."""

    npc: str
    attributes: JsonDict


NPC_EDITED = EventType("npc.edited", NpcEdited)


class NpcRemoved(Payload):
    """The data of ``npc.removed``, emitted by ``remove``: GM: remove a GM-side character who isn't
    in a running contest."""

    npc: str


NPC_REMOVED = EventType("npc.removed", NpcRemoved)
