"""Unintended targets (spacelands-combat.txt, "Unintended Targets"): where a missed shot
goes when bystanders stand near its path.

"For single shots that miss their target. A bullet has a 1 in 6 chance of hitting anyone
within 1 meter of the bullet's path. Start at the bystander closest to the shooter and
roll a d6. If it comes up a 1, he's hit. Roll hit location and damage normally. If the
roll is anything but a 1, check any other bystanders in the path until you run out of
bystanders or the bullet finds a home. A spray of bullets fired from an automatic or area
affect weapon hits bystanders on a 1-2. Continue to check each target until all the
missed rounds have checked each bystander at least once."

Who stands within 1 meter (2 with Suppression) of the path is the Master's picture of the
scene: the attack names them, nearest the shooter first (``bystanders``). Each missed
round checks them in that order until one is hit; a hit is a normal hit (location and
damage rolled, no raises to move it).
"""

from __future__ import annotations

from ..context import Context
from ..errors import InvalidArgs
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem
from . import flow
from .events.stray import COMBAT_STRAY
from .flow_args import DamageArgs
from .state import name_of, named_target

MAX_BYSTANDERS = 12
SINGLE = 1  # "If it comes up a 1, he's hit"
SPRAY = 2  # "A spray ... hits bystanders on a 1-2"


def read(ctx: Context, raw: list[str] | None, cid: str, target: str) -> list[str]:
    """The bystanders named on an attack, nearest the shooter first (checked before
    anything is rolled, so a bad name changes nothing)."""
    if raw is None:
        return []
    words = "'bystanders' lists who stands near the path (ids), nearest the shooter first."
    out: list[str] = []
    for item in raw:
        who = named_target(ctx, item, words)
        if who in (cid, target) or who in out:
            raise InvalidArgs(words)
        out.append(who)
    return out


def check(
    ctx: Context,
    system: ChipSystem,
    faces: list[int],
    bystanders: list[str],
    missed: int,
    spray: bool,
    dmg_args: DamageArgs,
) -> None:
    """Check each missed round against the bystanders in order (``faces``: d6s rolled at
    the table, used first); strike whoever is hit."""
    if not bystanders or missed <= 0:
        return
    given = list(faces)
    # the target's cover, prone and entered location face are not the bystander's; a
    # bystander isn't being fought
    dmg_args = dmg_args.model_copy(
        update={"armour": 0, "prone": False, "location_face": None, "fighting": False}
    )
    top = SPRAY if spray else SINGLE
    for n in range(missed):
        rolls: list[list[int | str]] = []
        hit = None
        for who in bystanders:
            face = given.pop(0) if given else ctx.rng.die(6)
            rolls.append([who, face])
            if face <= top:
                hit = who
                break
        shown = ", ".join(f"{name_of(ctx.state, str(w))} d6 {f}" for w, f in rolls)
        end = f"{name_of(ctx.state, hit)} is hit" if hit else "it finds no home"
        label = f"missed round {n + 1}" if missed > 1 else "the missed shot"
        ctx.emit(
            Draft(
                COMBAT_STRAY,
                f"Bystanders: {label} ({shown}): {end}.",
                data={"rolls": rolls, "hit": hit, "on": top},
                undo=UNDO_GM,
            )
        )
        if hit is not None:
            flow.strike(ctx, system, hit, dmg_args)
