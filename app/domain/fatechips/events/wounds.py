"""The event types ``fatechips/wounds.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class ChipsNegated(Payload):
    """The data of ``chips.negated``, emitted by ``negate``: ``chips.negate``: a chip cancels fresh
    wounds (split over locations) or regains Wind."""

    spender: str
    player: str
    colour: str
    wounds: JsonDict | None = None
    wind: int | None = None


CHIPS_NEGATED = EventType("chips.negated", ChipsNegated)


class WindLost(Payload):
    """The data of ``wind.lost``, emitted by ``lose_wind``: ``wind.lose`` (GM): a character loses
    Wind (it may go below zero)."""

    player: str
    amount: int
    wind: int


WIND_LOST = EventType("wind.lost", WindLost)


class WoundsAccepted(Payload):
    """The data of ``wounds.accepted``, emitted by ``accept``: ``wounds.accept``: the player lets
    the wounds stand; the window closes."""

    player: str


WOUNDS_ACCEPTED = EventType("wounds.accepted", WoundsAccepted)


class WoundsAssigned(Payload):
    """The data of ``wounds.assigned``, emitted by ``assign``: ``wounds.assign`` (GM): one attack's
    wounds land; the negation window opens."""

    player: str
    wounds: JsonDict
    negatable: JsonDict


WOUNDS_ASSIGNED = EventType("wounds.assigned", WoundsAssigned)
