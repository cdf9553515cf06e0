"""Pure dice resolution: the description ladder, Fatigue's forced re-rolls, the outcome.

Nothing here touches table state: given the first faces and a source of re-roll faces
(``ctx.rng`` or faces a player typed in from physical dice), it says which dice were
re-rolled, why, and what the roll means. The same code serves both kinds of roll.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .roll_record import DieRecord, Summary

SUCCESS = 6  # "Each die of 6 or higher counts as a success."
LADDER = ("basic", "detailed", "intricate")
ATTRIBUTES = ("body", "wits", "spirit", "presence")

DIFFICULTY = {1: "Routine", 2: "Pressured", 3: "Hard", 4: "Extreme"}

OUTCOMES = {
    "clean": "Clean Success",
    "cost": "Success & Cost",
    "partial": "Partial",
    "miss": "Miss",
}

OUTCOME_GUIDANCE = {
    "clean": "Deliver the intent crisply.",
    "cost": "Grant the intent; spend or bank CP to add friction.",
    "partial": "Progress with a fork: 'Get it but…' or 'Leave it and…'.",
    "miss": "No progress. Cash some CP now or bank them; consider a Devil's Bargain.",
}


@dataclass
class Die:
    """One die of a pool: every face it showed, and why each re-roll happened."""

    faces: list[int]
    why: list[str] = field(default_factory=list)

    @property
    def face(self) -> int:
        return self.faces[-1]

    def reroll(self, face: int, why: str) -> None:
        self.faces.append(face)
        self.why.append(why)

    def to_json(self) -> DieRecord:
        return {"face": self.face, "faces": list(self.faces), "why": list(self.why)}

    @classmethod
    def from_json(cls, data: DieRecord) -> Die:
        return cls(list(data["faces"]), list(data["why"]))


def difficulty_name(dv: int) -> str:
    """The difficulty ladder's name for a DV: 4 and above are all Extreme."""
    return DIFFICULTY[min(dv, 4)]


def fatigue_rerolls(level: int, fresh: bool) -> int:
    """Successes a Fatigued character must re-roll.

    1: one on the next roll only (``fresh`` says it hasn't been paid yet); 2: one on
    each roll; 3: two on each roll. Level 4 is out of the scene (refused earlier).
    """
    if level <= 0:
        return 0
    if level == 1:
        return 1 if fresh else 0
    if level == 2:
        return 1
    return 2


def resolve(faces: list[int], ladder: str, forced: int, reroll: Callable[[], int]) -> list[Die]:
    """Apply the description ladder, then Fatigue's forced re-rolls.

    Detailed re-rolls one 1, Intricate all 1s; each re-rolled die *replaces* the 1, and a
    1 on the re-roll stays (it is a Complication Point). Fatigue then forces ``forced``
    successes to be re-rolled (lowest successes first: every success counts the same).
    """
    dice = [Die([f]) for f in faces]
    ones = [d for d in dice if d.face == 1]
    if ladder == "detailed":
        ones = ones[:1]
    elif ladder == "basic":
        ones = []
    for die in ones:
        die.reroll(reroll(), ladder)
    hits = sorted((d for d in dice if d.face >= SUCCESS), key=lambda d: d.face)
    for die in hits[:forced]:
        die.reroll(reroll(), "fatigue")
    return dice


def successes(dice: list[Die]) -> int:
    return sum(1 for d in dice if d.face >= SUCCESS)


def complications(dice: list[Die]) -> int:
    return sum(1 for d in dice if d.face == 1)


def outcome(s: int, c: int, dv: int) -> str:
    """The outcome matrix: Clean Success, Success & Cost, Partial or Miss."""
    if s >= dv:
        return "clean" if c == 0 else "cost"
    return "partial" if s > 0 else "miss"


def summarize(dice: list[Die], dv: int, ladder: str, cancelled: int = 0, added: int = 0) -> Summary:
    """What the UI shows with a roll: counts, the outcome and its guidance.

    ``cancelled`` CP were erased by a talent or item used on the roll: the roll's CP
    (and so the outcome matrix's C) count only the 1s left. ``added`` automatic
    successes (Echo-Walker) count beside the dice's."""
    s, c = successes(dice) + added, max(0, complications(dice) - cancelled)
    data: Summary = {
        "dice": [d.to_json() for d in dice],
        "successes": s,
        "cp": c,
        "dv": dv,
        "cancelled": cancelled,
    }
    if added:
        data["added"] = added
    if dv > 0:
        key = outcome(s, c, dv)
        data["difficulty"] = difficulty_name(dv)
        data["outcome"] = key
        data["outcome_name"] = OUTCOMES[key]
        data["guidance"] = OUTCOME_GUIDANCE[key]
        data["flourish"] = ladder == "intricate" and s >= dv
    else:
        data["flourish"] = ladder == "intricate" and s > 0
    return data
