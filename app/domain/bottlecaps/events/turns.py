"""The event types ``bottlecaps/turns.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload


class CombatEnded(Payload):
    """The data of ``combat.ended``, emitted by ``end_combat``: The fight is over: nobody's turn,
    and every Moment of Greatness ends."""

    ended: list[str]


COMBAT_ENDED = EventType("combat.ended", CombatEnded)


class TurnStarted(Payload):
    """The data of ``turn.started``, emitted by ``start_turn``: Mark the start of a character's
    turn (ends their Moment of Greatness)."""

    character: str


TURN_STARTED = EventType("turn.started", TurnStarted)


TURN_STARTED_PUBLIC = EventType("turn.started.public", NoData)
