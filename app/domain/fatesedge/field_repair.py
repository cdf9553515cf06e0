"""Field repair (15.4): 'Field Repair: Temporary; Craft or Survival check removes
penalty for one scene.'

The check is a roll like any other (Wits + Craft or Survival on the host, the
description ladder, the DV the GM set, Fatigue's forced re-rolls, its 1s as CP): it
succeeds when it makes the DV, or with at least one success when no DV is set. Only a
check that succeeds removes the Compromised item's −1 die, until the scene ends.
"""

from __future__ import annotations

from typing import Literal

from ..arguments import Args, SeatId, described, optional
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM
from .arg_kinds import PLAYER, ItemId
from .events.field_repair import GEAR_FIELD_REPAIR_FAILED, GEAR_FIELD_REPAIRED
from .roll_args import Ladder, RollArgs
from .rolls import perform
from .state import emit, find, name_of, pc_path, put

SUCCEEDED = ("clean", "cost")


class GearArgs(Args):
    """``gear.field_repair``."""

    player: SeatId | None = optional(PLAYER)
    gear: ItemId = described("the item's id")
    skill: Literal["craft", "survival"] = optional(
        "the check: Wits + craft or survival", default="craft"
    )
    ladder: Ladder = optional("description ladder of the check", default="basic")


GEAR_FIELD_REPAIR = CommandType("gear.field_repair", GearArgs)


def field_repair(ctx: Context, args: GearArgs) -> None:
    """Roll the Craft or Survival check; on a success the item has no penalty this scene."""
    pid = ctx.target(args.player)
    gid = args.gear
    g = find(ctx, pid, "gear", gid, "gear")
    if g["condition"] != "compromised" or g.get("field_repaired"):
        raise RuleViolation(f"{g['name']} has no penalty to patch.")
    check = RollArgs(
        attribute="wits",
        skill=args.skill,
        ladder=args.ladder,
        label=f"Field repair of {g['name']}",
    )
    record, changes, text = perform(ctx, pid, check)
    dv = int(record["dv"])
    made = record.get("outcome") in SUCCEEDED if dv else int(record["successes"]) > 0
    if made:
        changes.append(put(ctx, pc_path(pid, "gear", gid, "field_repaired"), True))
        text += f" {name_of(ctx, pid)} patches up {g['name']}: no penalty for this scene."
    else:
        text += f" The check fails: {g['name']} stays Compromised (−1 die)."
    emit(
        ctx,
        GEAR_FIELD_REPAIRED if made else GEAR_FIELD_REPAIR_FAILED,
        text,
        changes,
        data={**record, "gear": gid, "repaired": made},
        undo=UNDO_GM,
    )
