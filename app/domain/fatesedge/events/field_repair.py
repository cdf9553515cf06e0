"""The event types ``fatesedge/field_repair.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class GearFieldRepaired(Payload):
    """The data of ``fe.gear.field_repaired``: a field repair's check and whether it made the
    gear usable for the scene (``fe.gear.field_repair_failed`` when not: the same data)."""

    cancelled: int
    cp: int
    cp_pool: str
    dice: list[JsonDict]
    difficulty: str | None = None
    dv: int
    fatigue_rerolls: int
    flourish: bool
    gear: str
    guidance: str | None = None
    id: str
    label: str
    ladder: str
    outcome: str | None = None
    outcome_name: str | None = None
    parts: list[JsonDict]
    physical: bool
    player: str
    pool: int
    repaired: bool
    successes: int
    used: JsonDict
    added: int | None = None


GEAR_FIELD_REPAIRED = EventType("fe.gear.field_repaired", GearFieldRepaired)


GEAR_FIELD_REPAIR_FAILED = EventType("fe.gear.field_repair_failed", GearFieldRepaired)
