"""Card-costing actions besides playing a card: active defense, losing a card to a test
of wills, preparing a slow action (Speed), aiming, and interrupting with an opposed
Quickness roll."""

from __future__ import annotations

from typing import Annotated, Literal

from ..arguments import Says, SeatId, described, optional
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..event_types import AnyEventType
from ..events import UNDO_GM, Draft
from ..fatechips.chips import draw_for_gm, draw_for_player, require_session, settle_limit
from ..fatechips.system import ChipSystem
from . import able, cards, checks, secrecy, wind
from .check_args import AgainstArgs, CheckArgs, WhoArgs
from .countdown import card_named, check_playable, may_interrupt, require_countdown
from .deck import Piles
from .events.actions import (
    COMBAT_AIMING,
    COMBAT_CARD_LOST,
    COMBAT_CARD_LOST_CARD,
    COMBAT_DEFENCE,
    COMBAT_DEFENDED,
    COMBAT_DEFENDED_CARD,
    COMBAT_INTERRUPT_EVENT,
    COMBAT_INTERRUPT_ROLLS,
    COMBAT_PREPARING,
)
from .state import (
    Fighter,
    combatants,
    fput,
    is_seat,
    name_of,
    named_target,
    require_combat,
    require_fighter,
    resolve,
    secret_to,
)

MAX_SPEED = 10
DEFENCES = {"dodge": "dodges", "fighting": "parries"}
#: The two active defences (the skill rolled).
Defence = Literal["dodge", "fighting"]


class DefendArgs(WhoArgs, CheckArgs):
    """``combat.defend``."""

    skill: Annotated[Defence | None, Says("'skill' is dodge or fighting.")] = optional(
        "dodge or fighting: the roll becomes the attacker's TN if higher"
    )
    give_ground: bool = optional("false: fighting without backing up 1 meter (-4)", True)


COMBAT_DEFEND = CommandType("combat.defend", DefendArgs)


class LoseCardArgs(WhoArgs):
    """``combat.lose_card``."""

    broken: bool = optional("true: Broken (the winner draws a chip)", False)
    winner: SeatId | None = optional("who broke the will (seat or NPC id): they draw a chip")


COMBAT_LOSE_CARD = CommandType("combat.lose_card", LoseCardArgs)


class PrepareArgs(WhoArgs):
    """``combat.prepare``."""

    speed: int = described("the action's Speed, 2-10", ge=2, le=MAX_SPEED)


COMBAT_PREPARE = CommandType("combat.prepare", PrepareArgs)


class AimArgs(WhoArgs):
    """``combat.aim``."""

    card: str | None = optional('the called card laid down to aim, e.g. "QS"')
    steps: int = described("steps to aim, 1-13", ge=1, le=13)


COMBAT_AIM = CommandType("combat.aim", AimArgs)


class InterruptArgs(WhoArgs, CheckArgs, AgainstArgs):
    """``combat.interrupt``: the ``against_*`` dice are the interrupted one's."""

    against: SeatId | None = optional("the combatant interrupted (seat or NPC id)")


COMBAT_INTERRUPT = CommandType("combat.interrupt", InterruptArgs)


def highest_card(record: Fighter) -> tuple[str | None, bool]:
    """The card lost first: the one up the sleeve, else the highest card (a Joker
    last); and whether it came from the sleeve."""
    if record.get("sleeve"):
        return record["sleeve"], True
    hand = list(record.get("hand", []))
    plain = [c for c in hand if not cards.is_joker(c)]
    return cards.highest(plain) or cards.highest(hand), False


def lose_highest(
    ctx: Context, cid: str, record: Fighter, why: str, kind: AnyEventType, card: AnyEventType
) -> None:
    """Discard ``cid``'s highest Action Card (the sleeve's first): ``kind`` tells the table,
    ``card`` (``<kind>_card``) tells the holder which card."""
    lost, from_sleeve = highest_card(record)
    if lost is None:
        raise RuleViolation(f"{name_of(ctx.state, cid)} has no Action Card to discard.")
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(lost)
    if from_sleeve:
        change = fput(ctx.state, cid, "sleeve", None)
    else:
        change = fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != lost])
    where = "the card up the sleeve" if from_sleeve else "the highest Action Card"
    who = name_of(ctx.state, cid)
    # The table sees that a card went; which card is its holder's (an NPC's: the GM's),
    # as hands and discards are in the views.
    ctx.emit(Draft(kind, f"{who} {why}, discarding {where}.", data={"who": cid}))
    ctx.emit(
        Draft(
            card,
            f"{who} discards the {cards.name(lost)}.",
            data={"who": cid, "card": lost, "from_sleeve": from_sleeve},
            changes=(*piles.changes(), change),
            visible_to=secret_to(ctx.state, cid),
        )
    )


def defend(ctx: Context, system: ChipSystem, args: DefendArgs) -> None:
    """``combat.defend``: an active defense discards the highest remaining Action Card
    (the sleeve's first); with ``skill`` (dodge | fighting) the roll is made here and
    becomes the TN of the next attack on the defender if it is higher ("The TN for the
    bad guy to hit you is now the greater of either his normal TN or your dodge or
    fighting roll"). Fighting without giving ground (``give_ground: false``) is at −4."""
    cid = resolve(ctx, args.who)
    require_countdown(ctx)
    able.require(ctx, cid, "defend")
    record = require_fighter(ctx, cid)
    skill = args.skill
    lose_highest(ctx, cid, record, "makes an active defense", COMBAT_DEFENDED, COMBAT_DEFENDED_CARD)
    if skill is None:
        return
    sub: CheckArgs = args
    if skill == "fighting" and not args.give_ground:
        # "an actively defending character has to give ground ... Otherwise, subtract 4"
        sub = checks.with_modifier(sub, -4)
    sub, clear = checks.unnerved(ctx, cid, checks.running(ctx, cid, sub))
    check = checks.roll(ctx, cid, skill, 0, sub)
    total = None if check.bust else check.total
    ctx.emit(
        Draft(
            COMBAT_DEFENCE,
            f"{name_of(ctx.state, cid)} {DEFENCES[skill]}: {check.text()}"
            + (
                " — no defence"
                if total is None
                else f" — attacks need {total}, or their usual TN if higher"
            )
            + ".",
            data={"who": cid, "skill": skill, "roll": check.data(), "defence": total},
            changes=(*check.changes, *clear, fput(ctx.state, cid, "defence", total)),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def lose_card(ctx: Context, system: ChipSystem, args: LoseCardArgs) -> None:
    """``combat.lose_card`` (GM): a Distracted test of wills: the highest Action Card is
    lost, the card up the sleeve first. ``broken``: the target's will is broken too, and
    the ``winner`` draws a Fate Chip from the pot (the GM, for an NPC)."""
    ctx.require_gm("take a card away")
    cid = resolve(ctx, args.who)
    require_combat(ctx)
    broken, winner = args.broken, args.winner
    if broken and (winner is None or winner not in combatants(ctx.state)):
        raise InvalidArgs("A broken will: 'winner' names who broke it (they draw a chip).")
    why = "is broken" if broken else "is distracted"
    lose_highest(ctx, cid, require_fighter(ctx, cid), why, COMBAT_CARD_LOST, COMBAT_CARD_LOST_CARD)
    if broken and winner is not None:
        require_session(ctx, "draw chips")
        if is_seat(ctx.state, winner):
            draw_for_player(ctx, winner, 1, f"broke {name_of(ctx.state, cid)}'s will")
            settle_limit(ctx, system, winner)
        else:
            draw_for_gm(ctx, system, 1, f"{name_of(ctx.state, winner)} broke a will")


def prepare(ctx: Context, system: ChipSystem, args: PrepareArgs) -> None:
    """``combat.prepare``: start a Speed 2+ action; the next Speed − 1 cards played are
    laid aside preparing it, the one after resolves it."""
    cid = resolve(ctx, args.who)
    record = require_fighter(ctx, cid)
    able.require(ctx, cid, "prepare")
    speed = args.speed
    if record.get("prepare"):
        raise RuleViolation(f"{name_of(ctx.state, cid)} is already preparing an action.")
    ctx.emit(
        Draft(
            COMBAT_PREPARING,
            f"{name_of(ctx.state, cid)} starts a Speed {speed} action.",
            data={"who": cid, "speed": speed},
            changes=(fput(ctx.state, cid, "prepare", {"speed": speed, "spent": 0, "cards": []}),),
        )
    )


def aim(ctx: Context, system: ChipSystem, args: AimArgs) -> None:
    """``combat.aim``: lay down the called card and aim for ``steps`` steps; each step
    counted down adds a marker. Aiming doesn't lose the card up the sleeve."""
    cid = resolve(ctx, args.who)
    found = require_countdown(ctx)
    record = require_fighter(ctx, cid)
    card = card_named(args.card)
    if card == record.get("sleeve"):
        raise RuleViolation("Aim with the card being called, not the one up your sleeve.")
    check_playable(ctx, found, cid, record, card)
    able.require(ctx, cid, "aim")
    steps = args.steps
    piles = Piles.load(ctx.state, record["side"])
    piles.discard.append(card)
    ctx.emit(
        Draft(
            COMBAT_AIMING,
            f"{name_of(ctx.state, cid)} lays down the {cards.name(card)} and aims for "
            f"{steps} step{'s' * (steps > 1)}.",
            data={"who": cid, "card": card, "steps": steps},
            changes=(
                *piles.changes(),
                fput(ctx.state, cid, "hand", [c for c in record["hand"] if c != card]),
                fput(ctx.state, cid, "aim", {"steps": steps, "markers": 0}),
            ),
        )
    )


def interrupt(ctx: Context, system: ChipSystem, args: InterruptArgs) -> None:
    """``combat.interrupt``: an opposed Quickness roll to act before someone else
    (a card up the sleeve, or a target moving out of an aimed shot); the winner goes
    first, a tie is simultaneous. A Red Joker never needs it."""
    cid = resolve(ctx, args.who)
    record = require_fighter(ctx, cid)
    words = "'against' names the combatant being interrupted."
    other = named_target(ctx, args.against, words)
    if other == cid:
        raise InvalidArgs(words)
    require_fighter(ctx, other)
    able.require(ctx, cid, "interrupt")
    if cards.RED_JOKER in record.get("hand", []):
        raise RuleViolation("The Red Joker goes at any time without a Quickness check.")
    if not may_interrupt(require_countdown(ctx), record):
        raise RuleViolation(
            f"{name_of(ctx.state, cid)} has no wait card: only a card up the sleeve (or an "
            "aim a moving target cuts short) interrupts someone else's action (Waiting)."
        )
    mine = checks.roll(ctx, cid, "quickness", 0, args)
    theirs = checks.roll(ctx, other, "quickness", 0, args.other_side())
    me, them = name_of(ctx.state, cid), name_of(ctx.state, other)
    score_a = -1 if mine.bust else mine.total
    score_b = -1 if theirs.bust else theirs.total
    winner = cid if score_a > score_b else other if score_b > score_a else None
    outcome = "at the same time" if winner is None else f"{name_of(ctx.state, winner)} goes first"
    secrecy.opposed(
        ctx,
        COMBAT_INTERRUPT_EVENT,
        COMBAT_INTERRUPT_ROLLS,
        f"{me} tries to interrupt {them}: Quickness {mine.total}{' (bust)' * mine.bust} vs "
        f"{theirs.total}{' (bust)' * theirs.bust} — {outcome}.",
        f"{me} tries to interrupt {them}: {outcome}.",
        {
            "who": cid,
            "against": other,
            "roll": mine.data(),
            "against_roll": theirs.data(),
            "winner": winner,
        },
        ("roll", "against_roll"),
        (*mine.changes, *theirs.changes),
        (cid, other),
    )
