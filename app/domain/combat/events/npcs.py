"""The event types ``combat/npcs.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatCondition(Payload):
    """The data of ``combat.condition``, emitted by ``condition``: ``combat.condition`` (GM): set a
    combatant's Size or clear/set stunned and unconscious by hand (1d6 hours passed, the
    GM's ruling), or limit its next draw: ``no_cards`` (a Terror bust: catatonic) or
    ``one_card`` (terrified). Both last until the countdown after that draw starts."""

    no_cards: str | None = None
    one_card: str | None = None
    size: int | None = None
    stunned: bool | None = None
    unconscious: bool | None = None
    who: str


COMBAT_CONDITION_EVENT = EventType("combat.condition", CombatCondition)


class NpcAdded(Payload):
    """The data of ``npc.added``, emitted by ``add``: ``npc.add`` (GM): a new combatant on the GM's
    side."""

    who: str
    npc: JsonDict


NPC_ADDED = EventType("npc.added", NpcAdded)


class NpcRemoved(Payload):
    """The data of ``npc.removed``, emitted by ``remove``: ``npc.remove`` (GM): the NPC leaves (its
    cards go to the GM's discard pile)."""

    who: str


NPC_REMOVED = EventType("npc.removed", NpcRemoved)


class NpcUpdated(Payload):
    """The data of ``npc.updated``, emitted by ``update``: ``npc.update`` (GM): change an NPC's
    name, dice, Size or starting Wind."""

    who: str


NPC_UPDATED = EventType("npc.updated", NpcUpdated)
