"""The event types ``fatesedge/resources.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class ResourceDegraded(Payload):
    """The data of ``fe.resource.degraded``, emitted by ``degrade``: The GM degrades a resource one
    step now (Burn, Seize, a CP spend, fallout)."""

    condition: str
    id: str
    player: str
    cp: int | None = None


RESOURCE_DEGRADED = EventType("fe.resource.degraded", ResourceDegraded)


class ResourceFlagged(Payload):
    """The data of ``fe.resource.flagged``, emitted by ``flag``: The GM flags a resource that was
    heavily used, put at risk, or under strain."""

    player: str
    id: str
    reason: str


RESOURCE_FLAGGED = EventType("fe.resource.flagged", ResourceFlagged)


class ResourceMaintained(Payload):
    """The data of ``fe.resource.maintained``, emitted by ``maintain``: Keep a flagged resource
    Maintained: a week of Downtime, or XP equal to Tier/Cap."""

    player: str
    id: str
    mode: str


RESOURCE_MAINTAINED = EventType("fe.resource.maintained", ResourceMaintained)


class ResourceRecovered(Payload):
    """The data of ``fe.resource.recovered``, emitted by ``recover``: A Quest/Operation recovered a
    Compromised resource; it can now be restored."""

    player: str
    id: str


RESOURCE_RECOVERED = EventType("fe.resource.recovered", ResourceRecovered)


class ResourceRepairStarted(Payload):
    """The data of ``fe.resource.repair_started``, emitted by ``repair``: Neglected → Maintained
    (Downtime or ⌈Tier/2⌉ XP); Compromised → Maintained after recovery (Downtime or full
    Tier/Cap XP). Gear: proper repair needs downtime."""

    player: str
    id: str
    mode: str
    days: int


RESOURCE_REPAIR_STARTED = EventType("fe.resource.repair_started", ResourceRepairStarted)


class ResourceRepaired(Payload):
    """The data of ``fe.resource.repaired``, emitted by ``repair``: Neglected → Maintained
    (Downtime or ⌈Tier/2⌉ XP); Compromised → Maintained after recovery (Downtime or full
    Tier/Cap XP). Gear: proper repair needs downtime."""

    player: str
    id: str
    mode: str


RESOURCE_REPAIRED = EventType("fe.resource.repaired", ResourceRepaired)
