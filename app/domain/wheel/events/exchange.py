"""The event types ``wheel/exchange.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class ContestAttack(Payload):
    """The data of ``contest.attack``, emitted by ``attack``: Act against one other participant:
    roll now, then they defend."""

    attribute: str
    auto_fail: bool
    bonus: int
    character: str
    counted: int
    entered: bool
    faces: list[int]
    keep: str
    kept: list[int]
    notation: str
    penalty: int
    sources: JsonDict
    target: str
    total: int


CONTEST_ATTACK_EVENT = EventType("contest.attack", ContestAttack)


class ContestDefend(Payload):
    """The data of ``contest.defend``, emitted by ``defend``: Roll against the attack
    aimed at you."""

    attribute: str
    auto_fail: bool
    bonus: int
    character: str
    counted: int
    entered: bool
    faces: list[int]
    keep: str
    kept: list[int]
    notation: str
    penalty: int
    sources: JsonDict
    total: int


CONTEST_DEFEND_EVENT = EventType("contest.defend", ContestDefend)


class ContestResolved(Payload):
    """The data of ``contest.resolved``, emitted by ``_resolve``."""

    attacker: str
    stress: int | None = None
    target: str
    whammies: int
    winner: str | None


CONTEST_RESOLVED = EventType("contest.resolved", ContestResolved)
