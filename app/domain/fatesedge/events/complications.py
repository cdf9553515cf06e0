"""The event types ``fatesedge/complications.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class ComplicationInvoked(Payload):
    """The data of ``fe.complication.invoked``, emitted by ``invoke``: The GM spends 1 CP to invoke
    a Cursed Token's curse (once per session)."""

    complication: str
    note: str
    player: str
    cp: int | None = None


COMPLICATION_INVOKED = EventType("fe.complication.invoked", ComplicationInvoked)


class ComplicationResolved(Payload):
    """The data of ``fe.complication.resolved``, emitted by ``resolve``: The GM marks a starting
    complication resolved in the fiction."""

    player: str
    complication: int


COMPLICATION_RESOLVED = EventType("fe.complication.resolved", ComplicationResolved)
