"""The event types ``wheel/contest.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict

CONTEST_ENDED = EventType("contest.ended", NoData)


class ContestHaste(Payload):
    """The data of ``contest.haste``, emitted by ``haste``: Take penalty dice on this round's
    action to count them for going first."""

    character: str
    dice: int


CONTEST_HASTE_EVENT = EventType("contest.haste", ContestHaste)


class ContestRound(Payload):
    """The data of ``contest.round``, emitted by ``new_round``: Everyone may act again; haste taken
    last round is spent."""

    round: int


CONTEST_ROUND_EVENT = EventType("contest.round", ContestRound)


class ContestStarted(Payload):
    """The data of ``contest.started``, emitted by ``start``: GM: begin a contest (a fight or
    argument if ``harmful``) between characters."""

    kind: str
    harmful: bool
    participants: list[str]


CONTEST_STARTED = EventType("contest.started", ContestStarted)


class ContestStress(Payload):
    """The data of ``contest.stress``, emitted by ``release``: Apply held stress whose tied group
    has now all acted (or all of it)."""

    applied: list[JsonDict]


CONTEST_STRESS = EventType("contest.stress", ContestStress)
