"""The roll in progress: each owner's latest trait, damage or table roll.

``rules.rolls.<owner>`` holds the record chips are checked against: its dice (ace
chains), the bonus die and which chip paid for it, the white chips spent, the roll's
kind, TN and modifier. A new roll replaces it; ``roll.finish`` closes it to chips.
Rolls are made by the host's RNG, or entered by hand from real dice at the table.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from ..arguments import Args, Says, Text, optional
from ..changes import Add, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_GM, Draft
from ..jsonvalue import Json
from . import dice
from .chips import MARSHAL, owner_of
from .events.rolls import ROLL_FINISHED, ROLL_MADE, ROLL_POWER_EVENT
from .fields import FACES_SAY, WHO, Dice, Label, Who
from .state import ChipsTable, RollRecord, rules_of, settings_of, sheet_of
from .system import MAX_WOUND, ChipSystem, trait_plus

LABEL_MAX = 80
Sides = Literal[4, 6, 8, 10, 12, 20]
Kind = Literal["trait", "strength", "firearm", "other"]
assert set(get_args(Sides)) == set(dice.SIDES) and set(get_args(Kind)) == set(dice.ROLL_KINDS)
TN_WORDS = ", ".join(dice.TN_LADDER)
_MAX_DICE, _TRAIT = dice.MAX_DICE, dice.TRAIT  # (a field below is called "dice")


class RollArgs(Args):
    """``roll.trait``: dice and die type, or a trait (and aptitude) read from the sheet."""

    player: Who = optional(WHO)
    dice: int | None = optional(
        "how many dice (or give 'trait' to read the sheet)", ge=1, le=_MAX_DICE
    )
    sides: Sides | None = optional("die type: 4, 6, 8, 10, 12 or 20")
    trait: Text | None = optional(
        "roll this trait from the sheet (with 'aptitude': its level in dice)"
    )
    aptitude: Text | None = optional("aptitude name (with 'trait')")
    kind: Kind = optional(
        "trait (default), strength (hand-to-hand Strength), firearm, other", _TRAIT
    )
    tn: Annotated[int | str | None, Says(f"A TN is a number or one of: {TN_WORDS}.")] = optional(
        f"target number, or one of: {TN_WORDS}"
    )
    modifier: int = optional("added to the total (wound penalties...)", 0, ge=-50, le=50)
    label: Label = optional("what the roll is for", "")
    faces: Annotated[Dice | None, Says(FACES_SAY)] = optional(
        "dice rolled at the table: a list of ace chains, e.g. [[8, 8, 3], [5]]"
    )
    hidden: bool = optional("the GM's own roll seen by the GM only", False)
    unskilled: bool = optional(
        "an unskilled check (the table's unskilled penalty; an Impetus chip can make it "
        "skilled where the game has Impetus)",
        False,
    )


ROLL_TRAIT = CommandType("roll.trait", RollArgs)


class OwnerArgs(Args):
    """``roll.finish``: whose roll."""

    player: Who = optional(WHO)


ROLL_FINISH = CommandType("roll.finish", OwnerArgs)


class PowerArgs(Args):
    """``roll.power``: whose firearm roll, and the power that allows chips on it."""

    player: Who = optional(WHO)
    power: Label = optional("the power that says so", "")


ROLL_POWER = CommandType("roll.power", PowerArgs)


def current(state: ChipsTable, owner: str) -> RollRecord | None:
    """The owner's roll record, if any."""
    return rules_of(state).get("rolls", {}).get(owner)


def open_roll(state: ChipsTable, owner: str) -> RollRecord | None:
    """The owner's roll if chips may still be spent on it."""
    roll = current(state, owner)
    return roll if roll is not None and not roll["finished"] else None


def roll_dice(ctx: Context, sides: int, count: int, faces: Json) -> tuple[list[list[int]], bool]:
    """``count`` dice from the RNG, or the faces entered by hand; and whether entered."""
    if faces is None:
        return [dice.roll_die(ctx.rng, sides) for _ in range(count)], False
    return dice.parse_faces(faces, sides, count), True


def who(ctx: Context, system: ChipSystem, owner: str) -> str:
    """The log name of a roll's owner."""
    return system.gm(capital=True) if owner == MARSHAL else ctx.name_of(owner)


def visibility(roll: RollRecord) -> str:
    """A hidden roll of the GM's is for the GM's eyes only."""
    return GM_ONLY if roll.get("hidden") else "all"


def _from_sheet(ctx: Context, owner: str, args: RollArgs) -> tuple[int, int, int]:
    """Dice, die type and the +N of a trait above d12 from the sheet: an aptitude's
    level (or the trait's Coordination) in dice of the trait's die type."""
    trait = args.trait
    sheet = sheet_of(ctx.state, owner)
    if owner == MARSHAL or sheet is None:
        raise InvalidArgs("Say how many dice ('dice') and which die ('sides').")
    entry = sheet["traits"].get(str(trait).strip().lower())
    if entry is None:
        raise InvalidArgs(f"'{trait}' is not a trait on the sheet.")
    count = int(entry["coordination"])
    aptitude = args.aptitude
    if aptitude is not None:
        apt = sheet["aptitudes"].get(aptitude.lower())
        if apt is None or int(apt["level"]) < 1:
            raise RuleViolation(f"{ctx.name_of(owner)} has no '{aptitude}' aptitude.")
        count = int(apt["level"])
    return count, int(entry["die"]), trait_plus(entry)


def wound_penalty(ctx: Context, owner: str) -> int:
    """Minus the seat's highest wound level (0 unhurt; the GM's own rolls: 0)."""
    sheet = sheet_of(ctx.state, owner)
    levels = (sheet.get("wounds") if sheet else None) or {}
    return -min(MAX_WOUND, max((int(v) for v in levels.values()), default=0))


def make(ctx: Context, system: ChipSystem, args: RollArgs) -> None:
    """``roll.trait``: a new roll for a seat (or the GM's 'marshal'), replacing the last."""
    owner = owner_of(ctx, args.player)
    plus = 0
    if args.trait is not None and args.dice is None:
        count, sides, plus = _from_sheet(ctx, owner, args)
    elif args.dice is None:
        raise InvalidArgs("'dice' is required.")
    elif args.sides is None:
        raise InvalidArgs(f"'sides' is required (one of: {', '.join(map(str, dice.SIDES))}).")
    else:
        count, sides = args.dice, args.sides
    kind = args.kind
    tn = dice.target_number(args.tn)
    if tn is not None and kind not in dice.HIGHEST_KINDS:
        raise InvalidArgs("Only Trait and Aptitude rolls have a TN.")
    modifier = args.modifier
    label = args.label or ("Trait roll" if kind == dice.TRAIT else f"{kind} roll")
    unskilled = args.unskilled
    penalty = int(settings_of(ctx.state).get("unskilled_penalty", 0)) if unskilled else 0
    modifier -= penalty
    # "Wound penalties are never subtracted from 'effect' totals such as damage ... but
    # they do apply to everything else": every Trait/Aptitude roll of a wounded seat.
    hurt = wound_penalty(ctx, owner) if kind == dice.TRAIT else 0
    modifier += hurt
    modifier += plus  # a d12+2 trait: the roll keeps its highest die, then adds 2
    hidden = args.hidden
    if hidden and owner != MARSHAL:
        raise InvalidArgs("Only the GM's own rolls can be hidden.")
    rolled, entered = roll_dice(ctx, sides, count, args.faces)
    seq = int(rules_of(ctx.state).get("roll_seq", 0)) + 1
    roll: RollRecord = {
        "id": seq,
        "owner": owner,
        "label": label,
        "kind": kind,
        "sides": sides,
        "base_dice": count,
        "dice": rolled,
        "whites": 0,
        "chips": [],  # every chip spent on this roll, in order
        "bonuses": [],  # bonus dice: [{colour, die}], added to the highest die
        "bonus_colour": None,  # the first red/blue/Legend chip (no white after it)
        "tn": tn,
        "modifier": modifier,
        "unskilled": unskilled,
        "unskilled_penalty": penalty,
        "wound_penalty": hurt,
        "trait_plus": plus,
        "bust_cancelled": False,
        "hidden": hidden,
        "finished": False,
        "entered": entered,
    }
    outcome = dice.evaluate(roll)
    old = current(ctx.state, owner)
    ctx.emit(
        Draft(
            ROLL_MADE,
            f"{who(ctx, system, owner)} rolls {label} ({count}d{sides}{f'+{plus}' if plus else ''}"
            f"{', entered by hand' if entered else ''}): {dice.describe(roll, outcome)}",
            data={"owner": owner, "roll": roll, "outcome": outcome},
            changes=(Add(("rules", "roll_seq"), 1), Put(("rules", "rolls", owner), old, roll)),
            visible_to=visibility(roll),
            undo=UNDO_GM,
        )
    )


def finish(ctx: Context, system: ChipSystem, args: OwnerArgs) -> None:
    """``roll.finish``: the owner is done with the roll; no more chips on it."""
    owner = owner_of(ctx, args.player)
    roll = open_roll(ctx.state, owner)
    if roll is None:
        last = current(ctx.state, owner)
        if last is not None and last["finished"]:
            raise RuleViolation(f"The roll ({last['label']}) is already finished.")
        raise RuleViolation("There's no roll in progress to finish.")
    outcome = dice.evaluate(roll)
    ctx.emit(
        Draft(
            ROLL_FINISHED,
            f"{who(ctx, system, owner)} settles on {roll['label']}: {dice.describe(roll, outcome)}",
            data={"owner": owner, "roll_id": roll["id"], "outcome": outcome},
            changes=(Put(("rules", "rolls", owner, "finished"), False, True),),
            visible_to=visibility(roll),
        )
    )


def allow_power(ctx: Context, system: ChipSystem, args: PowerArgs) -> None:
    """``roll.power`` (GM): a supernatural power lets chips go on a firearm damage roll.

    "You can't spend chips on: Firearm damage rolls (unless a supernatural power says
    otherwise)": the GM, who knows the power, switches it on for the roll in progress.
    """
    owner = owner_of(ctx, args.player)
    roll = open_roll(ctx.state, owner)
    if roll is None or roll["kind"] != dice.FIREARM:
        raise RuleViolation("There's no firearm damage roll in progress to allow chips on.")
    if roll.get("power"):
        raise RuleViolation("Chips are already allowed on this firearm roll.")
    power = args.power or "a supernatural power"
    ctx.emit(
        Draft(
            ROLL_POWER_EVENT,
            f"{system.gm(capital=True)} allows chips on {who(ctx, system, owner)}'s "
            f"{roll['label']}: {power} says so.",
            data={"owner": owner, "roll_id": roll["id"], "power": power},
            changes=(Put(("rules", "rolls", owner, "power"), roll.get("power"), power),),
            visible_to=visibility(roll),
            undo=UNDO_GM,
        )
    )
