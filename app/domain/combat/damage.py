"""Rolling damage: dice (aces add), extra dice to gizzards and head, armour, the
Strength part of hand-to-hand damage, and how many wounds it makes.

- Damage dice are summed and open-ended; gizzards add 1 die, the head 2 (not for
  explosions and falls: ``extra_dice: false``).
- Each level of Armour lowers the die type (d20 → d12 → d10 → d8 → d6 → d4); below a d4
  the attack is stopped. A weapon's Penetration at or above the Armour takes one level
  off per point over; below it the attack is deflected.
- Hand-to-hand: a Strength check (its highest die) is added, capped at the weapon damage,
  and stopped with the weapon's dice.
- Wounds = damage ÷ Size, truncated. Brawling: 3 Wind per wound level it would have
  caused, and one real wound per 2 full levels.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import args as a
from ..context import Context
from ..errors import InvalidArgs
from ..fatechips import dice
from ..jsonvalue import JsonDict
from . import checks

LADDER = (4, 6, 8, 10, 12, 20)
EXTRA_DICE = {"gizzards": 1, "head": 2}
MAX_ARMOUR = 6
BRAWL_WIND = 3


def step_down(sides: int, armour: int) -> int | None:
    """The die type after ``armour`` levels, or None when the attack is stopped."""
    index = LADDER.index(sides) - armour
    return LADDER[index] if index >= 0 else None


@dataclass
class Damage:
    """One attack's damage roll and what it comes to."""

    dice: list[list[int]]
    sides: int | None
    bonus: int
    strength: int
    strength_dice: list[list[int]]
    total: int
    armour: int
    stopped: bool
    deflected: bool

    def data(self) -> JsonDict:
        return {
            "dice": self.dice,
            "sides": self.sides,
            "bonus": self.bonus,
            "strength": self.strength,
            "strength_dice": self.strength_dice,
            "total": self.total,
            "armour": self.armour,
            "stopped": self.stopped,
            "deflected": self.deflected,
        }


def effective_armour(args: JsonDict) -> tuple[int, bool]:
    """(armour levels that count, deflected?) from ``armour`` and ``penetration``."""
    armour = a.integer(args, "armour", lo=0, hi=MAX_ARMOUR, default=0)
    pen = args.get("penetration")
    if pen is None or armour == 0:
        return armour, False
    penetration = a.integer(args, "penetration", lo=0, hi=20)
    if penetration < armour:
        return armour, True
    return max(0, armour - (penetration - armour)), False


def _strength(ctx: Context, args: JsonDict, cap: int) -> tuple[int, list[list[int]]]:
    """The Strength check of hand-to-hand damage, capped at the weapon's damage."""
    if "strength_total" in args:
        return min(cap, a.integer(args, "strength_total", lo=0, hi=999)), []
    attacker = args.get("attacker")
    if not a.flag(args, "hand_to_hand"):
        return 0, []
    if not isinstance(attacker, str):
        raise InvalidArgs("Hand-to-hand damage needs the 'attacker' (for the Strength roll).")
    sub = {k[9:]: v for k, v in args.items() if k.startswith("strength_")}
    count, sides, minus = checks.dice_for(ctx, attacker, "strength", sub)
    if "faces" in sub:
        rolled = dice.parse_faces(sub["faces"], sides, count)
    else:
        rolled = [dice.roll_die(ctx.rng, sides) for _ in range(count)]
    highest = max(sum(c) for c in rolled) - minus  # a d12+2 Strength adds its 2
    return min(cap, highest), rolled


def roll(ctx: Context, args: JsonDict, part: str) -> Damage:
    """Roll (or read) one attack's damage to ``part`` (a hit location's body part)."""
    count = a.integer(args, "dice", lo=1, hi=dice.MAX_DICE)
    sides = a.choice(args, "sides", LADDER)
    bonus = a.integer(args, "bonus", lo=0, hi=500, default=0)
    if a.flag(args, "extra_dice", default=True):
        count += EXTRA_DICE.get(part, 0)
    armour, deflected = effective_armour(args)
    stepped = None if deflected else step_down(sides, armour)
    if stepped is None:
        return Damage([], None, 0, 0, [], 0, armour, True, deflected)
    faces = args.get("faces")
    if faces is None:
        rolled = [dice.roll_die(ctx.rng, stepped) for _ in range(count)]
    else:
        rolled = dice.parse_faces(faces, stepped, count)
    weapon = sum(sum(c) for c in rolled) + bonus
    if a.flag(args, "halve"):  # a fall into water or onto something soft
        weapon //= 2
    strength, strength_dice = _strength(ctx, args, weapon)
    total = weapon + strength
    return Damage(rolled, stepped, bonus, strength, strength_dice, total, armour, False, False)


def wounds_from(total: int, size: int, brawling: bool) -> tuple[int, int]:
    """(real wounds, brawling Wind) a damage total makes against a Size."""
    levels = total // size
    if brawling:
        return levels // 2, BRAWL_WIND * levels
    return levels, 0
