"""The event types ``combat/entangle.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatBrokeFree(Payload):
    """The data of ``combat.broke_free``: an entangled fighter's Deftness against the holder's
    Fighting, won: free (``combat.break_free``). With an NPC on either side the table
    gets the outcome, the dice in ``combat.broke_free_rolls`` to the GM."""

    free: bool
    how: str
    who: str


COMBAT_BROKE_FREE = EventType("combat.broke_free", CombatBrokeFree)


class CombatEntangled(Payload):
    """The data of ``combat.entangled``: an entangling attack's Fighting against the target's
    Deftness (``combat.entangle``); with an NPC on either side the rolls are null here
    and in ``combat.entangled_rolls`` for the GM."""

    break_tn: int
    by: str
    fragile: bool
    target: str
    tripped: bool
    who: str
    won: bool


COMBAT_ENTANGLED = EventType("combat.entangled", CombatEntangled)


class CombatEntangledRolls(Payload):
    """The data of ``combat.entangled_rolls``: the GM's full record of ``combat.entangled``
    when an NPC is involved."""

    break_tn: int
    by: str
    fragile: bool
    target: str
    tripped: bool
    who: str
    won: bool


COMBAT_ENTANGLED_ROLLS = EventType("combat.entangled_rolls", CombatEntangledRolls)


class CombatStillEntangled(Payload):
    """The data of ``combat.still_entangled``: a try to break free that failed
    (``combat.break_free``); rolls hidden as for ``combat.broke_free``."""

    free: bool
    how: str
    who: str


COMBAT_STILL_ENTANGLED = EventType("combat.still_entangled", CombatStillEntangled)


COMBAT_BROKE_FREE_ROLLS = EventType("combat.broke_free_rolls", CombatBrokeFree)


COMBAT_STILL_ENTANGLED_ROLLS = EventType("combat.still_entangled_rolls", CombatStillEntangled)
