"""The event types ``combat/hazards.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload


class CombatHazard(Payload):
    """The data of ``combat.hazard``, emitted by ``_check``."""

    bust: bool
    check: str
    dice: list[Any]
    kind: str
    mode: str
    modifier: int
    raises: int
    success: bool
    tn: int
    total: int
    who: str
    wind_lost: int


COMBAT_HAZARD_EVENT = EventType("combat.hazard", CombatHazard)


class CombatWindLost(Payload):
    """The data of ``combat.wind_lost``, emitted by ``_lose``."""

    amount: int
    kind: str | None = None
    who: str
    wind: int


COMBAT_WIND_LOST = EventType("combat.wind_lost", CombatWindLost)
