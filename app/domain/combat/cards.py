"""Playing cards of the Action Deck: 52 cards and two Jokers, as short strings.

A card is ``"AS"`` (Ace of spades), ``"10H"``, ``"2C"``, or ``"RJ"`` / ``"BJ"`` for the
red and black Jokers. Higher cards act first; ties are broken by suit in inverse
alphabetical order (spades, hearts, diamonds, clubs).
"""

from __future__ import annotations

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")  # ranked high to low: spades, hearts, diamonds, clubs
RED_JOKER = "RJ"
BLACK_JOKER = "BJ"
JOKERS = (RED_JOKER, BLACK_JOKER)
FULL_DECK = tuple(r + s for r in RANKS for s in SUITS) + JOKERS
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> str:
    """'A', 'K'... '2' (Jokers have no rank)."""
    return card[:-1] if not is_joker(card) else ""


def suit(card: str) -> str:
    return card[-1] if not is_joker(card) else ""


def step_value(step: str) -> int:
    """An Ace is 14, a King 13 ... a 2 is 2: the countdown runs from 14 down."""
    return 14 - RANKS.index(step)


def value(card: str) -> int:
    """A sortable strength: rank first, then suit; the Red Joker beats everything."""
    if card == RED_JOKER:
        return 1000
    if card == BLACK_JOKER:
        return -1
    return step_value(rank(card)) * 10 + (4 - SUITS.index(suit(card)))


def highest(cards: list[str]) -> str | None:
    """The best card of a hand, or None for an empty hand."""
    return max(cards, key=value) if cards else None


def name(card: str) -> str:
    """'Q♠', '10♥', 'Red Joker' for log lines."""
    if card == RED_JOKER:
        return "Red Joker"
    if card == BLACK_JOKER:
        return "Black Joker"
    return rank(card) + _SYMBOLS[suit(card)]


def long_name(card: str) -> str:
    """'Queen of spades'."""
    if is_joker(card):
        return name(card)
    return f"{_RANK_NAMES.get(rank(card), rank(card))} of {_SUIT_NAMES[suit(card)]}"


def check(value_: object) -> str:
    """A card named in a command, normalised ('10h' → '10H'); ValueError if unknown."""
    if not isinstance(value_, str):
        raise ValueError("not a card")
    card = value_.strip().upper()
    if card not in FULL_DECK:
        raise ValueError(card)
    return card


RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
