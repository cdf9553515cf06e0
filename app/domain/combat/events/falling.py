"""The event types ``combat/falling.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatFell(Payload):
    """The data of ``combat.fell``, emitted by ``fall``: ``combat.fall`` (GM): the damage of a fall
    of ``meters`` onto ``landing``, the landing's roll made here, the wounds spread over
    separate areas."""

    dice: int
    landing: str
    meters: int
    roll: JsonDict | None = None
    who: str


COMBAT_FELL = EventType("combat.fell", CombatFell)
