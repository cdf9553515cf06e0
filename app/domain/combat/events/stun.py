"""The event types ``combat/stun.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload


class CombatRecovered(Payload):
    """The data of ``combat.recovered``: a stunned fighter's Vigor recovery check
    (``combat.recover``); ``combat.recovery_failed`` carries the same data when it
    fails."""

    bust: bool
    card: str | None  # None: outside a fight (no card to spend)
    check: str
    dice: list[Any]
    hours: int
    mode: str
    modifier: int
    raises: int
    success: bool
    tn: int
    total: int
    who: str


COMBAT_RECOVERED = EventType("combat.recovered", CombatRecovered)


class CombatStun(Payload):
    """The data of ``combat.stun``, emitted by ``stun_check``: ``combat.stun``: the stun check a
    wound called for."""

    bust: bool
    check: str
    dice: list[Any]
    hours: int
    mode: str
    modifier: int
    raises: int
    stunned: bool
    success: bool
    tn: int
    total: int
    who: str


COMBAT_STUN_EVENT = EventType("combat.stun", CombatStun)


COMBAT_RECOVERY_FAILED = EventType("combat.recovery_failed", CombatRecovered)
