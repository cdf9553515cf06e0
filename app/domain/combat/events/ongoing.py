"""The event types ``combat/ongoing.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatHazardOn(Payload):
    """The data of ``combat.hazard_on``, emitted by ``hazard_on``: ``combat.hazard_on`` (GM):
    someone is in smoke, rough water or on fire, until ``off``."""

    who: str
    kind: str
    on: bool


COMBAT_HAZARD_ON_EVENT = EventType("combat.hazard_on", CombatHazardOn)
