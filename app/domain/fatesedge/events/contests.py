"""The event types ``fatesedge/contests.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict

CONTEST_CANCELLED = EventType("fe.contest.cancelled", NoData)


class ContestOpened(Payload):
    """The data of ``fe.contest.opened``, emitted by ``start``: Open a contest: side ``a`` is a
    player; side ``b`` another player or an opposition pool of ``npc_pool`` dice; ``holds``
    names the side that keeps the status quo on a tie."""

    holds: str
    id: str
    label: str
    sides: JsonDict


CONTEST_OPENED = EventType("fe.contest.opened", ContestOpened)


class RollGroup(Payload):
    """The data of ``fe.roll.group``, emitted by ``group``: Roll a group: each character's
    Attribute + Skill on the host, pooled."""

    cp: int
    difficulty: str | None = None
    dv: int
    label: str
    outcome: str | None = None
    outcome_name: str | None = None
    rows: list[JsonDict]
    successes: int
    guidance: str | None = None
    added: int | None = None


ROLL_GROUP_EVENT = EventType("fe.roll.group", RollGroup)
