"""The event types ``fatechips/rolls.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class RollFinished(Payload):
    """The data of ``roll.finished``, emitted by ``finish``: ``roll.finish``: the owner is done
    with the roll; no more chips on it."""

    owner: str
    roll_id: int
    outcome: JsonDict


ROLL_FINISHED = EventType("roll.finished", RollFinished)


class RollMade(Payload):
    """The data of ``roll.made``, emitted by ``make``: ``roll.trait``: a new roll for a seat (or
    the GM's 'marshal'), replacing the last."""

    owner: str
    roll: JsonDict
    outcome: JsonDict


ROLL_MADE = EventType("roll.made", RollMade)


class RollPower(Payload):
    """The data of ``roll.power``, emitted by ``allow_power``: ``roll.power`` (GM): a supernatural
    power lets chips go on a firearm damage roll."""

    owner: str
    roll_id: int
    power: str


ROLL_POWER_EVENT = EventType("roll.power", RollPower)
