"""Falling (spacelands-combat.txt, "Falling"): "A character takes 1d6+5 damage for every
5 meters fallen, up to a maximum of 20d6+100. Any wounds are applied randomly to separate
body areas, ignoring extra damage for heads and gizzards. Landing in water reduces the
damage by half or cancels it entirely if the character makes a Fair (5) swimming roll.
Landing on a haystack, awning, or other soft obstacle reduces the damage by half if the
character makes an Onerous (7) Deftness roll."

Reading: water always halves, and a made Fair (5) swimming roll cancels the damage; a
soft landing halves only with the Onerous (7) Deftness roll.
"""

from __future__ import annotations

from typing import Literal, get_args

from ..arguments import described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem
from . import checks, flow, wind
from .check_args import CheckArgs, Faces, WhoArgs
from .events.falling import COMBAT_FELL
from .flow_args import damage_args
from .state import name_of, resolve

STEP = 5  # "for every 5 meters fallen"
PER_STEP = 5  # "1d6+5"
MAX_DICE = 20  # "up to a maximum of 20d6+100"
LANDINGS = ("ground", "water", "soft")
SWIM_TN = 5
SOFT_TN = 7
Landing = Literal["ground", "water", "soft"]
assert set(get_args(Landing)) == set(LANDINGS)


class FallArgs(WhoArgs, CheckArgs):
    """``combat.fall``: the check is the landing's (swimming in water, Deftness soft)."""

    meters: int = described("how far, in meters", ge=0, le=100_000)
    landing: Landing = optional("ground (default), water or soft", "ground")
    damage_faces: Faces | None = optional("the damage d6s rolled at the table (ace chains)")


COMBAT_FALL = CommandType("combat.fall", FallArgs)


def fall(ctx: Context, system: ChipSystem, args: FallArgs) -> None:
    """``combat.fall`` (GM): the damage of a fall of ``meters`` onto ``landing``, the
    landing's roll made here, the wounds spread over separate areas."""
    ctx.require_gm("make someone fall")
    cid = resolve(ctx, args.who)
    meters, landing = args.meters, args.landing
    count = min(MAX_DICE, meters // STEP)
    who = name_of(ctx.state, cid)
    halve, cancel, roll_text, data = landing == "water", False, "", {}
    changes: tuple[Change, ...] = ()
    if landing != "ground" and count:
        what, tn = ("swimming", SWIM_TN) if landing == "water" else ("deftness", SOFT_TN)
        check = checks.roll(ctx, cid, what, tn, args)
        roll_text = f"; {what.capitalize()} {check.text()}"
        data = {"roll": check.data()}
        changes = tuple(check.changes)
        if landing == "water":
            cancel = check.success
        else:
            halve = check.success
    if not count:
        outcome = "less than 5 meters: no damage"
    elif cancel:
        outcome = "into water, and swims it off: no damage"
    else:
        outcome = f"{count}d6+{PER_STEP * count}" + (", halved" if halve else "")
    ctx.emit(
        Draft(
            COMBAT_FELL,
            f"{who} falls {meters} m onto {landing}{roll_text}: {outcome}.",
            data={"who": cid, "meters": meters, "landing": landing, "dice": count, **data},
            changes=changes,
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )
    if count and not cancel:
        hit = damage_args(
            dice=count,
            sides=6,
            bonus=PER_STEP * count,
            spread="random",
            extra_dice=False,
            halve=halve,
        )
        if args.damage_faces is not None:  # checked against the dice by the damage roll
            hit = hit.model_copy(update={"faces": list(args.damage_faces)})
        flow.strike(ctx, system, cid, hit)
