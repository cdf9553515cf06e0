"""The event types ``fatesedge/grants.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class AbilityUsed(Payload):
    """The data of ``fe.ability.used``, emitted by ``shield``: The bearer forgoes their attack: the
    ally's next defense (``ally``, a seat id; '' if none was named) gets the shield's dice."""

    player: str
    ability: str
    target: str | None = None
    dice: int | list[JsonDict] | None = None
    added: int | None = None
    allies: list[str] | None = None
    cancelled: int | None = None
    cp: int | None = None
    cp_pool: str | None = None
    difficulty: str | None = None
    dv: int | None = None
    erased: int | None = None
    faces: list[int] | None = None
    fatigue_rerolls: int | None = None
    flourish: bool | None = None
    guidance: str | None = None
    id: str | None = None
    label: str | None = None
    ladder: str | None = None
    outcome: str | None = None
    outcome_name: str | None = None
    parts: list[JsonDict] | None = None
    physical: bool | None = None
    pool: int | None = None
    successes: int | None = None
    supply: int | None = None
    used: JsonDict | None = None


ABILITY_USED = EventType("fe.ability.used", AbilityUsed)
