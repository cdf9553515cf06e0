"""The event types ``fatesedge/adventure.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class AdventureGenerated(Payload):
    """The data of ``fe.adventure.generated``, emitted by ``generate``: Draw an adventure seed;
    optionally start its clocks and apply its links."""

    procedure: str
    cards: list[str]
    main: str
    clock: int
    combos: list[str]


ADVENTURE_GENERATED = EventType("fe.adventure.generated", AdventureGenerated)


class AdventureSupply(Payload):
    """The data of ``fe.adventure.supply``, emitted by ``generate``: Draw an adventure seed;
    optionally start its clocks and apply its links."""

    link: str


ADVENTURE_SUPPLY = EventType("fe.adventure.supply", AdventureSupply)
