"""Each side's Action Deck: a hidden draw pile and a face-up discard pile.

Every card is always in exactly one place: a side's draw pile or discard pile, a
combatant's hand, the cards it drew and hasn't chosen from yet, its sleeve, or the cards
it laid aside preparing a slow action. The draw pile's order is never shown to anyone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..changes import Put
from ..fatechips.state import ChipsTable, rules_of
from ..rng import Rng
from .cards import FULL_DECK
from .state import COMBAT, Deck, Fighter, side_of


def deck_path(side: str, pile: str) -> tuple[str, ...]:
    return (*COMBAT, "decks", side, pile)


def new_deck(rng: Rng) -> Deck:
    """A freshly shuffled 54-card deck."""
    return {"draw": rng.shuffled(FULL_DECK), "discard": [], "reshuffle": False}


def deck_of(state: ChipsTable, side: str) -> Deck | None:
    """One side's Action Deck while there is a fight."""
    fight = rules_of(state).get("combat")
    return None if fight is None else fight["decks"].get(side)


@dataclass
class Piles:
    """One side's piles while a command works on them; ``changes`` writes them back."""

    side: str
    draw: list[str]
    discard: list[str]
    reshuffled: int = 0
    _old: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def load(cls, state: ChipsTable, side: str) -> Piles:
        deck = deck_of(state, side)
        draw = list(deck["draw"]) if deck else []
        discard = list(deck["discard"]) if deck else []
        return cls(side, draw, discard, 0, {"draw": list(draw), "discard": list(discard)})

    def take(self, rng: Rng, n: int) -> list[str]:
        """Draw ``n`` cards; an empty draw pile reshuffles the discards first (cards in
        hands, sleeves and preparation stay where they are)."""
        out: list[str] = []
        for _ in range(n):
            if not self.draw:
                if not self.discard:
                    break
                self.draw = rng.shuffled(self.discard)
                self.discard = []
                self.reshuffled += 1
            out.append(self.draw.pop())
        return out

    def changes(self) -> list[Put]:
        out = []
        for pile in ("draw", "discard"):
            new = getattr(self, pile)
            if new != self._old[pile]:
                out.append(Put(deck_path(self.side, pile), self._old[pile], new))
        return out


def all_cards(state: ChipsTable, side: str) -> list[str]:
    """Every card of a side's deck wherever it is (the invariant: all 54, once each)."""
    deck = deck_of(state, side)
    out = [*deck["draw"], *deck["discard"]] if deck else []
    fight = rules_of(state).get("combat")
    fighters: dict[str, Fighter] = fight["fighters"] if fight else {}
    for cid, f in fighters.items():
        if f.get("side", side_of(state, cid)) != side:
            continue
        out += f.get("hand", []) + f.get("drawn", [])
        prep = f.get("prepare")
        out += prep.get("cards", []) if prep else []
        if f.get("sleeve"):
            out.append(f["sleeve"])
    return out
