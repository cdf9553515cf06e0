"""The event types ``fatesedge/clocks.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class ClockCreated(Payload):
    """The data of ``fe.clock.created``, emitted by ``create``: Start a clock: name the danger,
    pick its size, show it or keep it hidden."""

    clock: str
    name: str
    size: int
    full: str


CLOCK_CREATED = EventType("fe.clock.created", ClockCreated)


class ClockRemoved(Payload):
    """The data of ``fe.clock.removed``, emitted by ``remove``: Clear a clock that is resolved."""

    clock: str


CLOCK_REMOVED = EventType("fe.clock.removed", ClockRemoved)


class ClockShown(Payload):
    """The data of ``fe.clock.shown``: a clock shown to the table (``fe.clock.hidden``, the
    same data, when hidden again)."""

    clock: str
    name: str
    visible: bool


CLOCK_SHOWN = EventType("fe.clock.shown", ClockShown)


class ClockTicked(Payload):
    """The data of ``fe.clock.ticked``, emitted by ``tick``: Tick a clock by GM fiat or by spending
    CP (negative ticks roll it back)."""

    clock: str
    cp: int | None = None
    filled: int
    full: bool
    size: int


CLOCK_TICKED = EventType("fe.clock.ticked", ClockTicked)


class FatigueChanged(Payload):
    """The data of ``fe.fatigue.changed``, emitted by ``fatigue_add``: Apply Fatigue to one
    character or to all (exertion, deprivation, a CP spend)."""

    cp: int | None = None
    hauberk: JsonDict | None = None
    levels: int
    player: str


FATIGUE_CHANGED = EventType("fe.fatigue.changed", FatigueChanged)


FATIGUE_REST_EVENT = EventType("fe.fatigue.rest", NoData)


class SupplyChanged(Payload):
    """The data of ``fe.supply.changed``, emitted by ``supply_tick``: Fill or empty the party
    Supply clock. Reaching Dangerously Low (3) gives each character Fatigue; reaching
    civilization resets it to Full."""

    supply: int
    cp: int | None = None


SUPPLY_CHANGED = EventType("fe.supply.changed", SupplyChanged)


CLOCK_HIDDEN = EventType("fe.clock.hidden", ClockShown)
