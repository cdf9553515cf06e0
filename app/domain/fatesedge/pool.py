"""Building a dice pool: Attribute + Skill, one assistant, gear and asset penalties."""

from __future__ import annotations

from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from .roll_args import RollArgs
from .roll_record import PoolPart, Used
from .sheet_types import Character
from .state import find, sheet
from .talents import COORDINATED, MASTER_COORDINATOR

ASSIST_CAP = 3  # "up to +3 dice"


def rating(pc: Character, skill: str) -> int:
    return int(pc.get("skills", {}).get(skill, 0)) if skill else 0


def follower_dice(ctx: Context, pid: str, fid: str, skill_rating: int) -> tuple[int, str, bool]:
    """'Assist dice equal to min(C, your relevant Skill)'; Injured Cap −1. Returns the
    dice before the +3 cap, a label, and whether the follower is Neglected (its −1 die
    is taken after the cap, so it costs a die at every Cap)."""
    f = find(ctx, pid, "followers", fid, "follower")
    if f["condition"] == "compromised":
        raise RuleViolation(f"{f['name']} is Compromised: unavailable until recovered.")
    if f.get("pinned"):
        raise RuleViolation(f"{f['name']} is pinned: no assist until the scene ends.")
    cap = int(f["cap"]) - (1 if f.get("injured") else 0)
    dice = min(cap, skill_rating)
    tags = [f"Cap {cap}", f"lane: {f['lane']}"]
    return max(0, dice), f"{f['name']} ({', '.join(tags)})", f["condition"] == "neglected"


def _helper(ctx: Context, pid: str, helper: str, roll: RollArgs, skill: str) -> PoolPart:
    """'Assists: One helper per action; up to +3 dice; helper's contribution is capped
    by their relevant Skill rating.'"""
    if helper == pid:
        raise InvalidArgs("You can't assist your own roll.")
    ctx.seat(helper)
    other = sheet(ctx, helper)
    if int(other.get("fatigue", 0)) >= 4:
        raise RuleViolation(f"{other['name']} is out of the scene (Fatigue 4).")
    hskill = skill if roll.helper_skill is None else roll.helper_skill.casefold()
    dice = min(ASSIST_CAP, rating(other, hskill))
    return {"label": f"Assist: {other['name']} ({hskill.title()})", "dice": dice}


def _followers(ctx: Context, pid: str, fids: list[str], own: int) -> list[PoolPart]:
    """One follower (two with Coordinated Assault), +3 at most (+4: Master Coordinator).

    'Neglected: -1 die when used' is applied after the cap: a Neglected Cap 5 follower
    with your Skill 5 adds 3 − 1 = 2 dice, not min(5 − 1, 3) = 3 (which would make the
    penalty free at Cap 4 and 5)."""
    talents = sheet(ctx, pid).get("talents", {})
    if len(fids) > 1 and (COORDINATED not in talents or fids[0] == fids[1]):
        raise RuleViolation(
            "Only one follower may assist a given action (Coordinated Assault allows two)."
        )
    parts: list[PoolPart] = []
    neglected: list[str] = []
    for fid in fids:
        dice, label, is_neglected = follower_dice(ctx, pid, fid, own)
        parts.append({"label": f"Follower: {label}", "dice": dice})
        if is_neglected:
            neglected.append(str(sheet(ctx, pid)["followers"][fid]["name"]))
    total = sum(int(p["dice"]) for p in parts)
    cap = ASSIST_CAP + (1 if MASTER_COORDINATOR in talents else 0)
    if total > cap:
        parts.append({"label": f"Follower dice capped at +{cap}", "dice": cap - total})
    kept = min(total, cap)
    for name in neglected:
        penalty = min(1, kept)  # the assist can't go below nothing
        kept -= penalty
        parts.append({"label": f"Neglected: {name}", "dice": -penalty})
    return parts


def _gear(ctx: Context, pid: str, gid: str) -> list[PoolPart]:
    """'A Compromised item gives -1 die on relevant rolls' (unless field-repaired)."""
    g = find(ctx, pid, "gear", gid, "gear")
    if g["condition"] == "broken":
        raise RuleViolation(f"{g['name']} is broken.")
    if g["condition"] == "compromised" and not g.get("field_repaired"):
        return [{"label": f"Compromised: {g['name']}", "dice": -1}]
    return []


def _asset(ctx: Context, pid: str, aid: str, lever: int) -> list[PoolPart]:
    """Leveraging an asset: the GM's 0–2 dice; Neglected −1; Compromised: no."""
    asset = find(ctx, pid, "assets", aid, "asset")
    if asset["condition"] == "compromised":
        raise RuleViolation(f"{asset['name']} is Compromised and can't be leveraged.")
    parts: list[PoolPart] = []
    if lever:
        parts.append({"label": f"Leverage: {asset['name']}", "dice": lever})
    if asset["condition"] == "neglected":
        parts.append({"label": f"Neglected: {asset['name']}", "dice": -1})
    return parts


def build(ctx: Context, pid: str, roll: RollArgs) -> tuple[int, list[PoolPart], Used]:
    """The pool size, its parts for the log, and what the roll used (for later rules)."""
    pc = sheet(ctx, pid)
    if int(pc.get("fatigue", 0)) >= 4:
        raise RuleViolation(
            f"{pc['name']} has Fatigue 4 and is out of the scene until treated or rescued."
        )
    attribute = roll.attribute
    skill = roll.skill.casefold()
    own = rating(pc, skill)
    parts: list[PoolPart] = [{"label": attribute.title(), "dice": int(pc["attributes"][attribute])}]
    if skill:
        parts.append({"label": f"{skill.title()} {own}", "dice": own})
    used: Used = {"attribute": attribute, "skill": skill}
    helper = roll.helper
    fids = [f for f in (roll.follower, roll.follower2) if f]
    if helper and fids:
        raise RuleViolation("One assistant per action: a helper or a follower, not both.")
    if helper:
        parts.append(_helper(ctx, pid, helper, roll, skill))
        used["helper"] = helper
    if fids:
        parts += _followers(ctx, pid, fids, own)
        used["followers"] = fids
    if gid := roll.gear:
        parts += _gear(ctx, pid, gid)
        used["gear"] = gid
    if aid := roll.asset:
        parts += _asset(ctx, pid, aid, roll.asset_dice)
        used["asset"] = aid
    if bonus := roll.bonus:
        parts.append({"label": "Bonus dice", "dice": bonus})
    if penalty := roll.penalty:
        parts.append({"label": "Penalty", "dice": -penalty})
    # A pool never drops below one die: you can always try.
    pool = max(1, sum(int(p["dice"]) for p in parts))
    return pool, parts, used
