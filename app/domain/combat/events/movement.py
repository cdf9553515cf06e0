"""The event types ``combat/movement.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatMoved(Payload):
    """The data of ``combat.moved``, emitted by ``move``: ``combat.move``: one move action (a
    simple action: no card)."""

    who: str
    mode: str
    meters: int
    pace: int
    load: str
    running: bool
    pickup: list[int]
    wind: int
    riding: int | None


COMBAT_MOVED = EventType("combat.moved", CombatMoved)
