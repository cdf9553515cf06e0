"""Condition tracks (Maintained → Neglected → Compromised) for followers, assets and gear:
flagging, maintenance, degradation, recovery and repair."""

from __future__ import annotations

from typing import Annotated, Literal, cast, get_args

from pydantic import Field

from ..arguments import Args, SeatId, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from .arg_kinds import PLAYER, REVEAL, Cp10, ItemId, Text120
from .costs import ASSET_REPAIR, FOLLOWER_REPAIR, asset_maintain, asset_restore, follower_maintain
from .economy import pay_cp, spend_xp
from .events.resources import (
    RESOURCE_DEGRADED,
    RESOURCE_FLAGGED,
    RESOURCE_MAINTAINED,
    RESOURCE_RECOVERED,
    RESOURCE_REPAIR_STARTED,
    RESOURCE_REPAIRED,
)
from .sheet_types import Asset, Follower, Gear, Holding
from .spend_notes import spend_words
from .state import emit, fe_rules, fe_settings, find, holdings, name_of, pc_path, put, sheet
from .upkeep_time import UPKEEP_DAYS, start_upkeep

GROUPS = {"follower": "followers", "asset": "assets", "gear": "gear"}
STEPS = {
    "followers": ("maintained", "neglected", "compromised"),
    "assets": ("maintained", "neglected", "compromised"),
    "gear": ("maintained", "compromised", "broken"),
}
# "Superior and Artifact gear do not require upkeep"; mundane kits are handwaved.
NO_UPKEEP = ("superior", "artifact", "kit")
QUEST_ONLY = ("superior", "artifact")  # "only narrative quests can repair them"

Kind = Literal["follower", "asset", "gear"]
assert set(get_args(Kind)) == set(GROUPS)


class ResourceArgs(Args):
    """``resource.recover``: which follower, asset or gear item."""

    player: SeatId | None = optional(PLAYER)
    kind: Kind = described("follower, asset or gear")
    id: ItemId = described("its id on the sheet")


RESOURCE_RECOVER = CommandType("resource.recover", ResourceArgs)


class FlagArgs(ResourceArgs):
    """``resource.flag``."""

    reason: Text120 = optional(
        "why (heavily used, put at risk, under strain)", default="heavily used"
    )


RESOURCE_FLAG = CommandType("resource.flag", FlagArgs)


class UpkeepArgs(ResourceArgs):
    """``resource.maintain`` and ``resource.repair``."""

    mode: Literal["downtime", "xp"] = described("a week of Downtime, or XP now")


RESOURCE_MAINTAIN = CommandType("resource.maintain", UpkeepArgs)
RESOURCE_REPAIR = CommandType("resource.repair", UpkeepArgs)


class DegradeArgs(ResourceArgs):
    """``resource.degrade``."""

    steps: Annotated[int, Field(ge=1, le=2)] = optional("steps down the track", default=1)
    cp: Cp10 = optional("CP the GM pays for it", default=0)
    reveal: bool | None = optional(REVEAL)


RESOURCE_DEGRADE = CommandType("resource.degrade", DegradeArgs)


def _target(ctx: Context, args: ResourceArgs) -> tuple[str, str, str, Holding]:
    pid = ctx.target(args.player)
    group = GROUPS[args.kind]
    return pid, group, args.id, find(ctx, pid, group, args.id, args.kind)


def degrade_changes(
    ctx: Context, pid: str, group: str, item_id: str, steps: int = 1
) -> list[Change]:
    item = holdings(sheet(ctx, pid), group)[item_id]
    track = STEPS[group]
    new = track[min(len(track) - 1, track.index(item["condition"]) + steps)]
    changes: list[Change] = []
    if new != item["condition"]:
        changes.append(put(ctx, pc_path(pid, group, item_id, "condition"), new))
    if item.get("flagged"):
        changes.append(put(ctx, pc_path(pid, group, item_id, "flagged"), False))
    return changes


def arc_degradation(ctx: Context) -> tuple[list[str], list[Change]]:
    """'Flagged resources degrade one step unless Maintained by Time or XP.'"""
    names: list[str] = []
    changes: list[Change] = []
    for pid, pc in fe_rules(ctx).get("pcs", {}).items():
        for group in STEPS:
            for item_id, item in holdings(pc, group).items():
                # A week of Downtime upkeep already committed counts as Maintained by Time.
                if item.get("flagged") and not item.get("maintaining"):
                    changes += degrade_changes(ctx, pid, group, item_id)
                    names.append(f"{pc['name']}'s {item['name']}")
    return names, changes


def flag(ctx: Context, args: FlagArgs) -> None:
    """The GM flags a resource that was heavily used, put at risk, or under strain."""
    ctx.require_gm("flag a resource")
    pid, group, item_id, item = _target(ctx, args)
    gear = cast(Gear, item)  # read as gear only when the group is "gear"
    if group == "gear" and gear.get("tier") in NO_UPKEEP:
        raise RuleViolation(f"{item['name']} is {gear['tier']} gear: it needs no upkeep.")
    if item.get("flagged"):
        raise RuleViolation(f"{item['name']} is already flagged.")
    reason = args.reason
    emit(
        ctx,
        RESOURCE_FLAGGED,
        f"The GM flags {name_of(ctx, pid)}'s {item['name']} ({reason}): maintain it by "
        "Downtime or XP, or it degrades one step at the end of the arc.",
        [put(ctx, pc_path(pid, group, item_id, "flagged"), True)],
        data={"player": pid, "id": item_id, "reason": reason},
    )


def _maintain_cost(ctx: Context, group: str, item: Holding) -> int:
    if group == "followers":
        follower = cast(Follower, item)  # the group says which
        return follower_maintain(int(follower["cap"]), str(follower["loyalty"]))
    if group == "assets":
        return asset_maintain(str(cast(Asset, item)["tier"]), fe_settings(ctx))
    return 1  # Standard gear: "Pay 1 XP immediately"


def maintain(ctx: Context, args: UpkeepArgs) -> None:
    """Keep a flagged resource Maintained: a week of Downtime, or XP equal to Tier/Cap."""
    pid, group, item_id, item = _target(ctx, args)
    if not item.get("flagged"):
        raise RuleViolation(f"{item['name']} isn't flagged; it needs no maintenance now.")
    mode = args.mode
    if item.get("maintaining"):
        raise RuleViolation(f"{item['name']} already has a week of Downtime upkeep under way.")
    changes: list[Change] = [put(ctx, pc_path(pid, group, item_id, "flagged"), False)]
    if mode == "xp":
        cost = _maintain_cost(ctx, group, item)
        changes = spend_xp(ctx, pid, cost) + changes
        how = f"pays {cost} XP"
    else:
        changes, how = start_upkeep(ctx, pid, group, item_id, item, "maintain")
    emit(
        ctx,
        RESOURCE_MAINTAINED,
        f"{name_of(ctx, pid)} {how} to keep {item['name']} Maintained."
        if mode == "xp"
        else f"{name_of(ctx, pid)} {how}: it is kept Maintained when the week has passed.",
        changes,
        data={"player": pid, "id": item_id, "mode": mode},
    )


def degrade(ctx: Context, args: DegradeArgs) -> None:
    """The GM degrades a resource one step now (Burn, Seize, a CP spend, fallout)."""
    ctx.require_gm("degrade a resource")
    pid, group, item_id, item = _target(ctx, args)
    steps = args.steps
    changes = degrade_changes(ctx, pid, group, item_id, steps)
    if not changes:
        raise RuleViolation(f"{item['name']} can't degrade any further.")
    cp = args.cp
    new = STEPS[group][min(2, STEPS[group].index(item["condition"]) + steps)]
    words, spent = spend_words(ctx, args.reveal, cp, f"{item['name']} degrades")
    emit(
        ctx,
        RESOURCE_DEGRADED,
        f"{name_of(ctx, pid)}'s {item['name']} is now {new.title()}{words}.",
        pay_cp(ctx, cp) + changes,
        data={"player": pid, "id": item_id, "condition": new, **spent},
    )


def recover(ctx: Context, args: ResourceArgs) -> None:
    """A Quest/Operation recovered a Compromised resource; it can now be restored."""
    ctx.require_gm("mark a resource recovered")
    pid, group, item_id, item = _target(ctx, args)
    if item["condition"] != "compromised":
        raise RuleViolation(f"{item['name']} isn't Compromised.")
    emit(
        ctx,
        RESOURCE_RECOVERED,
        f"{name_of(ctx, pid)} recovers {item['name']}: restore it by Downtime or XP.",
        [put(ctx, pc_path(pid, group, item_id, "recovered"), True)],
        data={"player": pid, "id": item_id},
    )


def repair(ctx: Context, args: UpkeepArgs) -> None:
    """Neglected → Maintained (Downtime or ⌈Tier/2⌉ XP); Compromised → Maintained after
    recovery (Downtime or full Tier/Cap XP). Gear: proper repair needs downtime."""
    pid, group, item_id, item = _target(ctx, args)
    mode = args.mode
    cond = item["condition"]
    if cond == "maintained":
        raise RuleViolation(f"{item['name']} is already Maintained.")
    if cond == "broken":
        raise RuleViolation(f"{item['name']} broke entirely: it can't be repaired.")
    if cond == "compromised" and not item.get("recovered") and group != "gear":
        raise RuleViolation(
            f"{item['name']} is Compromised: it takes a Quest/Operation to recover first."
        )
    if group == "gear" and cond == "compromised":
        if cast(Gear, item).get("tier") in QUEST_ONLY and not item.get("recovered"):
            raise RuleViolation(f"Only a narrative quest can repair {item['name']}.")
        if mode == "xp":
            raise RuleViolation("Proper repair of gear takes tools, materials and downtime.")
    changes: list[Change] = [put(ctx, pc_path(pid, group, item_id, "condition"), "maintained")]
    for key in ("recovered", "field_repaired", "flagged"):
        if item.get(key):
            changes.append(put(ctx, pc_path(pid, group, item_id, key), False))
    if mode == "xp":
        if group == "followers":
            cap = int(cast(Follower, item)["cap"])  # the group says which
            cost = FOLLOWER_REPAIR[cap] if cond == "neglected" else cap
        elif cond == "neglected":
            cost = ASSET_REPAIR[str(cast(Asset, item)["tier"])]
        else:
            cost = asset_restore(str(cast(Asset, item)["tier"]), fe_settings(ctx))
        changes = spend_xp(ctx, pid, cost) + changes
        how = f"pays {cost} XP"
    else:
        if item.get("maintaining"):
            raise RuleViolation(f"{item['name']} already has Downtime work under way.")
        changes, how = start_upkeep(ctx, pid, group, item_id, item, "repair")
        emit(
            ctx,
            RESOURCE_REPAIR_STARTED,
            f"{name_of(ctx, pid)} {how}: it is Maintained again when the week has passed.",
            changes,
            data={"player": pid, "id": item_id, "mode": mode, "days": UPKEEP_DAYS},
        )
        return
    emit(
        ctx,
        RESOURCE_REPAIRED,
        f"{name_of(ctx, pid)} {how}: {item['name']} is Maintained again.",
        changes,
        data={"player": pid, "id": item_id, "mode": mode},
    )
