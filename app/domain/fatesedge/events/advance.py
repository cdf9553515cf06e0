"""The event types ``fatesedge/advance.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class DowntimePassed(Payload):
    """The data of ``fe.downtime.passed``, emitted by ``downtime``: Days of downtime pass: training
    progresses and finishes; in safety, the Supply clock loses a segment."""

    days: int
    done: list[str]


DOWNTIME_PASSED = EventType("fe.downtime.passed", DowntimePassed)


class TrainingMontage(Payload):
    """The data of ``fe.training.montage``, emitted by ``montage``: 'A vivid training montage may
    convert 1 day of downtime into on-screen play (twice per arc).'."""

    player: str
    training: str


TRAINING_MONTAGE_EVENT = EventType("fe.training.montage", TrainingMontage)


class XpPivot(Payload):
    """The data of ``fe.xp.pivot``, emitted by ``pivot``: Major pivot: 'reclaim one Talent or
    Prestige at 50% refund' (GM approves)."""

    player: str
    talent: str
    refund: int


XP_PIVOT_EVENT = EventType("fe.xp.pivot", XpPivot)


class XpRespec(Payload):
    """The data of ``fe.xp.respec``, emitted by ``respec``: Light respec: 'Once per arc,
    redistribute up to 6 XP worth of Skills.' The freed XP can only be spent on Skills."""

    player: str
    skill: str
    refund: int


XP_RESPEC_EVENT = EventType("fe.xp.respec", XpRespec)


class XpSpent(Payload):
    """The data of ``fe.xp.spent``, emitted by ``buy``: Spend XP. At creation it takes effect at
    once; later it takes downtime, halved with a mentor, or is rushed at once with a four-
    segment Haste clock."""

    player: str
    cost: int
    grant: JsonDict
    days: int


XP_SPENT = EventType("fe.xp.spent", XpSpent)
