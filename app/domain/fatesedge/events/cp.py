"""The event types ``fatesedge/cp.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class ArcEnded(Payload):
    """The data of ``fe.arc.ended``, emitted by ``end_arc``: Close an arc: banked CP become a
    front-loaded complication; flagged resources that weren't maintained degrade one step;
    once-per-arc uses come back."""

    arc: int
    degraded: list[str]


ARC_ENDED = EventType("fe.arc.ended", ArcEnded)


class ArcEndedHidden(Payload):
    """The data of ``fe.arc.ended.hidden``, emitted by ``end_arc``: Close an arc: banked CP become
    a front-loaded complication; flagged resources that weren't maintained degrade one step;
    once-per-arc uses come back."""

    arc: int
    cp: int
    complication: str


ARC_ENDED_HIDDEN = EventType("fe.arc.ended.hidden", ArcEndedHidden)


class CpEffect(Payload):
    """The data of ``fe.cp.effect``, emitted by ``spend``: Spend banked CP on a menu option (or a
    free-form complication)."""

    option: str


CP_EFFECT = EventType("fe.cp.effect", CpEffect)


class CpGranted(Payload):
    """The data of ``fe.cp.granted``, emitted by ``grant``: The GM banks free CP (e.g. the
    adventure deck's all-one-colour draw)."""

    cp: int
    reason: str


CP_GRANTED = EventType("fe.cp.granted", CpGranted)


class CpRevealed(Payload):
    """The data of ``fe.cp.revealed``, emitted by ``reveal``: Tell the table how many CP are banked
    right now."""

    bank: int


CP_REVEALED = EventType("fe.cp.revealed", CpRevealed)


class CpSpent(Payload):
    """The data of ``fe.cp.spent``, emitted by ``spend``: Spend banked CP on a menu option (or a
    free-form complication)."""

    cp: int
    option: str
    note: str


CP_SPENT = EventType("fe.cp.spent", CpSpent)
