"""The event types ``fatechips/chips.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class BountyConverted(Payload):
    """The data of ``bounty.converted``, emitted by ``convert``: Turn chips from a hand into Bounty
    Points (1/2/3/5 per colour)."""

    player: str
    chips: JsonDict
    points: int
    why: str


BOUNTY_CONVERTED = EventType("bounty.converted", BountyConverted)


class ChipsDrawn(Payload):
    """The data of ``chips.drawn``, emitted by ``draw_for_player``: A player draws ``n`` chips
    blind from the pot; chips lie face up in front of them."""

    player: str
    chips: list[str]
    wanted: int


CHIPS_DRAWN = EventType("chips.drawn", ChipsDrawn)


class ChipsGmDrew(Payload):
    """The data of ``chips.gm_drew``, emitted by ``draw_for_gm``: The GM draws blind: the table
    hears how many, only the GM sees which."""

    count: int


CHIPS_GM_DREW = EventType("chips.gm_drew", ChipsGmDrew)


class ChipsGmDrewSecret(Payload):
    """The data of ``chips.gm_drew_secret``, emitted by ``draw_for_gm``: The GM draws blind: the
    table hears how many, only the GM sees which."""

    chips: list[str]


CHIPS_GM_DREW_SECRET = EventType("chips.gm_drew_secret", ChipsGmDrewSecret)
