"""The d20 hit location table and its modifiers.

1–4 legs, 5–9 lower torso, 10 gizzards, 11–14 arms, 15–19 upper torso, 20 head; for
arms and legs an odd number is the left side, an even number the right. Each raise on
the attack may shift the roll by 1 either way (the attacker chooses); +2 when fighting,
+2 for height advantage in a fight, +2 (or −2) at point-blank range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..context import Context
from ..errors import InvalidArgs
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict

if TYPE_CHECKING:
    from .flow_args import DamageArgs

MAX_RAISES = 20
PRONE_HITS = ("arms", "upper_torso", "head")  # a prone target is hit only there


def area(n: int) -> str:
    """The table's row for a d20 result: legs, lower_torso, gizzards, arms, upper_torso,
    head."""
    if n <= 4:
        return "legs"
    if n <= 9:
        return "lower_torso"
    if n == 10:
        return "gizzards"
    if n <= 14:
        return "arms"
    if n <= 19:
        return "upper_torso"
    return "head"


def part(n: int) -> str:
    """The body part a result names, with the side for arms and legs."""
    row = area(n)
    if row in ("legs", "arms"):
        return ("left_" if n % 2 else "right_") + row[:-1]
    return row


@dataclass
class Location:
    """Where an attack landed: the roll, the body part, the sheet location."""

    face: int | None
    modifier: int
    result: int | None
    part: str
    location: str
    miss: bool = False

    def data(self) -> JsonDict:
        return {
            "face": self.face,
            "modifier": self.modifier,
            "result": self.result,
            "part": self.part,
            "location": self.location,
            "miss": self.miss,
        }


def resolve(ctx: Context, system: ChipSystem, hit: DamageArgs) -> Location:
    """Roll (or read) where ``hit`` lands (``combat.damage``'s arguments, which attacks,
    falls and stray shots build too): ``location`` names it outright (called shots, the
    GM's choice), else a d20 (``location_face`` if rolled at the table) moved by
    ``shift`` (at most one per raise) and the situation's +2s."""
    if hit.location is not None:
        loc = system.location(hit.location)
        if loc is None:
            raise InvalidArgs(f"'{hit.location}' is not a hit location.")
        return Location(None, 0, None, hit.location.strip().lower().replace(" ", "_"), loc)
    face = hit.location_face if hit.location_face is not None else ctx.rng.die(20)
    if abs(hit.shift) > hit.raises:
        raise InvalidArgs(
            f"Each raise moves the hit location by 1: at most {hit.raises} either way."
        )
    modifier = hit.shift
    modifier += 2 if hit.fighting else 0
    modifier += 2 if hit.height else 0
    modifier += 2 * hit.point_blank
    result = max(1, min(20, face + modifier))
    body_part = part(result)
    loc = system.location(body_part)
    assert loc is not None
    miss = hit.prone and area(result) not in PRONE_HITS
    return Location(face, modifier, result, body_part, loc, miss)
