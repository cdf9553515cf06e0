"""Adventure generation with a standard deck (D.12): Quick Hook, Full Seed, Act Builder,
combos and their mechanical links."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Literal, get_args

from ..arguments import Args, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import GM_ONLY
from ..tokens import GM_HAND
from . import cards
from .clocks import fatigue_all, make_clock, supply_changes
from .decks import Pile
from .events.adventure import ADVENTURE_GENERATED, ADVENTURE_SUPPLY
from .state import CP, emit, fe_rules

# Which suits each procedure needs, in order of their roles.
PROCEDURES = {
    "quick": ("S", "H"),  # Quick Hook: a place and a faction
    "seed": ("S", "H", "C", "D"),  # Full Seed: one of each suit
    "act": (),  # Act Builder: three cards, whatever their suits
}
Procedure = Literal["quick", "seed", "act"]
assert set(get_args(Procedure)) == set(PROCEDURES)
ACT_ROLES = ("Setting", "Actor", "Complication")
LOW_SUPPLY = 2


def combos(hand: list[str]) -> list[str]:
    """D.12.4 combos among the kept cards."""
    found = []
    ranks = Counter(cards.rank_of(c) for c in hand)
    if any(n >= 2 for n in ranks.values()):
        found.append("pair")
    values = sorted({cards.value(c) for c in hand} | ({1} if "A" in ranks else set()))
    longest = run = 1
    for prev, cur in itertools.pairwise(values):
        run = run + 1 if cur == prev + 1 else 1
        longest = max(longest, run)
    if longest >= 3:
        found.append("run")
    if any(n >= 3 for n in Counter(cards.suit_of(c) for c in hand).values()):
        found.append("flush")
    if "A" in ranks and any(r in ranks for r in cards.FACES):
        found.append("face+ace")
    if len({cards.suit_of(c) in cards.BLACK for c in hand}) == 1:
        found.append("one-color")
    return found


COMBO_TEXT = {
    "pair": "Pair: a recurring motif with a twist.",
    "run": "Run: momentum — the main clock is 1 segment shorter.",
    "flush": "Flush: strongly theme the act toward that axis.",
    "face+ace": "Face + Ace: reveal a hidden patron or power behind the drawn element.",
    "one-color": "All one color: the GM banks 1 free Complication Point.",
}


class DrawArgs(Args):
    """``adventure.draw``."""

    procedure: Procedure = described(
        "quick (Quick Hook: place and faction), seed (Full Seed: one card of each suit) "
        "or act (Act Builder: setting, actor, complication)"
    )
    apply: bool = optional("start its clocks and apply its mechanical links", default=True)
    black_link: Literal["supply", "fatigue"] = optional(
        "what a black high card costs: Low Supply, or a Fatigue tick each", default="supply"
    )


ADVENTURE_DRAW = CommandType("adventure.draw", DrawArgs)


def generate(ctx: Context, args: DrawArgs) -> None:
    """Draw an adventure seed; optionally start its clocks and apply its links."""
    ctx.require_gm("generate an adventure")
    mode, apply, black_link = args.procedure, args.apply, args.black_link
    pile = Pile(ctx, "adventure")
    if mode == "act":
        # Three cards, by position: setting, actor, complication. A Diamond among them
        # is "saved to foreshadow leverage or as an act payoff".
        hand = [pile.draw() for _ in range(3)]
        lines = [
            f"{role}: {cards.describe_adventure(card)}"
            + (" (save as leverage/payoff)" if cards.suit_of(card) == "D" else "")
            for role, card in zip(ACT_ROLES, hand, strict=True)
        ]
    else:
        wanted = PROCEDURES[mode]
        kept: dict[str, str] = {}
        while len(kept) < len(wanted):
            if pile.drawn >= 52:
                raise RuleViolation("The adventure deck ran out; shuffle it and draw again.")
            card = pile.draw()
            if cards.suit_of(card) in wanted:
                kept.setdefault(cards.suit_of(card), card)
        hand = [kept[s] for s in wanted]
        lines = [cards.describe_adventure(c) for c in hand]
    changes: list[Change] = pile.changes()
    link: tuple[list[Change], str] = ([], "")
    main = max(hand, key=cards.value)
    size = cards.clock_size(main)
    found = combos(hand)
    if "run" in found:
        size -= 1
    notes = [COMBO_TEXT[c] for c in found]
    parallel = [c for c in hand if cards.rank_of(c) in (*cards.FACES, "A")]
    if apply:
        offset = 0
        _cid, clock = make_clock(ctx, f"Main: {cards.describe_adventure(main)}", size, False)
        changes += clock
        offset += 1
        if len(parallel) > 1:  # "If multiple face cards or Aces appear, begin parallel clocks."
            for card in parallel:
                if card == main:
                    continue
                _, extra = make_clock(
                    ctx, f"Parallel: {cards.describe_adventure(card)}",
                    cards.clock_size(card), False, offset,
                )  # fmt: skip
                changes += extra
                offset += 1
        if "one-color" in found:
            changes.append(Move(CP, SUPPLY, GM_HAND, 1))
        if cards.suit_of(main) in cards.BLACK:
            supply = int(fe_rules(ctx).get("supply", 0))
            if black_link == "supply" and supply < LOW_SUPPLY:
                # Applied as any Supply change is, Fatigue included, where all see it.
                tick, text = supply_changes(ctx, LOW_SUPPLY)
                link = (tick, f"The party begins the adventure at Low Supply. {text}.")
                notes.append("Highest card is black: the party begins at Low Supply.")
            elif black_link == "fatigue":
                tick, note = fatigue_all(ctx, 1)
                link = (tick, f"The adventure begins: everyone gains a Fatigue tick.{note}")
                notes.append("Highest card is black: everyone gains a Fatigue tick.")
    if link[0] or link[1]:  # what the black card costs the party, which they feel
        emit(ctx, ADVENTURE_SUPPLY, link[1], link[0], data={"link": black_link})
    emit(
        ctx,
        ADVENTURE_GENERATED,
        f"Adventure ({mode}): "
        + "; ".join(lines)
        + f". Main clock {size} segments."
        + ("" if not notes else " " + " ".join(notes)),
        changes,
        data={"procedure": mode, "cards": hand, "main": main, "clock": size, "combos": found},
        visible_to=GM_ONLY,
    )
