"""The draw phase: the Quickness roll, the cards it draws, the Jokers, keeping two,
holding the sleeve, and surprise.

Each round every combatant makes a Quickness roll against TN 3 (wound penalty applied)
and draws 1 card plus 1 for a success and 1 per raise (none on a bust), keeps two and
discards the rest; the Red Joker is kept in addition; the Black Joker is discarded with
the highest other card (the card up the sleeve counts as highest) and forces the side's
deck to be reshuffled at the end of the round.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints

from ..arguments import Args, NoArgs, described, optional
from ..changes import Change, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_GM, Draft
from ..fatechips.awards import grant_black_joker, grant_red_joker
from ..fatechips.state import ChipsTable, settings_of
from ..fatechips.system import ChipSystem
from . import able, body, cards, checks, nerve, tohit
from .deck import Piles, deck_path
from .events.draw import (
    COMBAT_CARDS,
    COMBAT_DREW,
    COMBAT_HELD,
    COMBAT_KEPT,
    COMBAT_KEPT_CARDS,
    COMBAT_SURPRISE_EVENT,
)
from .fight_args import WHO, CheckArgs, Who
from .state import (
    PLAYERS,
    Combat,
    Fighter,
    fput,
    is_seat,
    name_of,
    require_combat,
    require_fighter,
    resolve,
    secret_to,
)

QUICKNESS_TN = 3  # "compare it to a TN of Easy (3)"

KEEP = 2

SURPRISE_TN = {"expecting": 5, "unexpected": 11, "recovering": 3}


class DrawArgs(CheckArgs):
    """``combat.draw``: the Quickness roll, made like any check."""

    who: Who | None = optional(WHO)
    aim: Annotated[str, StringConstraints(max_length=20)] | None = optional(
        "the Aim value x/y of the weapon in hand: y is also an initiative penalty"
    )


COMBAT_DRAW = CommandType("combat.draw", DrawArgs)


class HoldArgs(Args):
    """``combat.hold``."""

    who: Who | None = optional(WHO)


COMBAT_HOLD = CommandType("combat.hold", HoldArgs)


class SurpriseArgs(CheckArgs):
    """``combat.surprise``: the Guts check, made like any check."""

    who: Who | None = optional(WHO)
    expecting: bool = optional(
        "true (default): expecting danger, Fair (5); false: not, Incredible (11)", True
    )


COMBAT_SURPRISE = CommandType("combat.surprise", SurpriseArgs)


def _kept_card(value: str) -> str:
    try:
        return cards.check(value)
    except ValueError as err:
        raise ValueError(f"'{err}' is not a card.") from None


class KeepArgs(Args):
    """``combat.keep``."""

    who: Who | None = optional(WHO)
    cards: Annotated[
        list[Annotated[str, StringConstraints(max_length=10), AfterValidator(_kept_card)]],
        Field(max_length=60),
    ] = described('the two cards kept, e.g. ["AS", "10H"]')


COMBAT_KEEP = CommandType("combat.keep", KeepArgs)


def no_cards_reason(state: ChipsTable, cid: str, record: Fighter) -> str | None:
    """Why a combatant gets no cards this round, or None."""
    who = name_of(state, cid)
    if record.get("surprise") == "surprised":
        return f"{who} is surprised and gets no cards this round."
    if record.get("surprise") == "recovering":
        return f"{who} must make an Easy (3) Guts check (combat.surprise) to act this round."
    if able.state_of(state, cid) == "dead":
        return f"{who} is critically injured or has bled to death: no more cards."
    if body.extra(state, cid, "unconscious", False):
        return f"{who} is unconscious."
    if body.wind(state, cid)[0] <= 0:
        return f"{who} is Winded: Winded characters get no cards."
    if record.get("no_cards"):
        return f"{who} gets no cards this round ({record['no_cards']})."
    if nerve.state_of(state, cid) == "catatonic":  # "draws no cards in the next draw phase"
        return f"{who} gets no cards this round (catatonic)."
    return None


def _require_draw_phase(ctx: Context) -> Combat:
    found = require_combat(ctx)
    if found["phase"] != "draw":
        raise RuleViolation("Cards are drawn at the start of a round, before the countdown.")
    return found


def draw(ctx: Context, system: ChipSystem, args: DrawArgs) -> None:
    """``combat.draw``: the Quickness roll against TN 3 and the cards it draws."""
    cid = resolve(ctx, args.who)
    _require_draw_phase(ctx)
    record = require_fighter(ctx, cid)
    if record["status"] != "waiting":
        raise RuleViolation(f"{name_of(ctx.state, cid)} has already drawn this round.")
    reason = no_cards_reason(ctx.state, cid, record)
    if reason:
        raise RuleViolation(reason)
    # "The number after the slash is the to-hit penalty the weapon receives when it is
    # not aimed, as well as the initiative penalty."
    slow = 0
    if args.aim is not None:
        try:
            slow = tohit.parse_aim(args.aim)[1]
        except ValueError as err:
            raise InvalidArgs(str(err)) from None
    check = checks.roll(ctx, cid, "quickness", QUICKNESS_TN, checks.with_modifier(args, -slow))
    n = 0 if check.bust else 1 + int(check.success) + check.raises
    if record.get("one_card") or nerve.state_of(ctx.state, cid) == "terrified":
        # terrified: "During the next draw phase, the Hero draws a single card"
        n = min(n, 1)
    side = record["side"]
    piles = Piles.load(ctx.state, side)
    drawn = piles.take(ctx.rng, n)
    who = name_of(ctx.state, cid)
    text = f"{who} rolls Quickness {check.text()} and draws {_count(len(drawn))}"
    if slow:
        text = f"{who} rolls Quickness {check.text()} (Aim {args.aim}: initiative −{slow})"
        text += f" and draws {_count(len(drawn))}"
    if check.bust:
        text = f"{who} goes bust on Quickness ({check.text()}) and draws no cards"
    changes: list[Change] = []
    public: list[str] = []
    sleeve = record.get("sleeve")
    lost: list[str] = []
    if cards.BLACK_JOKER in drawn:
        drawn.remove(cards.BLACK_JOKER)
        lost.append(cards.BLACK_JOKER)
        ordinary = [c for c in drawn if not cards.is_joker(c)]
        if sleeve:
            lost.append(sleeve)
            changes.append(fput(ctx.state, cid, "sleeve", None))
            public.append("the Black Joker: it and the card up the sleeve are discarded")
        elif ordinary:
            top = cards.highest(ordinary)
            assert top is not None
            drawn.remove(top)
            lost.append(top)
            public.append("the Black Joker: it and the highest other card are discarded")
        else:
            public.append("the Black Joker, and discards it")
        changes.append(
            Put(
                deck_path(side, "reshuffle"),
                get_path(ctx.state, deck_path(side, "reshuffle")),
                True,
            )
        )
    red = cards.RED_JOKER in drawn
    if red:
        public.append("the Red Joker")
    ordinary = [c for c in drawn if not cards.is_joker(c)]
    choosing = len(ordinary) > KEEP
    hand = [cards.RED_JOKER] if red else []
    if not choosing:
        hand += sorted(ordinary, key=cards.value, reverse=True)
    piles.discard += lost
    changes += piles.changes()
    changes.append(fput(ctx.state, cid, "hand", hand))
    if choosing:
        changes.append(
            fput(ctx.state, cid, "drawn", sorted(ordinary, key=cards.value, reverse=True))
        )
    changes.append(fput(ctx.state, cid, "status", "choosing" if choosing else "drawn"))
    if public:
        text += " — " + "; ".join(public)
    if piles.reshuffled:
        text += " (the deck ran out and the discards were reshuffled)"
    data = {"who": cid, "side": side, **check.data(), "count": n, "drawn": len(drawn) + len(lost)}
    data["jokers"] = [c for c in lost + drawn if cards.is_joker(c)]
    seat = is_seat(ctx.state, cid)
    ctx.emit(
        Draft(
            COMBAT_DREW,
            text + ".",
            data=data,
            changes=tuple(check.changes),
            visible_to="all" if seat else GM_ONLY,
            undo=UNDO_GM,
        )
    )
    if not seat:  # an NPC's Quickness dice are the GM's business; the table sees cards
        jokers = "; ".join(public)
        ctx.emit(
            Draft(
                COMBAT_DREW,
                f"{who} draws {_count(len(drawn) + len(lost))}"
                + (f" — {jokers}." if jokers else "."),
                data={
                    "who": cid,
                    "side": side,
                    "drawn": len(drawn) + len(lost),
                    "jokers": data["jokers"],
                },
            )
        )
    shown = ", ".join(
        cards.name(c)
        for c in hand + (sorted(ordinary, key=cards.value, reverse=True) if choosing else [])
    )
    secret = f"{who}'s cards: {shown or 'none'}"
    if lost:
        secret += f"; discarded {', '.join(cards.name(c) for c in lost)}"
    if choosing:
        secret += f". Keep {KEEP} of them"
    ctx.emit(
        Draft(
            COMBAT_CARDS,
            secret + ".",
            data={
                "who": cid,
                "hand": hand,
                "drawn": ordinary if choosing else [],
                "discarded": lost,
            },
            changes=tuple(changes),
            visible_to=secret_to(ctx.state, cid),
            undo=UNDO_GM,
        )
    )
    _joker_chips(ctx, system, cid, side, red, cards.BLACK_JOKER in lost)


def _joker_chips(
    ctx: Context, system: ChipSystem, cid: str, side: str, red: bool, black: bool
) -> None:
    """fate-chips.txt: a Red Joker in combat draws the player a chip; a player's Black
    Joker gives the Marshal one (table settings ``red_joker_chip``/``black_joker_chip``)."""
    if side != PLAYERS:
        return
    if red and settings_of(ctx.state).get("red_joker_chip", False):
        grant_red_joker(ctx, system, cid)
    if black and settings_of(ctx.state).get("black_joker_chip", False):
        grant_black_joker(ctx, system)


def _count(n: int) -> str:
    return "no cards" if n == 0 else ("1 card" if n == 1 else f"{n} cards")


def keep(ctx: Context, system: ChipSystem, args: KeepArgs) -> None:
    """``combat.keep``: choose the two cards to keep; the rest are discarded."""
    cid = resolve(ctx, args.who)
    record = require_fighter(ctx, cid)
    drawn = list(record.get("drawn", []))
    if record["status"] != "choosing" or not drawn:
        raise RuleViolation("There are no drawn cards to choose from.")
    chosen = args.cards
    if len(chosen) != KEEP or len(set(chosen)) != KEEP or not set(chosen) <= set(drawn):
        raise RuleViolation(f"Choose {KEEP} of the cards you drew.")
    dropped = [c for c in drawn if c not in chosen]
    piles = Piles.load(ctx.state, record["side"])
    piles.discard += dropped
    hand = list(record.get("hand", [])) + sorted(chosen, key=cards.value, reverse=True)
    who = name_of(ctx.state, cid)
    ctx.emit(Draft(COMBAT_KEPT, f"{who} keeps 2 cards.", data={"who": cid}))
    ctx.emit(
        Draft(
            COMBAT_KEPT_CARDS,
            f"{who} keeps {', '.join(cards.name(c) for c in chosen)} and discards "
            f"{', '.join(cards.name(c) for c in dropped)}.",
            data={"who": cid, "kept": chosen, "discarded": dropped},
            changes=(
                *piles.changes(),
                fput(ctx.state, cid, "hand", hand),
                fput(ctx.state, cid, "drawn", None),
                fput(ctx.state, cid, "status", "drawn"),
            ),
            visible_to=secret_to(ctx.state, cid),
        )
    )


def hold(ctx: Context, system: ChipSystem, args: HoldArgs) -> None:
    """``combat.hold``: skip the Quickness roll this round to keep the card up the sleeve."""
    cid = resolve(ctx, args.who)
    _require_draw_phase(ctx)
    record = require_fighter(ctx, cid)
    if record["status"] != "waiting":
        raise RuleViolation(f"{name_of(ctx.state, cid)} has already drawn this round.")
    if not record.get("sleeve"):
        raise RuleViolation(
            "Only a character with a card up the sleeve can skip the draw to hold it."
        )
    ctx.emit(
        Draft(
            COMBAT_HELD,
            f"{name_of(ctx.state, cid)} skips the draw and holds the card up the sleeve.",
            data={"who": cid},
            changes=(fput(ctx.state, cid, "status", "held"),),
        )
    )


def surprise(ctx: Context, system: ChipSystem, args: SurpriseArgs) -> None:
    """``combat.surprise`` (GM): a Guts check, Fair (5) if expecting danger, Incredible
    (11) if not; a surprised character gets no cards that round and needs an Easy (3)
    Guts check to act the next."""
    ctx.require_gm("call for surprise checks")
    cid = resolve(ctx, args.who)
    _require_draw_phase(ctx)
    record = require_fighter(ctx, cid)
    if record["status"] != "waiting":
        raise RuleViolation(f"{name_of(ctx.state, cid)} has already drawn this round.")
    recovering = record.get("surprise") == "recovering"
    if record.get("surprise") == "surprised":
        raise RuleViolation(f"{name_of(ctx.state, cid)} is already surprised this round.")
    key = "recovering" if recovering else "expecting" if args.expecting else "unexpected"
    check = checks.roll(ctx, cid, "guts", SURPRISE_TN[key], args)
    who = name_of(ctx.state, cid)
    if check.success:
        new = None
        text = f"{who} keeps their nerve (Guts {check.text()})."
    else:
        new = "surprised"
        text = f"{who} is surprised (Guts {check.text()}) and gets no cards this round."
    ctx.emit(
        Draft(
            COMBAT_SURPRISE_EVENT,
            text,
            data={"who": cid, **check.data(), "surprised": new is not None},
            changes=(*check.changes, fput(ctx.state, cid, "surprise", new)),
            visible_to="all" if is_seat(ctx.state, cid) else GM_ONLY,
            undo=UNDO_GM,
        )
    )


COMBAT_DRAW_NPCS = CommandType("combat.draw_npcs", NoArgs)


def draw_npcs(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``combat.draw_npcs`` (GM): every NPC still waiting rolls Quickness on the host and
    draws (those who may not draw are skipped)."""
    ctx.require_gm("draw for the NPCs")
    found = _require_draw_phase(ctx)
    ready = [
        cid
        for cid, record in sorted(found["fighters"].items())
        if not is_seat(ctx.state, cid)
        and record["status"] == "waiting"
        and no_cards_reason(ctx.state, cid, record) is None
    ]
    if not ready:
        raise RuleViolation("No NPC is waiting to draw.")
    for cid in ready:
        draw(ctx, system, DrawArgs(who=cid))
