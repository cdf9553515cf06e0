"""The event types ``combat/entangle.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatBrokeFree(Payload):
    """The data of ``combat.broke_free``, emitted by its rule."""

    free: bool
    how: str
    who: str


COMBAT_BROKE_FREE = EventType("combat.broke_free", CombatBrokeFree)


class CombatEntangled(Payload):
    """The data of ``combat.entangled``, emitted by its rule."""

    break_tn: int
    by: str
    fragile: bool
    target: str
    tripped: bool
    who: str
    won: bool


COMBAT_ENTANGLED = EventType("combat.entangled", CombatEntangled)


class CombatEntangledRolls(Payload):
    """The data of ``combat.entangled_rolls``, emitted by its rule."""

    break_tn: int
    by: str
    fragile: bool
    target: str
    tripped: bool
    who: str
    won: bool


COMBAT_ENTANGLED_ROLLS = EventType("combat.entangled_rolls", CombatEntangledRolls)


class CombatStillEntangled(Payload):
    """The data of ``combat.still_entangled``, emitted by its rule."""

    free: bool
    how: str
    who: str


COMBAT_STILL_ENTANGLED = EventType("combat.still_entangled", CombatStillEntangled)


COMBAT_BROKE_FREE_ROLLS = EventType("combat.broke_free_rolls", CombatBrokeFree)


COMBAT_STILL_ENTANGLED_ROLLS = EventType("combat.still_entangled_rolls", CombatStillEntangled)
