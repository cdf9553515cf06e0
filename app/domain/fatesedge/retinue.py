"""Followers in play (harm, loyalty, upkeep), asset activation, gear damage, scene end."""

from __future__ import annotations

from typing import Literal, get_args

from ..arguments import Args, NoArgs, SeatId, Text, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..tokens import hand
from .arg_kinds import PLAYER, REVEAL, Cp10, ItemId, NamedSeat, Note120
from .economy import pay_cp, spend_boons
from .events.retinue import (
    ASSET_ACTIVATED,
    FAVOR_CALLED,
    FOLLOWER_DEVOTION_EVENT,
    FOLLOWER_HARMED,
    FOLLOWER_LOYALTY_EVENT,
    FOLLOWER_TREATED,
    FOLLOWER_UPKEEP_EVENT,
    GEAR_DAMAGED,
    SCENE_ENDED,
)
from .gm_table import scene_reset_changes
from .resources import degrade_changes
from .sheet_types import Follower
from .spend_notes import spend_words
from .state import XP, boons, emit, fe_rules, find, name_of, pc_path, put, rules_path, sheet, xp

LOYALTY = ("wary", "steady", "devoted")
HARM = {
    "pin": "is pinned: separated or boxed out, no assist until the scene ends",
    "wound": "is Injured: Cap counts as 1 lower until treated off-screen",
    "burn": "is burned: marked Neglected",
    "seize": "is seized: Compromised (captured, fled, betrayed)",
}
Harm = Literal["pin", "wound", "burn", "seize"]
assert set(get_args(Harm)) == set(HARM)


class FollowerArgs(Args):
    """``follower.treat`` and ``follower.devotion``: whose follower."""

    player: SeatId | None = optional(PLAYER)
    follower: ItemId = described("the follower's id")


FOLLOWER_TREAT = CommandType("follower.treat", FollowerArgs)
FOLLOWER_DEVOTION = CommandType("follower.devotion", FollowerArgs)


class HarmArgs(FollowerArgs):
    """``follower.harm``."""

    harm: Harm = described("pin, wound, burn or seize")
    cp: Cp10 = optional("CP the GM pays for it", default=2)
    reveal: bool | None = optional(REVEAL)


FOLLOWER_HARM = CommandType("follower.harm", HarmArgs)


class LoyaltyArgs(FollowerArgs):
    """``follower.loyalty``."""

    change: Literal["raise", "lower"] = described("raise or lower it one step")
    reason: Note120 = optional("why (shared risk, fair pay; broken promises)", default="")


FOLLOWER_LOYALTY = CommandType("follower.loyalty", LoyaltyArgs)


class UpkeepArgs(FollowerArgs):
    """``follower.upkeep``."""

    paid: bool = optional("the upkeep was paid (false: missed)", default=True)


FOLLOWER_UPKEEP = CommandType("follower.upkeep", UpkeepArgs)


class ActivateArgs(Args):
    """``asset.activate``."""

    player: SeatId | None = optional(PLAYER)
    asset: ItemId = described("the asset's id")
    ask: Text = described("the one outcome asked of it")
    pay: Literal["boon", "xp"] | None = optional("1 Boon or 2 XP (default: a Boon if there is one)")


ASSET_ACTIVATE = CommandType("asset.activate", ActivateArgs)


class FavorArgs(Args):
    """``favor.call``."""

    player: SeatId | None = optional(PLAYER)
    favor: Text = described("the one-shot favor called in (a Diamonds reward, a marker)")
    pay: Literal["boon", "xp"] | None = optional(
        "1 Boon, or 2 XP in desperation (default: a Boon if there is one)"
    )


FAVOR_CALL = CommandType("favor.call", FavorArgs)


class DamageArgs(Args):
    """``gear.damage``."""

    player: NamedSeat = described("seat id of the item's owner")
    gear: ItemId = described("the item's id")
    cp: Cp10 = optional("CP the GM pays for it", default=0)
    reveal: bool | None = optional(REVEAL)


GEAR_DAMAGE = CommandType("gear.damage", DamageArgs)


def _follower(ctx: Context, args: FollowerArgs) -> tuple[str, str, Follower]:
    pid = ctx.target(args.player)
    return pid, args.follower, find(ctx, pid, "followers", args.follower, "follower")


def harm(ctx: Context, args: HarmArgs) -> None:
    """The GM spends CP to Pin, Wound, Burn or Seize a follower used in a risky scene."""
    ctx.require_gm("harm a follower")
    pid, fid, f = _follower(ctx, args)
    how, cp = args.harm, args.cp
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
    words, spent = spend_words(ctx, args.reveal, cp, f"{how} {f['name']}")
    emit(
        ctx,
        FOLLOWER_HARMED,
        f"{f['name']} {HARM[how]}{words}.",
        changes,
        data={"player": pid, "follower": fid, "harm": how, **spent},
    )


def treat(ctx: Context, args: FollowerArgs) -> None:
    """An Injured follower is treated off-screen: their Cap counts in full again."""
    pid, fid, f = _follower(ctx, args)
    if not f.get("injured"):
        raise RuleViolation(f"{f['name']} isn't Injured.")
    emit(
        ctx,
        FOLLOWER_TREATED,
        f"{f['name']} is treated and back to Cap {f['cap']}.",
        [put(ctx, pc_path(pid, "followers", fid, "injured"), False)],
        data={"player": pid, "follower": fid},
    )


def loyalty(ctx: Context, args: LoyaltyArgs) -> None:
    """Raise (risk shared, fair pay, defended) or lower (broken promises) Loyalty."""
    ctx.require_gm("change a follower's loyalty")
    pid, fid, f = _follower(ctx, args)
    step = args.change
    index = LOYALTY.index(f["loyalty"]) + (1 if step == "raise" else -1)
    if not 0 <= index < len(LOYALTY):
        raise RuleViolation(f"{f['name']} is already {f['loyalty'].title()}.")
    new = LOYALTY[index]
    reason = args.reason
    emit(
        ctx,
        FOLLOWER_LOYALTY_EVENT,
        f"{f['name']}'s loyalty is now {new.title()}" + (f": {reason}." if reason else "."),
        [put(ctx, pc_path(pid, "followers", fid, "loyalty"), new)],
        data={"player": pid, "follower": fid, "loyalty": new},
    )


def upkeep(ctx: Context, args: UpkeepArgs) -> None:
    """Each Downtime: pay Coin equal to Cap or tend the relationship for a Scene.
    'Miss two upkeeps: the follower becomes Unreliable until mended' (marked Neglected)."""
    pid, fid, f = _follower(ctx, args)
    paid = args.paid
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
    emit(ctx, FOLLOWER_UPKEEP_EVENT, text, changes, data={"player": pid, "follower": fid})


def devotion(ctx: Context, args: FollowerArgs) -> None:
    """A Devoted follower, once per arc, turns a complication aimed at them into less."""
    pid, fid, f = _follower(ctx, args)
    if f["loyalty"] != "devoted":
        raise RuleViolation(f"Only a Devoted follower can do that; {f['name']} isn't.")
    key = f"devoted:{pid}:{fid}"
    if fe_rules(ctx).get("arc", {}).get("uses", {}).get(key):
        raise RuleViolation(f"{f['name']} has already done that this arc.")
    emit(
        ctx,
        FOLLOWER_DEVOTION_EVENT,
        f"{f['name']}'s devotion turns the complication into a lesser setback.",
        [put(ctx, rules_path("arc", "uses", key), True)],
        data={"player": pid, "follower": fid},
    )


def _boon_or_two_xp(
    ctx: Context, pid: str, pay: Literal["boon", "xp"] | None
) -> tuple[str, list[Change], str]:
    """Pay 1 Boon or 2 XP (a Boon by default if there is one): how, the changes, the cost."""
    how = pay or ("boon" if boons(ctx.state, pid) else "xp")
    if how == "boon":
        return how, spend_boons(ctx, pid), "1 Boon"
    if xp(ctx.state, pid) < 2:
        raise RuleViolation(f"{name_of(ctx, pid)} has neither a Boon nor 2 XP to spend.")
    return how, [Move(XP, hand(pid), SUPPLY, 2)], "2 XP"


def call_favor(ctx: Context, args: FavorArgs) -> None:
    """D.12.6: 'A one-shot favor costs 1 Boon (or 2 XP in desperation) to activate.'"""
    pid = ctx.target(args.player)
    pay, changes, cost = _boon_or_two_xp(ctx, pid, args.pay)
    emit(
        ctx,
        FAVOR_CALLED,
        f"{name_of(ctx, pid)} calls in a one-shot favor for {cost}: “{args.favor}”.",
        changes,
        data={"player": pid, "favor": args.favor, "pay": pay},
    )


def activate(ctx: Context, args: ActivateArgs) -> None:
    """'To activate any Off-Screen Asset, the player must spend 1 Boon or 2 XP.'"""
    pid = ctx.target(args.player)
    aid = args.asset
    asset = find(ctx, pid, "assets", aid, "asset")
    if asset["condition"] == "compromised":
        raise RuleViolation(
            f"{asset['name']} is Compromised: it can't be activated until recovered and restored."
        )
    ask = args.ask
    pay, changes, cost = _boon_or_two_xp(ctx, pid, args.pay)
    neglected = (
        " (Neglected: rolls leveraging it are at −1 die)"
        if (asset["condition"] == "neglected")
        else ""
    )
    emit(
        ctx,
        ASSET_ACTIVATED,
        f"{name_of(ctx, pid)} activates {asset['name']} for {cost}: “{ask}”{neglected}.",
        changes,
        data={"player": pid, "asset": aid, "ask": ask, "pay": pay},
    )


def gear_damage(ctx: Context, args: DamageArgs) -> None:
    """Compromise an item (−1 die); a Compromised item that suffers another setback breaks."""
    ctx.require_gm("damage gear")
    pid = args.player
    sheet(ctx, pid)
    gid = args.gear
    g = find(ctx, pid, "gear", gid, "gear")
    changes = degrade_changes(ctx, pid, "gear", gid)
    if not changes:
        raise RuleViolation(f"{g['name']} is already broken.")
    if g.get("field_repaired"):
        changes.append(put(ctx, pc_path(pid, "gear", gid, "field_repaired"), False))
    cp = args.cp
    state = "breaks entirely" if g["condition"] == "compromised" else "is Compromised (−1 die)"
    words, spent = spend_words(ctx, args.reveal, cp, f"{g['name']} damaged")
    emit(
        ctx,
        GEAR_DAMAGED,
        f"{name_of(ctx, pid)}'s {g['name']} {state}{words}.",
        pay_cp(ctx, cp) + changes,
        data={"player": pid, "gear": gid, **spent},
    )


def end_scene(ctx: Context, args: NoArgs) -> None:
    """The scene ends: pinned followers rejoin, field repairs wear off, once-per-scene
    uses come back."""
    ctx.require_gm("end the scene")
    scene = int(fe_rules(ctx).get("scene", 1))
    emit(ctx, SCENE_ENDED, f"Scene {scene} ends.", scene_reset_changes(ctx), data={"scene": scene})


SCENE_END = CommandType("scene.end", NoArgs)
