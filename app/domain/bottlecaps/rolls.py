"""The roll in progress: how trait and damage rolls are recorded, rerolled and totalled.

Each character has at most one roll in progress, in ``rules.rolls.<id>``; the cap
rules read it (is it a damage roll? was Extra Effort spent on it?). Dice come from the
host's RNG or are entered by the player from real dice; both are checked the same way.

A trait roll record::

    {"kind": "trait" | "soak", "trait": "Shooting", "die": "d8", "modifier": 0,
     "tn": 4, "trait_dice": [8, 3], "wild_dice": [5], "effort": [], "best": 11,
     "total": 11, "successes": 2, "snake_eyes": false, "rerolls": 0, "entered": false}

(a soak roll also carries ``"hit"``, the number of the hit it soaks). A damage roll::

    {"kind": "damage", "dice": ["d8", "d6"], "modifier": 1, "faces": [[3], [6, 2]],
     "best": 11, "rank_bonus": 0, "total": 12, "rerolls": 0, "entered": false}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from ..context import Context
from ..errors import InvalidArgs
from .arguments import TraitFaces
from .dice import (
    WILD_DIE,
    DieType,
    TraitDice,
    check_chain,
    describe_chains,
    outcome,
    parse_die,
    roll_acing,
    roll_trait_dice,
    successes,
)

if TYPE_CHECKING:  # view_types reads this package's constants
    from .view_types import DamageRoll, TraitRoll

MAX_DAMAGE_DICE = 6
MODIFIER_RANGE = (-20, 20)
TN_RANGE = (1, 40)
EFFORT_DIE = 6


def _within(name: str, faces: list[int] | None, sides: int) -> list[int]:
    """Faces entered for argument ``name``, each on the die (1..``sides``)."""
    if faces is None:
        raise InvalidArgs(f"'{name}' is required.")
    if any(not 1 <= face <= sides for face in faces):
        raise InvalidArgs(f"Every entry of '{name}' must be a whole number 1–{sides}.")
    return faces


def read_trait_dice(ctx: Context, args: TraitFaces, sides: int) -> TraitDice:
    """Faces entered as ``trait_faces`` + ``wild_faces``, or a roll on the host."""
    if not args.typed:
        return roll_trait_dice(ctx.rng, sides)
    trait = _within("trait_faces", args.trait_faces, sides)
    wild = _within("wild_faces", args.wild_faces, WILD_DIE)
    return TraitDice(
        tuple(check_chain(trait, sides, f"The d{sides}")),
        tuple(check_chain(wild, WILD_DIE, "The Wild Die")),
    )


def read_damage_dice(
    ctx: Context, raw: list[list[int]] | None, dice: list[DieType]
) -> list[list[int]]:
    """Faces entered as ``faces`` (one list per die), or a roll on the host."""
    if raw is None:
        return [roll_acing(ctx.rng, die.sides) for die in dice]
    if len(raw) != len(dice):
        raise InvalidArgs(f"'faces' must hold one list of faces for each of the {len(dice)} dice.")
    out = []
    for die, chain in zip(dice, raw, strict=True):
        faces = _within("faces", chain, die.sides)
        out.append(check_chain(faces, die.sides, f"The d{die.sides}"))
    return out


def read_effort(ctx: Context, entered: list[int] | None, aces: bool) -> list[int]:
    """The Extra Effort d6: ``effort_faces`` entered, or rolled on the host."""
    if entered is None:
        return roll_acing(ctx.rng, EFFORT_DIE) if aces else [ctx.rng.die(EFFORT_DIE)]
    faces = _within("effort_faces", entered, EFFORT_DIE)
    if aces:
        return check_chain(faces, EFFORT_DIE, "The Extra Effort d6")
    if len(faces) != 1:
        raise InvalidArgs("The Extra Effort d6 doesn't ace at this table: enter one face.")
    return faces


def read_damage_spec(raw: list[str], modifier: int) -> tuple[list[DieType], int]:
    """The damage dice (``dice``: ["d8", "d6"]) and modifier; a d12+N's N joins it."""
    if not 1 <= len(raw) <= MAX_DAMAGE_DICE:
        raise InvalidArgs(f"'dice' must list 1 to {MAX_DAMAGE_DICE} dice, e.g. ['d8', 'd6'].")
    dice = [parse_die(d, "A damage die") for d in raw]
    return dice, modifier + sum(d.bonus for d in dice)


class Totals(TypedDict):
    """The derived fields of a trait roll (the last four of its record)."""

    best: int
    total: int
    successes: int
    snake_eyes: bool


def trait_record(
    kind: Literal["trait", "soak"],
    trait: str,
    die: DieType,
    modifier: int,
    tn: int,
    dice: TraitDice,
    typed: bool,
) -> TraitRoll:
    """A new trait (or soak) roll in progress."""
    derived = _totals(dice, modifier, [], tn)
    return {
        "kind": kind,
        "trait": trait,
        "die": str(die),
        "modifier": modifier,
        "tn": tn,
        "trait_dice": list(dice.trait),
        "wild_dice": list(dice.wild),
        "effort": [],
        "rerolls": 0,
        "entered": typed,
        "best": derived["best"],
        "total": derived["total"],
        "successes": derived["successes"],
        "snake_eyes": derived["snake_eyes"],
    }


def totals(record: TraitRoll) -> Totals:
    """The derived fields of a trait roll: best die, total, successes, snake eyes."""
    dice = TraitDice(tuple(record["trait_dice"]), tuple(record["wild_dice"]))
    return _totals(dice, int(record["modifier"]), record["effort"], int(record["tn"]))


def retotal(record: TraitRoll) -> None:
    """Write the derived fields again into a record being made (a copy, never the
    state's own) after its dice or Extra Effort changed."""
    derived = totals(record)
    record["best"] = derived["best"]
    record["total"] = derived["total"]
    record["successes"] = derived["successes"]
    record["snake_eyes"] = derived["snake_eyes"]


def _totals(dice: TraitDice, modifier: int, effort: list[int], tn: int) -> Totals:
    total = dice.best + modifier + sum(effort)
    return {
        "best": dice.best,
        "total": total,
        "successes": 0 if dice.snake_eyes else successes(total, tn),
        "snake_eyes": dice.snake_eyes,
    }


def damage_record(
    dice: list[DieType], modifier: int, faces: list[list[int]], typed: bool
) -> DamageRoll:
    """A new damage roll in progress (damage dice ace; there is no Wild Die)."""
    best = sum(sum(chain) for chain in faces)
    return {
        "kind": "damage",
        "dice": [f"d{d.sides}" for d in dice],
        "modifier": modifier,
        "faces": faces,
        "best": best,
        "rank_bonus": 0,
        "total": best + modifier,
        "rerolls": 0,
        "entered": typed,
    }


def describe_trait(record: TraitRoll) -> str:
    """'Shooting d8 (8+3 / Wild 5) +1 = 12 vs 4: a raise'."""
    dice = TraitDice(tuple(record["trait_dice"]), tuple(record["wild_dice"]))
    parts = [f"{record['trait']} {record['die']} ({dice.describe()})"]
    parts += [_signed(int(record["modifier"]))] if record["modifier"] else []
    parts += [f"+ Extra Effort {describe_chains([record['effort']])}"] if record["effort"] else []
    verdict = outcome(int(record["total"]), int(record["tn"]), bool(record["snake_eyes"]))
    return f"{' '.join(parts)} = {record['total']} vs {record['tn']}: {verdict}"


def describe_damage(record: DamageRoll) -> str:
    """'damage d8+d6 (3, 6+2) +1 = 12'."""
    extra = _signed(int(record["modifier"])) if record["modifier"] else ""
    rank = f" + Rank {record['rank_bonus']}" if record["rank_bonus"] else ""
    dice = "+".join(record["dice"])
    return f"damage {dice} ({describe_chains(record['faces'])}){extra}{rank} = {record['total']}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def changed(record: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of ``new`` that differ from ``record`` (for precise Puts)."""
    return {k: v for k, v in new.items() if record.get(k) != v}
