"""Followers in play (harm, loyalty, upkeep), asset activation, gear damage, scene end."""

from __future__ import annotations

from .. import args as a
from ..changes import SUPPLY, Change, Move
from ..context import Context
from ..errors import RuleViolation
from ..jsonvalue import JsonDict
from ..tokens import hand
from .economy import pay_cp, spend_boons
from .gm_table import scene_reset_changes
from .resources import degrade_changes
from .spend_notes import spend_words
from .state import XP, boons, emit, find, name_of, pc_path, put, rules_path, sheet, xp

LOYALTY = ("wary", "steady", "devoted")
HARM = {
    "pin": "is pinned: separated or boxed out, no assist until the scene ends",
    "wound": "is Injured: Cap counts as 1 lower until treated off-screen",
    "burn": "is burned: marked Neglected",
    "seize": "is seized: Compromised (captured, fled, betrayed)",
}


def _follower(ctx: Context, args: JsonDict) -> tuple[str, str, JsonDict]:
    pid = ctx.target_player(args)
    fid = a.text(args, "follower", max_len=20)
    return pid, fid, find(ctx, pid, "followers", fid, "follower")


def harm(ctx: Context, args: JsonDict) -> None:
    """The GM spends CP to Pin, Wound, Burn or Seize a follower used in a risky scene."""
    ctx.require_gm("harm a follower")
    pid, fid, f = _follower(ctx, args)
    how = a.choice(args, "harm", HARM)
    cp = a.integer(args, "cp", lo=0, hi=10, default=2)
    changes = pay_cp(ctx, cp)
    if how == "pin":
        changes.append(put(ctx, pc_path(pid, "followers", fid, "pinned"), True))
    elif how == "wound":
        if f.get("injured"):
            raise RuleViolation(f"{f['name']} is already Injured.")
        changes.append(put(ctx, pc_path(pid, "followers", fid, "injured"), True))
    else:
        steps = 1 if how == "burn" else 2
        if (how == "burn" and f["condition"] != "maintained") or f["condition"] == "compromised":
            raise RuleViolation(f"{f['name']} is already {f['condition'].title()}.")
        changes += degrade_changes(ctx, pid, "followers", fid, steps)
    words, spent = spend_words(ctx, args, cp, f"{how} {f['name']}")
    emit(
        ctx,
        "follower.harmed",
        f"{f['name']} {HARM[how]}{words}.",
        changes,
        data={"player": pid, "follower": fid, "harm": how, **spent},
    )


def treat(ctx: Context, args: JsonDict) -> None:
    """An Injured follower is treated off-screen: their Cap counts in full again."""
    pid, fid, f = _follower(ctx, args)
    if not f.get("injured"):
        raise RuleViolation(f"{f['name']} isn't Injured.")
    emit(
        ctx,
        "follower.treated",
        f"{f['name']} is treated and back to Cap {f['cap']}.",
        [put(ctx, pc_path(pid, "followers", fid, "injured"), False)],
        data={"player": pid, "follower": fid},
    )


def loyalty(ctx: Context, args: JsonDict) -> None:
    """Raise (risk shared, fair pay, defended) or lower (broken promises) Loyalty."""
    ctx.require_gm("change a follower's loyalty")
    pid, fid, f = _follower(ctx, args)
    step = a.choice(args, "change", ("raise", "lower"))
    index = LOYALTY.index(f["loyalty"]) + (1 if step == "raise" else -1)
    if not 0 <= index < len(LOYALTY):
        raise RuleViolation(f"{f['name']} is already {f['loyalty'].title()}.")
    new = LOYALTY[index]
    reason = a.text(args, "reason", max_len=120, default="", allow_empty=True)
    emit(
        ctx,
        "follower.loyalty",
        f"{f['name']}'s loyalty is now {new.title()}" + (f": {reason}." if reason else "."),
        [put(ctx, pc_path(pid, "followers", fid, "loyalty"), new)],
        data={"player": pid, "follower": fid, "loyalty": new},
    )


def upkeep(ctx: Context, args: JsonDict) -> None:
    """Each Downtime: pay Coin equal to Cap or tend the relationship for a Scene.
    'Miss two upkeeps: the follower becomes Unreliable until mended' (marked Neglected)."""
    pid, fid, f = _follower(ctx, args)
    paid = a.flag(args, "paid", default=True)
    missed = int(f.get("missed_upkeep", 0))
    path = pc_path(pid, "followers", fid, "missed_upkeep")
    if paid:
        changes: list[Change] = [put(ctx, path, 0)] if missed else []
        text = f"{name_of(ctx, pid)} keeps up {f['name']}'s upkeep."
    else:
        changes = [put(ctx, path, missed + 1)]
        text = f"{name_of(ctx, pid)} misses {f['name']}'s upkeep ({missed + 1} missed)."
        if missed + 1 >= 2 and f["condition"] == "maintained":
            changes += degrade_changes(ctx, pid, "followers", fid)
            text += f" {f['name']} becomes Unreliable (Neglected) until mended."
    emit(ctx, "follower.upkeep", text, changes, data={"player": pid, "follower": fid})


def devotion(ctx: Context, args: JsonDict) -> None:
    """A Devoted follower, once per arc, turns a complication aimed at them into less."""
    pid, fid, f = _follower(ctx, args)
    if f["loyalty"] != "devoted":
        raise RuleViolation(f"Only a Devoted follower can do that; {f['name']} isn't.")
    key = f"devoted:{pid}:{fid}"
    if ctx.rules.get("arc", {}).get("uses", {}).get(key):
        raise RuleViolation(f"{f['name']} has already done that this arc.")
    emit(
        ctx,
        "follower.devotion",
        f"{f['name']}'s devotion turns the complication into a lesser setback.",
        [put(ctx, rules_path("arc", "uses", key), True)],
        data={"player": pid, "follower": fid},
    )


def activate(ctx: Context, args: JsonDict) -> None:
    """'To activate any Off-Screen Asset, the player must spend 1 Boon or 2 XP.'"""
    pid = ctx.target_player(args)
    aid = a.text(args, "asset", max_len=20)
    asset = find(ctx, pid, "assets", aid, "asset")
    if asset["condition"] == "compromised":
        raise RuleViolation(
            f"{asset['name']} is Compromised: it can't be activated until recovered and restored."
        )
    ask = a.text(args, "ask", max_len=200)
    pay = a.choice(args, "pay", ("boon", "xp"), default="boon" if boons(ctx.state, pid) else "xp")
    if pay == "boon":
        changes = spend_boons(ctx, pid)
        cost = "1 Boon"
    else:
        if xp(ctx.state, pid) < 2:
            raise RuleViolation(f"{name_of(ctx, pid)} has neither a Boon nor 2 XP to spend.")
        changes = [Move(XP, hand(pid), SUPPLY, 2)]
        cost = "2 XP"
    neglected = (
        " (Neglected: rolls leveraging it are at −1 die)"
        if (asset["condition"] == "neglected")
        else ""
    )
    emit(
        ctx,
        "asset.activated",
        f"{name_of(ctx, pid)} activates {asset['name']} for {cost}: “{ask}”{neglected}.",
        changes,
        data={"player": pid, "asset": aid, "ask": ask, "pay": pay},
    )


def gear_damage(ctx: Context, args: JsonDict) -> None:
    """Compromise an item (−1 die); a Compromised item that suffers another setback breaks."""
    ctx.require_gm("damage gear")
    pid = a.text(args, "player", max_len=20)
    sheet(ctx, pid)
    gid = a.text(args, "gear", max_len=20)
    g = find(ctx, pid, "gear", gid, "gear")
    changes = degrade_changes(ctx, pid, "gear", gid)
    if not changes:
        raise RuleViolation(f"{g['name']} is already broken.")
    if g.get("field_repaired"):
        changes.append(put(ctx, pc_path(pid, "gear", gid, "field_repaired"), False))
    cp = a.integer(args, "cp", lo=0, hi=10, default=0)
    state = "breaks entirely" if g["condition"] == "compromised" else "is Compromised (−1 die)"
    words, spent = spend_words(ctx, args, cp, f"{g['name']} damaged")
    emit(
        ctx,
        "gear.damaged",
        f"{name_of(ctx, pid)}'s {g['name']} {state}{words}.",
        pay_cp(ctx, cp) + changes,
        data={"player": pid, "gear": gid, **spent},
    )


def field_repair(ctx: Context, args: JsonDict) -> None:
    """'Field Repair: Temporary; Craft or Survival check removes penalty for one scene.'"""
    pid = ctx.target_player(args)
    gid = a.text(args, "gear", max_len=20)
    g = find(ctx, pid, "gear", gid, "gear")
    if g["condition"] != "compromised" or g.get("field_repaired"):
        raise RuleViolation(f"{g['name']} has no penalty to patch.")
    emit(
        ctx,
        "gear.field_repaired",
        f"{name_of(ctx, pid)} patches up {g['name']}: no penalty for this scene.",
        [put(ctx, pc_path(pid, "gear", gid, "field_repaired"), True)],
        data={"player": pid, "gear": gid},
    )


def end_scene(ctx: Context, args: JsonDict) -> None:
    """The scene ends: pinned followers rejoin, field repairs wear off, once-per-scene
    uses come back."""
    ctx.require_gm("end the scene")
    scene = int(ctx.rules.get("scene", 1))
    emit(
        ctx, "scene.ended", f"Scene {scene} ends.", scene_reset_changes(ctx), data={"scene": scene}
    )
