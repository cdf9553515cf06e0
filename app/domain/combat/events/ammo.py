"""The event types ``combat/ammo.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatReloaded(Payload):
    """The data of ``combat.reloaded``, emitted by ``reload``: ``combat.reload``: one action.
    ``how: round`` puts a single round in; ``how: magazine`` takes one action to remove the
    old magazine and one to insert the new (two ``combat.reload`` in turn). In a fight it
    plays the card, like ``combat.act``."""

    capacity: int
    how: str
    loaded: int
    out: bool
    ready: int | None = None
    reload: int | None = None
    weapon: str
    who: str


COMBAT_RELOADED = EventType("combat.reloaded", CombatReloaded)


class CombatWeapon(Payload):
    """The data of ``combat.weapon``, emitted by ``declare``: ``combat.weapon``: a weapon and its
    rounds (``capacity``; ``loaded``, full by default): a player for their own hero, the GM
    for anyone."""

    capacity: int
    loaded: int
    out: bool
    ready: int | None = None
    reload: int | None = None
    weapon: str
    who: str


COMBAT_WEAPON_EVENT = EventType("combat.weapon", CombatWeapon)
