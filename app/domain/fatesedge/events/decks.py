"""The event types ``fatesedge/decks.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload


class DeckConsequence(Payload):
    """The data of ``fe.deck.consequence``, emitted by ``draw_consequence``: 'GM may draw a card
    for each Complication Point': suit frames the type, rank the severity. With ``cp`` 0
    it's a free low-key draw (an activation with no roll)."""

    cards: list[str]
    cp: int
    severity: list[str]
    dividend: list[int]


DECK_CONSEQUENCE = EventType("fe.deck.consequence", DeckConsequence)


class DeckDividend(Payload):
    """The data of ``fe.deck.dividend``, emitted by ``dividend``: Complication Dividend: a player
    accepts a high card as drawn, without mitigation: a face card pays +1 XP, an Ace +2 XP."""

    player: str
    card: str
    xp: int


DECK_DIVIDEND_EVENT = EventType("fe.deck.dividend", DeckDividend)


class DeckShuffled(Payload):
    """The data of ``fe.deck.shuffled``, emitted by ``shuffle``: Gather a deck's discards and
    shuffle it anew."""

    deck: str


DECK_SHUFFLED = EventType("fe.deck.shuffled", DeckShuffled)


DECKS_SHUFFLED = EventType("fe.decks.shuffled", NoData)
