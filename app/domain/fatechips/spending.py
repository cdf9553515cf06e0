"""Spending chips on a roll: white dice, bonus dice, a Legend reroll, an Impetus.

The ``*_reason`` functions answer "why not?" (None when allowed); commands refuse
with that reason and the view shows it, so the UI and the rules never disagree.
"""

from __future__ import annotations

from ..changes import Move, Put, token_count
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import UNDO_GM, UNDO_PERMANENT, Draft
from ..tokens import POT
from . import dice
from .chips import (
    MARSHAL,
    REMOVED,
    container,
    draw_for_gm,
    excess,
    limit,
    owner_of,
    require_session,
)
from .events.spending import CHIPS_SPENT
from .rolls import current, open_roll, roll_dice, visibility, who
from .spending_args import SpendArgs
from .state import ChipsTable, RollRecord, settings_of
from .system import WHITE, ChipSystem, shade


def holding_reason(state: ChipsTable, system: ChipSystem, spender: str, colour: str) -> str | None:
    """Why ``spender`` can't part with a ``colour`` chip right now, or None."""
    if colour not in system.colours:
        return f"There are no {colour} chips in {system.title}."
    if token_count(state, container(spender), colour) < 1:
        return f"No {shade(colour)} chip in hand."
    if spender != MARSHAL and excess(state, system, spender):
        return (
            f"Over the {limit(state)}-chip limit: choose which chips to convert into "
            "Bounty Points first."
        )
    return None


def _bust_words(system: ChipSystem) -> str:
    """Why a bust refuses a chip, in the game's words."""
    if system.after_bust:
        allowed = " or ".join(shade(c) for c in system.colours if c in system.after_bust)
        return f"You went bust: only a {allowed} chip can be used after going bust."
    return "You went bust: Fate turns her back on failure."


def roll_reason(
    state: ChipsTable, system: ChipSystem, spender: str, owner: str, colour: str
) -> str | None:
    """Why a ``colour`` chip can't improve ``owner``'s roll now, or None."""
    if colour not in system.colours:
        return f"There are no {colour} chips in {system.title}."
    if colour != WHITE and colour not in system.bonus_colours:
        return f"A {shade(colour)} chip can't improve a roll."
    roll = open_roll(state, owner)
    if roll is None:
        last = current(state, owner)
        if last is not None and last["finished"]:
            return f"The roll ({last['label']}) is finished: it takes no more chips."
        return "There's no roll in progress."
    if roll["kind"] == dice.FIREARM and not roll.get("power"):
        return (
            "You can't spend chips on firearm damage rolls (unless a supernatural power "
            f"says otherwise: {system.gm()} can allow it on the roll)."
        )
    if roll["kind"] not in (*dice.HIGHEST_KINDS, dice.FIREARM):
        reroll = " (a Legend chip can reroll this)" if system.reroll_colours else ""
        return f"Chips only improve Trait and Aptitude rolls{reroll}."
    bust = dice.evaluate(roll)["bust"]
    if colour == WHITE:
        if roll["bonus_colour"]:
            return (
                f"You can't spend a white chip after a {shade(roll['bonus_colour'])} one "
                "on the same roll."
            )
        if bust:
            return _bust_words(system)
    else:
        limit_reason = bonus_limit_reason(state, roll, colour, system)
        if limit_reason:
            return limit_reason
        if bust and colour not in system.after_bust:
            return _bust_words(system)
    if spender != owner and not system.help_others:
        return "You can only spend chips on your own rolls."
    return holding_reason(state, system, spender, colour)


PER_COLOUR = "per_colour"
PER_ACTION = "per_action"
BONUS_LIMITS = (PER_COLOUR, PER_ACTION)


def bonus_limit(state: ChipsTable) -> str:
    """How many bonus chips an action takes: ``per_colour`` (one red and one blue...,
    Deadlands' text: two limits) or ``per_action`` (one of any colour). A system without
    the ``bonus_chips`` setting (Spacelands) keeps one per action."""
    value = settings_of(state).get("bonus_chips", PER_ACTION)
    return str(value)


def bonus_limit_reason(
    state: ChipsTable, roll: RollRecord, colour: str, system: ChipSystem | None = None
) -> str | None:
    """Why another bonus chip of ``colour`` can't go on ``roll``, or None (in the
    game's own words: Spacelands has no Legend chips)."""
    spent = [str(b["colour"]) for b in dice.bonuses(roll)]
    if not spent:
        return None
    if bonus_limit(state) == PER_ACTION:
        if system is None:
            return "Only one red, blue or Legend chip can be spent on a single action."
        names = [shade(c) for c in system.colours if c in system.bonus_colours]
        which = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
        return f"Only one {which} chip can be spent on a single action."
    if colour in spent:
        return f"Only one {shade(colour)} chip can be spent on a single action."
    return None


def reroll_reason(state: ChipsTable, system: ChipSystem, spender: str, colour: str) -> str | None:
    """Why a ``colour`` chip can't reroll a roll now, or None."""
    if colour not in system.reroll_colours:
        return f"Only a {' or '.join(sorted(system.reroll_colours)) or 'special'} chip rerolls."
    return holding_reason(state, system, spender, colour)


def impetus_reason(
    state: ChipsTable, system: ChipSystem, spender: str, owner: str, colour: str
) -> str | None:
    """Why a chip can't make ``owner``'s unskilled check a skilled one now, or None."""
    if not system.impetus:
        return "There is no Impetus in this game."
    roll = open_roll(state, owner)
    if roll is None or not roll["unskilled"]:
        return "There's no unskilled check in progress."
    if spender != owner and not system.help_others:
        return "You can only spend chips on your own rolls."
    return holding_reason(state, system, spender, colour)


def _spender_and_owner(ctx: Context, system: ChipSystem, args: SpendArgs) -> tuple[str, str]:
    spender = owner_of(ctx, args.player)
    owner = spender
    if args.roll_of is not None:
        if not system.help_others:
            raise Forbidden("You can only spend chips on your own rolls.")
        owner = resolve_owner_id(ctx, args.roll_of)
        if MARSHAL in (owner, spender) and owner != spender:
            raise Forbidden("Players' chips and the GM's chips stay on their own side.")
    return spender, owner


def resolve_owner_id(ctx: Context, value: object) -> str:
    """A seat id named in an argument (or 'marshal' for the GM's rolls)."""
    if value in ("marshal", "master", MARSHAL):
        return MARSHAL
    if not isinstance(value, str):
        raise InvalidArgs("Name the seat whose roll it is.")
    ctx.seat(value)
    return value


def spend(ctx: Context, system: ChipSystem, args: SpendArgs) -> None:
    """``chips.spend``: put a chip on a roll (a die, a bonus die, a reroll, an Impetus)."""
    require_session(ctx, "spend chips on rolls")
    spender, owner = _spender_and_owner(ctx, system, args)
    colour = args.colour
    use = args.use
    if use == "reroll":
        _reroll(ctx, system, spender, owner, colour, args)
    elif use == "impetus":
        _impetus(ctx, system, spender, owner, colour)
    else:
        _improve(ctx, system, spender, owner, colour, args)


def _spent_by(ctx: Context, system: ChipSystem, spender: str, owner: str) -> str:
    name = who(ctx, system, spender)
    return name if spender == owner else f"{name} (for {who(ctx, system, owner)})"


def _improve(
    ctx: Context, system: ChipSystem, spender: str, owner: str, colour: str, args: SpendArgs
) -> None:
    reason = roll_reason(ctx.state, system, spender, owner, colour)
    if reason:
        raise RuleViolation(reason)
    roll = open_roll(ctx.state, owner)
    assert roll is not None
    before = dice.evaluate(roll)["total"]
    new = roll.copy()
    new["chips"] = [*roll.get("chips", []), colour]
    faces = args.faces
    chain = roll_dice(ctx, roll["sides"], 1, None if faces is None else [faces])[0][0]
    if colour == WHITE:
        new["dice"] = [*roll["dice"], chain]
        new["whites"] = roll["whites"] + 1
        what = f"one more d{roll['sides']} shows {'+'.join(map(str, chain))}"
    else:
        new["bonuses"] = [*dice.bonuses(roll), {"colour": colour, "die": chain}]
        new["bonus_colour"] = roll["bonus_colour"] or colour
        if dice.evaluate(roll)["bust"]:
            new["bust_cancelled"] = True  # a blue chip is "allowed even after going bust"
        what = f"a bonus d{roll['sides']} shows {'+'.join(map(str, chain))}, added to the highest"
    outcome = dice.evaluate(new)
    ctx.emit(
        Draft(
            CHIPS_SPENT,
            f"{_spent_by(ctx, system, spender, owner)} spends a {shade(colour)} chip: {what}. "
            f"Was {before}, now {dice.describe(new, outcome)}",
            data={
                "spender": spender,
                "owner": owner,
                "colour": colour,
                "use": "roll",
                "die": chain,
                "roll": new,
                "outcome": outcome,
            },
            changes=(
                Move(colour, container(spender), POT),
                Put(("rules", "rolls", owner), roll, new),
            ),
            visible_to=visibility(roll),
            undo=UNDO_GM,
        )
    )
    tithe = roll["kind"] in dice.HIGHEST_KINDS  # "on a Trait or Aptitude roll"
    if colour in system.tithe_colours and spender != MARSHAL and tithe:
        draw_for_gm(ctx, system, 1, f"{who(ctx, system, spender)} spent a {shade(colour)} chip")


def _reroll(
    ctx: Context, system: ChipSystem, spender: str, owner: str, colour: str, args: SpendArgs
) -> None:
    reason = reroll_reason(ctx.state, system, spender, colour)
    if reason:
        raise RuleViolation(reason)
    roll = current(ctx.state, owner)
    move = Move(colour, container(spender), REMOVED)
    by = _spent_by(ctx, system, spender, owner)
    if roll is None or args.label:
        # A roll made off the app (a damage roll, a random table, a gizmo's Reliability).
        label = args.label
        if not label:
            raise InvalidArgs("Say which roll the chip rerolls ('label').")
        ctx.emit(
            Draft(
                CHIPS_SPENT,
                f"{by} spends a {shade(colour)} chip to reroll {label}. The chip leaves the game.",
                data={
                    "spender": spender,
                    "owner": owner,
                    "colour": colour,
                    "use": "reroll",
                    "label": label,
                },
                changes=(move,),
                undo=UNDO_PERMANENT,  # "the chip is gone forever"
            )
        )
        return
    rolled, entered = roll_dice(ctx, roll["sides"], roll["base_dice"], args.faces)
    new = roll.copy()
    new.update(
        {
            "dice": rolled,
            "whites": 0,
            "bonuses": [],
            "bonus_colour": None,
            "bust_cancelled": False,
            "finished": False,
            "entered": entered,
            "chips": [],  # "start completely fresh"
            "rerolls": int(roll.get("rerolls", 0)) + 1,
        }
    )
    outcome = dice.evaluate(new)
    ctx.emit(
        Draft(
            CHIPS_SPENT,
            f"{by} spends a {shade(colour)} chip to reroll {roll['label']} from scratch "
            f"(the chip leaves the game): {dice.describe(new, outcome)}",
            data={
                "spender": spender,
                "owner": owner,
                "colour": colour,
                "use": "reroll",
                "roll": new,
                "outcome": outcome,
            },
            changes=(move, Put(("rules", "rolls", owner), roll, new)),
            visible_to=visibility(roll),
            undo=UNDO_PERMANENT,  # "the chip is gone forever" (and the dice have spoken)
        )
    )


def _impetus(ctx: Context, system: ChipSystem, spender: str, owner: str, colour: str) -> None:
    reason = impetus_reason(ctx.state, system, spender, owner, colour)
    if reason:
        raise RuleViolation(reason)
    roll = open_roll(ctx.state, owner)
    assert roll is not None
    new = roll.copy()
    new.update(
        {
            "chips": [*roll.get("chips", []), colour],
            "unskilled": False,
            "unskilled_penalty": 0,
            "modifier": roll["modifier"] + roll["unskilled_penalty"],
        }
    )
    outcome = dice.evaluate(new)
    ctx.emit(
        Draft(
            CHIPS_SPENT,
            f"{_spent_by(ctx, system, spender, owner)} invokes an Impetus with a {shade(colour)} "
            f"chip: the check counts as skilled → {dice.describe(new, outcome)}",
            data={
                "spender": spender,
                "owner": owner,
                "colour": colour,
                "use": "impetus",
                "roll": new,
                "outcome": outcome,
            },
            changes=(
                Move(colour, container(spender), POT),
                Put(("rules", "rolls", owner), roll, new),
            ),
            visible_to=visibility(roll),
        )
    )
