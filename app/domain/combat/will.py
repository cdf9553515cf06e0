"""Tests of will, Fear and Terror (spacelands-combat.txt, "Test of Wills", "Simple Tests
of Will", "Fear and Terror").

- ``combat.will``: an opposed roll, the initiator's bluff / overawe / ridicule against
  the target's scrutinize / guts / ridicule (a group: its leader's). Initiating is an
  action (in a fight it plays a card); resisting is automatic. Successes and raises over
  the target's total: 1 Unnerved, 2 Distracted, 3 Broken.
- ``simple: true``: a simple test of will against a TN set by the other side's skill
  (less 3, equal 5, greater 7, more than 2 greater 9; +1 for 3 or more levels).
- ``combat.fear``: Guts against the Master's TN: 0 successes Broken, 1 Distracted, 2
  Unnerved, 3+ no effect; bust: terrified. ``terror``: no chips at all, and a bust
  leaves the hero catatonic (no cards next draw), then terrified.

The effects are tracked: Unnerved (−4 to the next action, including resisting and
active defence) until that action is made; Distracted loses the highest Action Card at
once; Broken is both and the winner draws a Fate Chip; terrified draws a single card
and must run.
"""

from __future__ import annotations

from typing import Literal

from ..arguments import SeatId, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_GM, Draft
from ..fatechips.chips import draw_for_gm, draw_for_player, require_session, settle_limit
from ..fatechips.state import rules_of
from ..fatechips.system import ChipSystem
from . import able, body, checks, countdown, nerve, wind
from .actions import highest_card, lose_highest
from .check_args import CARD, AgainstArgs, CheckArgs, WhoArgs
from .events.actions import COMBAT_CARD_LOST, COMBAT_CARD_LOST_CARD
from .events.will import COMBAT_FEAR_EVENT, COMBAT_UNNERVED, COMBAT_WILL_EVENT, COMBAT_WILL_ROLLS
from .state import combat, fighter, fput, is_seat, name_of, named_target, npc_dice, resolve

# "Test Opposed: Bluff Scrutinize, Overawe Guts, Ridicule Ridicule"
OPPOSED = {"bluff": "scrutinize", "overawe": "guts", "ridicule": "ridicule"}
WILL_EFFECTS = {1: "unnerved", 2: "distracted", 3: "broken"}
FEAR_EFFECTS = {0: "broken", 1: "distracted", 2: "unnerved"}
DIES = (4, 6, 8, 10, 12)
Die = Literal[4, 6, 8, 10, 12]
Test = Literal["bluff", "overawe", "ridicule"]


class WillArgs(WhoArgs, CheckArgs, AgainstArgs):
    """``combat.will``: the check is the initiator's, ``against_*`` the target's."""

    target: SeatId | None = optional("whose will is tested (seat or NPC id)")
    test: Test = described("bluff, overawe or ridicule")
    card: str | None = optional(CARD)
    simple: bool = optional("true: a simple test against a TN by relative skill", False)
    my_die: Die | None = optional("simple: your die type (4-12)")
    their_die: Die | None = optional("simple: their die type (4-12)")
    their_levels: int = optional("simple: their levels in the skill", 0, ge=0, le=10)


COMBAT_WILL = CommandType("combat.will", WillArgs)


class FearArgs(WhoArgs, CheckArgs):
    """``combat.fear``: the check is the hero's Guts."""

    tn: int = described("the TN the Master sets", ge=1, le=30)
    terror: bool = optional("true: a Terror test (no chips)", False)
    black_joker: bool = optional(
        "true: the Hero drew the Black Joker in this Terror test (as bad as a bust)", False
    )


COMBAT_FEAR = CommandType("combat.fear", FearArgs)


def _die(value: int | None, name: str) -> int:
    if value is None:
        raise InvalidArgs(f"'{name}' is required (one of: {', '.join(map(str, DIES))}).")
    return value


def simple_tn(mine: int, theirs: int, their_levels: int) -> int:
    """ "Opposing die type is TN: Less 3, Equal 5, Greater 7, More than 2 greater 9" —
    in die steps (d4, d6...) — "If the target has 3 or more levels in the appropriate
    skill, add one to the TN.\""""
    steps = (theirs - mine) // 2
    tn = 3 if steps < 0 else 5 if steps == 0 else 7 if steps <= 2 else 9
    return tn + (1 if their_levels >= 3 else 0)


def _aptitude(ctx: Context, cid: str, name: str, args: CheckArgs, tn: int) -> checks.Check:
    """A roll of ``name`` (an aptitude on Mien/Spirit... read like guts) for a seat or
    an NPC (its dice of that name, else its guts)."""
    if not is_seat(ctx.state, cid) and args.dice is None:
        pick = npc_dice(ctx.state, cid, name) or npc_dice(ctx.state, cid, "guts")
        if isinstance(pick, dict):
            args = args.model_copy(update={"dice": int(pick["dice"]), "sides": pick["sides"]})
    return checks.roll(ctx, cid, name, tn, args)


def test_of_will(ctx: Context, system: ChipSystem, args: WillArgs) -> None:
    """``combat.will``: the initiator's test against a target; its effects land."""
    cid = resolve(ctx, args.who)
    words = "A test of will needs a 'target': someone else in the scene."
    target = named_target(ctx, args.target, words)
    if target == cid:
        raise InvalidArgs(words)
    found = combat(ctx.state)
    able.require(ctx, cid, "will")
    test = args.test
    simple = (  # the dice are checked before the card is played
        simple_tn(_die(args.my_die, "my_die"), _die(args.their_die, "their_die"), args.their_levels)
        if args.simple
        else None
    )
    if found is not None and fighter(ctx.state, cid) is not None:
        countdown.play(ctx, system, cid, args.card, test)
    mine_args, mine_clear = checks.unnerved(ctx, cid, checks.running(ctx, cid, args))
    theirs_args, theirs_clear = checks.unnerved(ctx, target, args.other_side())
    if simple is not None:
        tn, theirs = simple, None
    else:
        theirs = _aptitude(ctx, target, OPPOSED[test], theirs_args, 0)
        tn = max(1, -1 if theirs.bust else theirs.total)
    mine = _aptitude(ctx, cid, test, mine_args, tn)
    successes = 0 if not mine.success else min(3, 1 + mine.raises)
    effect = WILL_EFFECTS.get(successes)
    who, them = name_of(ctx.state, cid), name_of(ctx.state, target)
    text = f"{who} tries to {test} {them}: {mine.text()}"
    if theirs is not None:
        text = f"{who} tries to {test} {them}: {mine.text()} against {them}'s {OPPOSED[test]}"
    text += f" — {them} is {effect}" if effect and theirs is not None else ""
    text += " — the stakes are won" if effect and theirs is None else ""
    changes = [*mine.changes, *(theirs.changes if theirs else []), *mine_clear, *theirs_clear]
    text = (text if effect or mine.success else text + " — no effect") + "."
    data = {
        "who": cid,
        "target": target,
        "test": test,
        "roll": mine.data(),
        "against": theirs.data() if theirs else None,
        "successes": successes,
        "effect": effect if theirs is not None else None,
    }
    # An NPC's dice and totals (its bluff, guts...) are the Master's numbers: with an
    # NPC on either side the table hears the outcome, the GM the rolls.
    npc_side = not (is_seat(ctx.state, cid) and is_seat(ctx.state, target))
    if npc_side:
        outcome = f"{them} is {effect}" if effect and theirs is not None else "no effect"
        if effect and theirs is None:
            outcome = "the stakes are won"
        public = {**data, "roll": None, "against": None}
        ctx.emit(
            Draft(
                COMBAT_WILL_EVENT,
                f"{who} tries to {test} {them}: {outcome}.",
                data=public,
                changes=tuple(changes),
                undo=UNDO_GM,
            )
        )
        ctx.emit(Draft(COMBAT_WILL_ROLLS, f"({text})", data=data, visible_to=GM_ONLY))
    else:
        ctx.emit(Draft(COMBAT_WILL_EVENT, text, data=data, changes=tuple(changes), undo=UNDO_GM))
    if effect and theirs is not None:
        _effect(ctx, system, target, effect, cid)


def fear(ctx: Context, system: ChipSystem, args: FearArgs) -> None:
    """``combat.fear`` (GM): a Fear (or ``terror``) test: Guts against the Master's TN."""
    ctx.require_gm("call for a Fear test")
    cid = resolve(ctx, args.who)
    tn, terror = args.tn, args.terror
    if args.black_joker and not terror:
        raise InvalidArgs("Only a Terror test counts a Black Joker ('terror': true).")
    if terror and args.from_roll:
        owner = cid if is_seat(ctx.state, cid) else "marshal"
        roll = rules_of(ctx.state).get("rolls", {}).get(owner)
        if roll and roll.get("chips"):
            raise RuleViolation("A Hero may not spend Fate Chips in any way during a Terror test.")
    sub, clear = checks.unnerved(ctx, cid, args)
    check = _aptitude(ctx, cid, "guts", sub, tn)
    successes = 0 if not check.success else 1 + check.raises
    who = name_of(ctx.state, cid)
    kind = "Terror" if terror else "Fear"
    changes: list[Change] = [*check.changes, *clear]
    # "Going bust or drawing a black joker is extra bad ... Same goes for drawing the
    # black joker": the Black Joker in a Terror test leaves the hero catatonic too
    bust = check.bust or args.black_joker
    if bust:
        effect = "catatonic" if terror else "terrified"
    else:
        effect = FEAR_EFFECTS.get(successes, "no effect")
    if bust:
        key, why = ("no_cards", "catatonic") if terror else ("one_card", "terrified")
        if found_fight(ctx, cid):
            changes.append(fput(ctx.state, cid, key, why))
            # how long the hero cowers / must run (nerve.py): enforced, not only recorded
            for name, rnd in nerve.until(ctx.state, cid, terror).items():
                changes.append(fput(ctx.state, cid, name, rnd))
        else:  # "During the next draw phase": the fight that starts next (round 1)
            rounds = {"cowers_until": 1, "terrified_until": 2} if terror else {}
            rounds = rounds or {"terrified_until": 1}
            changes.append(body.put_extra(ctx.state, cid, "next_draw", {key: why, **rounds}))
        if terror:
            changes.append(body.put_extra(ctx.state, cid, "terrified_next", True))
    ctx.emit(
        Draft(
            COMBAT_FEAR_EVENT,
            f"{who}'s {kind} test: Guts {check.text()}"
            + (" and the Black Joker" if args.black_joker else "")
            + f" — {effect}.",
            data={
                "who": cid,
                **check.data(),
                "terror": terror,
                "black_joker": args.black_joker,
                "effect": effect,
            },
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )
    if effect in ("broken", "distracted", "unnerved"):
        _effect(ctx, system, cid, effect, None)


def found_fight(ctx: Context, cid: str) -> bool:
    return combat(ctx.state) is not None and fighter(ctx.state, cid) is not None


def _effect(ctx: Context, system: ChipSystem, cid: str, effect: str, winner: str | None) -> None:
    """Unnerved (−4 next action), Distracted (+ the highest card lost), Broken (+ the
    winner draws a Fate Chip)."""
    if not body.extra(ctx.state, cid, "unnerved", False):
        ctx.emit(
            Draft(
                COMBAT_UNNERVED,
                f"{name_of(ctx.state, cid)} is unnerved: −4 to the next action.",
                data={"who": cid},
                changes=(body.put_extra(ctx.state, cid, "unnerved", True),),
                visible_to=wind.visible(ctx.state, cid),
            )
        )
    if effect in ("distracted", "broken") and found_fight(ctx, cid):
        record = fighter(ctx.state, cid)
        if record is not None and highest_card(record)[0] is not None:
            lose_highest(ctx, cid, record, f"is {effect}", COMBAT_CARD_LOST, COMBAT_CARD_LOST_CARD)
    if effect == "broken" and winner is not None:
        require_session(ctx, "draw chips")
        if is_seat(ctx.state, winner):
            draw_for_player(ctx, winner, 1, f"broke {name_of(ctx.state, cid)}'s will")
            settle_limit(ctx, system, winner)
        else:
            draw_for_gm(ctx, system, 1, f"{name_of(ctx.state, winner)} broke a will")
