"""The event types ``bottlecaps/health.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class DamageTaken(Payload):
    """The data of ``damage.taken``, emitted by ``take_damage``: A hit lands: Shaken, plus
    ``wounds`` Wounds (0 = Shaken only)."""

    character: str
    wounds: int
    health: JsonDict


DAMAGE_TAKEN = EventType("damage.taken", DamageTaken)
