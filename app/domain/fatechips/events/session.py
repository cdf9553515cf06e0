"""The event types ``fatechips/session.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class BountyCashed(Payload):
    """The data of ``bounty.cashed``, emitted by ``cash_in``: ``chips.cash``: between sessions,
    turn recorded chips into Bounty Points for good."""

    player: str
    chips: JsonDict
    points: int


BOUNTY_CASHED = EventType("bounty.cashed", BountyCashed)


CHIPS_GM_RETURNED = EventType("chips.gm_returned", NoData)


class ChipsRecorded(Payload):
    """The data of ``chips.recorded``, emitted by ``end``: Every hand is written on its sheet and
    goes back into the pot."""

    player: str
    chips: JsonDict


CHIPS_RECORDED = EventType("chips.recorded", ChipsRecorded)


class ChipsRecovered(Payload):
    """The data of ``chips.recovered``, emitted by ``_pull_recorded``."""

    player: str
    chips: list[str]
    missing: list[str]


CHIPS_RECOVERED = EventType("chips.recovered", ChipsRecovered)


class ChipsReturned(Payload):
    """The data of ``chips.returned``, emitted by ``remove_seat``: A seat leaves: its chips go back
    to the pot and its open business is cleared."""

    player: str


CHIPS_RETURNED = EventType("chips.returned", ChipsReturned)


class PotFilled(Payload):
    """The data of ``pot.filled``, emitted by ``fill_pot``: Table created: the pot's starting chips
    come in from outside the game."""

    chips: JsonDict


POT_FILLED = EventType("pot.filled", PotFilled)


class SheetCreated(Payload):
    """The data of ``sheet.created``, emitted by ``add_seat``: A new seat gets a blank sheet (and
    its session draw if play is under way)."""

    player: str


SHEET_CREATED = EventType("sheet.created", SheetCreated)
