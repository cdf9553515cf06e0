"""The event types ``wheel/rolls.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class Roll(Payload):
    """The data of ``roll``, emitted by ``roll``: Roll dice, optionally against a difficulty;
    report success and whammies."""

    attribute: str | None
    auto_fail: bool
    bonus: int
    character: str | None
    counted: int
    difficulty: int | None
    entered: bool
    faces: list[int]
    keep: str
    kept: list[int]
    notation: str
    penalty: int
    sources: JsonDict
    success: bool | None = None
    total: int
    whammies: int | None = None


ROLL_EVENT = EventType("roll", Roll)
