"""The event types ``combat/flow.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatDamaged(Payload):
    """The data of ``combat.damaged``, emitted by ``strike``: One hit on ``cid``: location, damage,
    wounds, and on to negation and Wind."""

    brawl_wind: int
    damage: JsonDict
    landed: int
    location: JsonDict
    placed: JsonDict
    size: int
    who: str
    wounds: int


COMBAT_DAMAGED = EventType("combat.damaged", CombatDamaged)


class CombatHit(Payload):
    """The data of ``combat.hit``, emitted by ``strike``: One hit on ``cid``: location, damage,
    wounds, and on to negation and Wind."""

    who: str
    part: str


COMBAT_HIT = EventType("combat.hit", CombatHit)


class CombatMissed(Payload):
    """The data of ``combat.missed``, emitted by ``strike``: One hit on ``cid``: location, damage,
    wounds, and on to negation and Wind."""

    who: str
    location: JsonDict


COMBAT_MISSED = EventType("combat.missed", CombatMissed)


class CombatNegated(Payload):
    """The data of ``combat.negated``, emitted by ``npc_negate``: ``combat.negate`` (GM): a chip
    from the GM's hand negates an NPC's fresh wounds."""

    who: str
    colour: str
    wounds: JsonDict


COMBAT_NEGATED = EventType("combat.negated", CombatNegated)


class CombatNegationClosed(Payload):
    """The data of ``combat.negation_closed``, emitted by ``settle``: Negation is over for this
    attack: close the window, then Wind (and stun)."""

    who: str
    kept: int


COMBAT_NEGATION_CLOSED = EventType("combat.negation_closed", CombatNegationClosed)


class CombatWind(Payload):
    """The data of ``combat.wind``, emitted by ``take_wind``: Roll the attack's Wind, mark the
    wound fresh and the stun check due."""

    who: str
    dice: list[Any]
    amount: int
    wind: int
    stun_tn: int | None


COMBAT_WIND_EVENT = EventType("combat.wind", CombatWind)
