"""The Deck of Consequences: shuffled with the table's RNG, drawn per CP by the GM.

Each deck's order lives in the state (``rules/decks/<name>``) and only the GM sees it.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, StringConstraints

from ..arguments import Args, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY
from ..rng import Rng
from . import cards
from .arg_kinds import REVEAL, NamedSeat
from .economy import award_xp, pay_cp
from .events.decks import DECK_CONSEQUENCE, DECK_DIVIDEND_EVENT, DECK_SHUFFLED, DECKS_SHUFFLED
from .rules_types import ConsequenceDraw
from .state import emit, fe_rules, name_of, put, rules_path

DECKS = ("consequence", "adventure")
Deck = Literal["consequence", "adventure"]
assert get_args(Deck) == DECKS


class DrawArgs(Args):
    """``deck.draw``."""

    cp: Annotated[int, Field(ge=0, le=10)] = optional(
        "CP spent, one card each (0: a free draw of 'count' cards)", default=1
    )
    count: Annotated[int, Field(ge=1, le=5)] = optional("cards for a free draw", default=1)
    reveal: bool | None = optional(REVEAL)


DECK_DRAW = CommandType("deck.draw", DrawArgs)


class DividendArgs(Args):
    """``deck.dividend``."""

    player: NamedSeat = described("seat id of the player who takes the card as drawn")
    card: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4)] = (
        described("a card just drawn, rank then suit (e.g. KH, AS, 10D)")
    )


DECK_DIVIDEND = CommandType("deck.dividend", DividendArgs)


class ShuffleArgs(Args):
    """``deck.shuffle``."""

    deck: Deck = described("which deck")


DECK_SHUFFLE = CommandType("deck.shuffle", ShuffleArgs)


def setup_decks(ctx: Context) -> None:
    """Both decks start shuffled."""
    # The table's Context is built before table.created sets the seed, so its RNG is
    # seeded 0 during setup (core issue, reported); use the table's real seed.
    seed = int(ctx.state["rng"]["seed"])
    if ctx.rng.seed != seed:
        ctx.rng = Rng(seed, ctx.rng.cursor)
    changes: list[Change] = []
    for name in DECKS:
        order = ctx.rng.shuffled(cards.full_deck())
        changes.append(put(ctx, rules_path("decks", name), {"order": order, "discard": []}))
    emit(ctx, DECKS_SHUFFLED, "The decks are shuffled.", changes, visible_to=GM_ONLY)


class Pile:
    """A deck being drawn from during one command (written back with ``changes``)."""

    def __init__(self, ctx: Context, name: str) -> None:
        self.ctx, self.name = ctx, name
        deck = fe_rules(ctx)["decks"][name]
        self.order: list[str] = list(deck["order"])
        self.discard: list[str] = list(deck["discard"])
        self.reshuffled = False
        self.drawn = 0

    def draw(self) -> str:
        """The top card (reshuffling the discards in when the deck runs out)."""
        if not self.order:
            if not self.discard:
                raise RuleViolation("Every card is out: there is nothing left to draw.")
            self.order = self.ctx.rng.shuffled(self.discard)
            self.discard = []
            self.reshuffled = True
        card = self.order.pop(0)
        self.discard.append(card)
        self.drawn += 1
        return card

    def changes(self) -> list[Change]:
        deck = {"order": self.order, "discard": self.discard}
        return [put(self.ctx, rules_path("decks", self.name), deck)]


def draw_cards(ctx: Context, name: str, n: int) -> tuple[list[str], list[Change], bool]:
    """Draw ``n`` cards; drawn cards go to the discard pile."""
    pile = Pile(ctx, name)
    drawn = [pile.draw() for _ in range(n)]
    return drawn, pile.changes(), pile.reshuffled


def draw_consequence(ctx: Context, args: DrawArgs) -> None:
    """'GM may draw a card for each Complication Point': suit frames the type, rank the
    severity. With ``cp`` 0 it's a free low-key draw (an activation with no roll)."""
    ctx.require_gm("draw from the Deck of Consequences")
    cp = args.cp
    count = cp or args.count
    reveal = (
        args.reveal
        if args.reveal is not None
        else bool(ctx.settings.get("reveal_cp_spends", False))
    )
    reading = str(ctx.settings.get("consequence_ranks", "chapter18"))
    changes = pay_cp(ctx, cp)
    drawn, deck_changes, reshuffled = draw_cards(ctx, "consequence", count)
    changes += deck_changes
    changes.append(put(ctx, rules_path("consequence_last"), {"cards": drawn, "paid": []}))
    lines = [cards.describe_consequence(c, reading) for c in drawn]
    paid = f"The GM spends {cp} CP and draws" if cp else "The GM draws"
    emit(
        ctx,
        DECK_CONSEQUENCE,
        f"{paid} {count} consequence card{'s' if count > 1 else ''}: "
        + "; ".join(lines)
        + (" (the deck was reshuffled)" if reshuffled else "")
        + ".",
        changes,
        data={
            "cards": drawn,
            "cp": cp,
            "severity": [cards.severity(c, reading) for c in drawn],
            "dividend": [cards.dividend(c) for c in drawn],
        },
        visible_to="all" if reveal else GM_ONLY,
    )


def dividend(ctx: Context, args: DividendArgs) -> None:
    """Complication Dividend: a player accepts a high card as drawn, without mitigation:
    a face card pays +1 XP, an Ace +2 XP."""
    ctx.require_gm("pay a Complication Dividend")
    pid = args.player
    ctx.seat(pid)
    card = args.card.upper()
    none_yet: ConsequenceDraw = {"cards": [], "paid": []}
    last = fe_rules(ctx).get("consequence_last", none_yet)
    if card not in last["cards"]:
        raise InvalidArgs(f"{card} is not among the cards just drawn.")
    if card in last["paid"]:
        raise RuleViolation(f"The dividend for {card} is already paid.")
    n = cards.dividend(card)
    if not n:
        raise RuleViolation("Only a face card or an Ace pays a Complication Dividend.")
    changes, note = award_xp(ctx, pid, n)
    changes.append(put(ctx, rules_path("consequence_last", "paid"), [*last["paid"], card]))
    emit(
        ctx,
        DECK_DIVIDEND_EVENT,
        f"{name_of(ctx, pid)} takes the {card} without mitigation: +{n} XP{note}.",
        changes,
        data={"player": pid, "card": card, "xp": n},
    )


def shuffle(ctx: Context, args: ShuffleArgs) -> None:
    """Gather a deck's discards and shuffle it anew."""
    ctx.require_gm("shuffle a deck")
    name = args.deck
    order = ctx.rng.shuffled(cards.full_deck())
    emit(
        ctx,
        DECK_SHUFFLED,
        f"The {name} deck is shuffled.",
        [put(ctx, rules_path("decks", name), {"order": order, "discard": []})],
        data={"deck": name},
        visible_to=GM_ONLY,
    )
