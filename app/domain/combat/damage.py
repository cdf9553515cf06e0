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
from typing import TYPE_CHECKING

from ..context import Context
from ..errors import InvalidArgs
from ..fatechips import dice
from ..jsonvalue import JsonDict
from . import checks

if TYPE_CHECKING:  # flow_args reads this module's limits
    from .flow_args import DamageArgs

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


def effective_armour(armour: int, penetration: int | None) -> tuple[int, bool]:
    """(armour levels that count, deflected?) from ``armour`` and ``penetration``."""
    if penetration is None or armour == 0:
        return armour, False
    if penetration < armour:
        return armour, True
    return max(0, armour - (penetration - armour)), False


def _strength(ctx: Context, hit: DamageArgs, cap: int) -> tuple[int, list[list[int]]]:
    """The Strength check of hand-to-hand damage, capped at the weapon's damage."""
    if hit.strength_total is not None:
        return min(cap, hit.strength_total), []
    if not hit.hand_to_hand:
        return 0, []
    if hit.attacker is None:
        raise InvalidArgs("Hand-to-hand damage needs the 'attacker' (for the Strength roll).")
    count, sides, minus = checks.dice_for(
        ctx, hit.attacker, "strength", hit.strength_dice, hit.strength_sides
    )
    if hit.strength_faces is not None:
        rolled = dice.parse_faces(list(hit.strength_faces), sides, count)
    else:
        rolled = [dice.roll_die(ctx.rng, sides) for _ in range(count)]
    highest = max(sum(c) for c in rolled) - minus  # a d12+2 Strength adds its 2
    return min(cap, highest), rolled


def roll(ctx: Context, hit: DamageArgs, part: str) -> Damage:
    """Roll (or read) one attack's damage to ``part`` (a hit location's body part)."""
    count, sides, bonus = hit.dice, hit.sides, hit.bonus
    if count > dice.MAX_DICE:  # up to 50 may be named for an explosion's drop first
        raise InvalidArgs(f"'dice' must be between 1 and {dice.MAX_DICE}.")
    if hit.extra_dice:
        count += EXTRA_DICE.get(part, 0)
    armour, deflected = effective_armour(hit.armour, hit.penetration)
    stepped = None if deflected else step_down(sides, armour)
    if stepped is None:
        return Damage([], None, 0, 0, [], 0, armour, True, deflected)
    if hit.faces is None:
        rolled = [dice.roll_die(ctx.rng, stepped) for _ in range(count)]
    else:
        rolled = dice.parse_faces(list(hit.faces), stepped, count)
    weapon = sum(sum(c) for c in rolled) + bonus
    if hit.halve:  # a fall into water or onto something soft
        weapon //= 2
    strength, strength_dice = _strength(ctx, hit, weapon)
    total = weapon + strength
    return Damage(rolled, stepped, bonus, strength, strength_dice, total, armour, False, False)


def wounds_from(total: int, size: int, brawling: bool) -> tuple[int, int]:
    """(real wounds, brawling Wind) a damage total makes against a Size."""
    levels = total // size
    if brawling:
        return levels // 2, BRAWL_WIND * levels
    return levels, 0
