"""Trait rolls: dice that ace, the highest die, bust, target numbers and raises.

A die is stored as its *ace chain*: the faces rolled for it, e.g. ``[8, 8, 3]`` for a
d8 that aced twice (total 19). Only a die's first face counts towards going bust.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..errors import InvalidArgs
from ..jsonvalue import Json
from ..rng import Rng

if TYPE_CHECKING:
    from .state import Rolled
    from .view_types import Bonus, Outcome

SIDES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 20
MAX_ACES = 30  # a die can't ace forever; the chance of 30 aces on a d4 is ~1e-18
RAISE_STEP = 5
TN_LADDER = {"foolproof": 3, "fair": 5, "onerous": 7, "hard": 9, "incredible": 11}

# How a roll is read: a Trait/Aptitude roll (and the Strength part of hand-to-hand
# damage) keeps its highest die; damage and other rolls add every die together.
TRAIT = "trait"
STRENGTH = "strength"
FIREARM = "firearm"
OTHER = "other"
ROLL_KINDS = (TRAIT, STRENGTH, FIREARM, OTHER)
HIGHEST_KINDS = (TRAIT, STRENGTH)


def roll_die(rng: Rng, sides: int) -> list[int]:
    """One open-ended die: the maximum face rolls again and adds."""
    chain = [rng.die(sides)]
    while chain[-1] == sides and len(chain) < MAX_ACES:
        chain.append(rng.die(sides))
    return chain


def check_chain(value: Json, sides: int) -> list[int]:
    """A die entered by hand: every face but the last must be an ace (the maximum)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_ACES:
        raise InvalidArgs("Each die is a list of the faces it showed, aces first.")
    for face in value:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise InvalidArgs(f"A d{sides} shows a whole number from 1 to {sides}.")
    if any(face != sides for face in value[:-1]):
        raise InvalidArgs(f"Only a {sides} on a d{sides} aces and rolls again.")
    if value[-1] == sides:
        raise InvalidArgs("That die aced: roll it again and enter the next face too.")
    return list(value)


def parse_faces(value: Json, sides: int, count: int | None = None) -> list[list[int]]:
    """A list of dice entered by hand (each an ace chain, or one face if it didn't ace)."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_DICE:
        raise InvalidArgs(f"'faces' must list between 1 and {MAX_DICE} dice.")
    if count is not None and len(value) != count:
        raise InvalidArgs(f"Enter exactly {count} dice.")
    return [check_chain(item, sides) for item in value]


def bust_threshold(n_dice: int) -> int:
    """Ones needed to go bust: half the dice or more, rounded up, at least one."""
    return max(1, (n_dice + 1) // 2)


def is_bust(dice: list[list[int]]) -> bool:
    """Half or more of the dice (rounded up) show a natural 1 on their first roll."""
    ones = sum(1 for chain in dice if chain[0] == 1)
    return bool(dice) and ones >= bust_threshold(len(dice))


def target_number(value: Json) -> int | None:
    """A TN given as a number or a ladder name ('fair', 'Onerous'...); None for no TN."""
    if value is None:
        return None
    if isinstance(value, str):
        tn = TN_LADDER.get(value.strip().lower())
        if tn is None:
            raise InvalidArgs(f"A TN is a number or one of: {', '.join(TN_LADDER)}.")
        return tn
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 99:
        raise InvalidArgs("A TN is a whole number from 1 to 99.")
    return value


def bonuses(roll: Rolled) -> list[Bonus]:
    """The roll's bonus dice, each ``{colour, die}`` (a red, blue or Legend chip's die,
    added to the highest die). Rolls logged before several bonus chips could go on one
    action kept a single ``bonus`` chain and its ``bonus_colour``; they read the same."""
    found = roll.get("bonuses")
    if isinstance(found, list):
        return found
    chain = roll.get("bonus")
    if chain:
        # the colour was written with the chain
        return [{"colour": cast(str, roll.get("bonus_colour")), "die": chain}]
    return []


def evaluate(roll: Rolled) -> Outcome:
    """The outcome of a roll record: total, bust, success and raises.

    ``roll`` holds ``kind``, ``dice`` (ace chains), ``bonuses`` (the bonus dice),
    ``modifier``, ``tn`` and ``bust_cancelled``.
    """
    dice: list[list[int]] = roll["dice"]
    totals = [sum(chain) for chain in dice]
    bonus = sum(sum(b["die"]) for b in bonuses(roll))
    modifier = int(roll.get("modifier", 0))
    highest_read = roll["kind"] in HIGHEST_KINDS
    base = max(totals) if highest_read else sum(totals)
    bust = highest_read and is_bust(dice) and not roll.get("bust_cancelled", False)
    total = base + bonus + modifier
    out: Outcome = {
        "dice_totals": totals,
        "base": base,
        "bonus": bonus,
        "total": total,
        "bust": bust,
    }
    tn = roll.get("tn")
    if tn is not None:
        success = not bust and total >= tn
        out["success"] = success
        out["raises"] = (total - tn) // RAISE_STEP if success else 0
    return out


def describe(roll: Rolled, outcome: Outcome) -> str:
    """'8, 10+4, 3 → 14 vs TN 9: success, 1 raise' for a log line."""
    faces = ", ".join("+".join(map(str, chain)) for chain in roll["dice"])
    text = f"[{faces}]"
    for extra in bonuses(roll):
        text += " + bonus " + "+".join(map(str, extra["die"]))
    if roll.get("modifier"):
        text += f" {int(roll['modifier']):+d}"
    text += f" → {outcome['total']}"
    if outcome["bust"]:
        return text + ": BUST"
    if "success" in outcome:
        text += f" vs TN {roll['tn']}: "
        if not outcome["success"]:
            return text + "failure"
        raises = outcome["raises"]
        text += "success" + (f", {raises} raise{'s' if raises > 1 else ''}" if raises else "")
    return text
