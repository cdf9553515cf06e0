"""The event types ``bottlecaps/economy.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class CapsDrawn(Payload):
    """The data of ``caps.drawn``, emitted by ``draw_for_player``: Draw ``n`` caps blind from the
    pot into a player's hand (a public event)."""

    player_id: str
    caps: list[str]
    wanted: int


CAPS_DRAWN = EventType("caps.drawn", CapsDrawn)


class CapsGmDrew(Payload):
    """The data of ``caps.gm_drew``, emitted by ``draw_for_gm``: Draw into the GM's pools: colours
    told to the GM only, the count to everyone ("The GM draws 5 caps{why}.")."""

    pools: JsonDict


CAPS_GM_DREW = EventType("caps.gm_drew", CapsGmDrew)


CAPS_GM_DREW_COUNT = EventType("caps.gm_drew_count", NoData)


CAPS_PLAY_CLEARED = EventType("caps.play_cleared", NoData)


CAPS_POT_FILLED = EventType("caps.pot_filled", NoData)


class CapsReturned(Payload):
    """The data of ``caps.returned``, emitted by ``return_all``: Every cap held by anyone goes back
    to the pot ("you can't save them up")."""

    players: JsonDict


CAPS_RETURNED = EventType("caps.returned", CapsReturned)
