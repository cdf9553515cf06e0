"""Savage Worlds dice: die types, acing dice, the Wild Die, target numbers and raises.

Every die *aces*: on its highest face it is rolled again and added. A Wild Card rolls
its trait die and a d6 Wild Die and keeps the higher. A result of at least the target
number (4) is a success; each full 4 over it is a raise. Both dice showing 1 on their
first roll is *snake eyes*, a critical failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidArgs
from ..rng import Rng

DIE_SIDES = (4, 6, 8, 10, 12)
WILD_DIE = 6
RAISE_STEP = 4
# A chain of aces longer than this is not a roll anyone made at a table.
MAX_CHAIN = 30
MAX_BONUS = 10
_DIE_RE = re.compile(r"^d(4|6|8|10|12)(?:\+(\d{1,2}))?$")


@dataclass(frozen=True)
class DieType:
    """A trait's die, e.g. ``d8``, or ``d12+2`` (a d12 with +2 on the result)."""

    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        return f"d{self.sides}+{self.bonus}" if self.bonus else f"d{self.sides}"


def parse_die(value: object, what: str = "die") -> DieType:
    """Read ``d4``..``d12`` or ``d12+N``; anything else is an InvalidArgs naming ``what``."""
    match = _DIE_RE.match(value.strip().lower()) if isinstance(value, str) else None
    if match is None:
        raise InvalidArgs(f"{what} must be a die type: d4, d6, d8, d10, d12 or d12+N.")
    sides, bonus = int(match.group(1)), int(match.group(2) or 0)
    if bonus and sides != 12:
        raise InvalidArgs(f"{what}: only a d12 takes a bonus (d12+1, d12+2...).")
    if bonus > MAX_BONUS:
        raise InvalidArgs(f"{what}: the bonus can be at most +{MAX_BONUS}.")
    return DieType(sides, bonus)


def roll_acing(rng: Rng, sides: int) -> list[int]:
    """Roll one acing die: every face of the chain, e.g. ``[6, 6, 2]`` for a d6 of 14."""
    faces: list[int] = []
    while True:
        face = rng.die(sides)
        faces.append(face)
        if face < sides or len(faces) >= MAX_CHAIN:
            return faces


def check_chain(faces: list[int], sides: int, what: str) -> list[int]:
    """Check faces entered by hand for one acing die: every face but the last must be
    the highest one (it aced), and the last must not be (else it would roll again)."""
    if not faces:
        raise InvalidArgs(f"{what}: enter at least one face.")
    if len(faces) > MAX_CHAIN:
        raise InvalidArgs(f"{what}: at most {MAX_CHAIN} faces.")
    for face in faces:
        if not 1 <= face <= sides:
            raise InvalidArgs(f"{what}: a d{sides} shows 1 to {sides}, not {face}.")
    if any(face != sides for face in faces[:-1]) or faces[-1] == sides:
        raise InvalidArgs(
            f"{what}: a d{sides} is rolled again only on a {sides} (it aces), "
            f"so every face but the last is {sides} and the last is lower."
        )
    return list(faces)


def successes(total: int, tn: int) -> int:
    """0 for a failure, 1 for a success, 2 for a raise, 3 for two raises..."""
    return 0 if total < tn else 1 + (total - tn) // RAISE_STEP


def outcome(total: int, tn: int, snake_eyes: bool = False) -> str:
    """A short word for the log: 'critical failure', 'failure', 'success', '2 raises'."""
    if snake_eyes:
        return "critical failure"
    count = successes(total, tn)
    if count == 0:
        return "failure"
    if count == 1:
        return "success"
    return "a raise" if count == 2 else f"{count - 1} raises"


@dataclass(frozen=True)
class TraitDice:
    """The dice of one Wild Card trait roll: the trait die and the Wild Die, both aced."""

    trait: tuple[int, ...]
    wild: tuple[int, ...]

    @property
    def best(self) -> int:
        """The higher of the two dice (the roll keeps it before modifiers)."""
        return max(sum(self.trait), sum(self.wild))

    @property
    def snake_eyes(self) -> bool:
        return self.trait[0] == 1 and self.wild[0] == 1

    def describe(self) -> str:
        return f"{_chain(self.trait)} / Wild {_chain(self.wild)}"


def roll_trait_dice(rng: Rng, sides: int) -> TraitDice:
    """Roll a trait die of ``sides`` with a d6 Wild Die."""
    return TraitDice(tuple(roll_acing(rng, sides)), tuple(roll_acing(rng, WILD_DIE)))


def _chain(faces: tuple[int, ...] | list[int]) -> str:
    return "+".join(map(str, faces)) if len(faces) > 1 else str(faces[0])


def describe_chains(chains: list[list[int]]) -> str:
    """'8+3, 5' for the faces of several acing dice."""
    return ", ".join(_chain(c) for c in chains)
