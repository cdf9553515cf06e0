"""The event types ``fatesedge/rolls.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class Roll(Payload):
    """The data of ``fe.roll``, emitted by ``_roll``."""

    cancelled: int
    cp: int
    cp_pool: str
    dice: list[JsonDict]
    difficulty: str | None = None
    dv: int
    fatigue_rerolls: int
    flourish: bool
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
    successes: int
    used: JsonDict
    added: int | None = None


ROLL_EVENT = EventType("fe.roll", Roll)


class BoonReroll(Roll):
    """The data of ``fe.boon.reroll``, emitted by ``boon_reroll``: 'Spend 1 Boon to re-roll a
    single die (success or failure) after rolling.'."""

    backlash: str | None = None
    backlash_tier: int | None = None
    casting_cp: int | None = None
    contest: str | None = None
    die: int
    new: int
    old: int
    potential: int | None = None
    roll: str
    weave: int | None = None


BOON_REROLL_EVENT = EventType("fe.boon.reroll", BoonReroll)


class RollBargain(Payload):
    """The data of ``fe.roll.bargain``, emitted by ``bargain``: A Devil's Bargain on a Miss:
    succeed at DV−1 with a named complication accepted."""

    roll: str
    complication: str


ROLL_BARGAIN_EVENT = EventType("fe.roll.bargain", RollBargain)


class RollNpc(Payload):
    """The data of ``fe.roll.npc``, emitted by ``npc_roll``: The GM rolls an opposition pool
    (contests: higher successes win, ties to status quo)."""

    label: str
    faces: list[int]
    successes: int


ROLL_NPC_EVENT = EventType("fe.roll.npc", RollNpc)
