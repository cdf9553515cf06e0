"""Wheel of Fate dice: Xd6 added up against a difficulty.

Extra dice add to the number counted. Bonus dice are rolled too but only the highest
X count; penalty dice likewise keep the lowest X. Bonus and penalty dice cancel one
for one, and more (net) penalty dice than counted dice is an automatic failure (as is
counting no dice at all: 0d is "entirely incapable").
Every full 5 points a roll beats the difficulty (or the other side) by is a whammy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

SIDES = 6
WHAMMY_STEP = 5
Keep = Literal["all", "highest", "lowest"]


@dataclass(frozen=True)
class DicePlan:
    """How many dice a roll counts and how many more it rolls (after cancelling)."""

    counted: int
    bonus: int = 0
    penalty: int = 0

    @property
    def rolled(self) -> int:
        """Dice thrown: nothing at all when the roll fails automatically."""
        return 0 if self.auto_fail else self.counted + self.bonus + self.penalty

    @property
    def auto_fail(self) -> bool:
        """More penalty dice than counted dice, or none counted (0d: entirely incapable)."""
        return self.counted == 0 or self.penalty > self.counted

    @property
    def keep(self) -> Keep:
        if self.bonus:
            return "highest"
        return "lowest" if self.penalty else "all"

    def notation(self) -> str:
        """The text's notation: 3d6++ is two bonus dice, 3d6- one penalty die."""
        return f"{self.counted}d6" + "+" * self.bonus + "-" * self.penalty


def plan(counted: int, bonus: int = 0, penalty: int = 0) -> DicePlan:
    """A plan where bonus and penalty dice have cancelled out one for one."""
    if min(counted, bonus, penalty) < 0:
        raise ValueError("dice counts can't be negative")
    cancelled = min(bonus, penalty)
    return DicePlan(counted, bonus - cancelled, penalty - cancelled)


def kept_indices(faces: Sequence[int], counted: int, keep: Keep) -> list[int]:
    """Positions of the dice that count, in throw order (ties keep the earlier die)."""
    if keep == "all":
        return list(range(len(faces)))
    ranked = sorted(range(len(faces)), key=lambda i: -faces[i] if keep == "highest" else faces[i])
    return sorted(ranked[:counted])


def whammies(margin: int) -> int:
    """Every full 5 points a roll beats its mark by is a whammy."""
    return margin // WHAMMY_STEP if margin > 0 else 0


@dataclass(frozen=True)
class Outcome:
    """Dice thrown under a plan: every face, which were kept, and their sum."""

    plan: DicePlan
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    total: int

    @property
    def auto_fail(self) -> bool:
        return self.plan.auto_fail


def resolve(dice: DicePlan, faces: Sequence[int]) -> Outcome:
    """Read thrown dice (from the RNG or entered by hand) under ``dice``."""
    if len(faces) != dice.rolled:
        raise ValueError(f"expected {dice.rolled} dice, got {len(faces)}")
    if any(not 1 <= f <= SIDES for f in faces):
        raise ValueError("faces are 1-6")
    kept = kept_indices(faces, dice.counted, dice.keep)
    return Outcome(dice, tuple(faces), tuple(kept), sum(faces[i] for i in kept))


@dataclass(frozen=True)
class Verdict:
    """A roll against a difficulty: matching or beating it succeeds."""

    success: bool
    whammies: int


def against(outcome: Outcome, difficulty: int) -> Verdict:
    """Whether ``outcome`` matches or beats ``difficulty``, and by how many whammies."""
    if outcome.auto_fail:
        return Verdict(False, 0)
    success = outcome.total >= difficulty
    return Verdict(success, whammies(outcome.total - difficulty) if success else 0)
