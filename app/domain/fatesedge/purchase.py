"""Spending XP: what each purchase costs, the downtime it takes, and the Rush rule."""

from __future__ import annotations

from typing import Any

from .. import args as a
from ..changes import Change
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..jsonvalue import JsonDict
from . import costs
from .dice import ATTRIBUTES
from .pool import skill_name
from .prestige import check_prestige
from .state import find, new_id, pc_path, put, sheet, xp_spent
from .tables import SKILL_LINKS, SKILL_PREREQS
from .talents import COORDINATED, FAMILIAR, MASTER_COORDINATOR, TALENTS
from .upkeep_time import finish_upkeep

WHAT = ("attribute", "skill", "talent", "prestige", "follower", "promote", "asset", "gear")


class Offer:
    """A priced purchase: what it grants, its XP cost, its downtime, and a label."""

    def __init__(
        self, grant: JsonDict, cost: int, days: int, label: str, on_skills: bool = False
    ) -> None:
        self.grant, self.cost, self.days, self.label = grant, cost, days, label
        self.on_skills = on_skills
        # Followers, assets and gear take a fresh id: the buyer reserves it.
        self.reserves = "id" in grant and grant["kind"] != "promote"


def _in_training(ctx: Context, pid: str, kind: str, name: str) -> None:
    for t in ctx.rules.get("trainings", {}).values():
        g = t["grant"]
        if t["player"] == pid and g["kind"] == kind and g.get("name") == name:
            raise RuleViolation(f"{name.title()} is still in training: finish that first.")


def _attribute(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    name = a.choice(args, "name", ATTRIBUTES)
    _in_training(ctx, pid, "attribute", name)
    new = int(pc["attributes"][name]) + 1
    if new > costs.MAX_RATING:
        raise RuleViolation(f"{name.title()} is already 5, the most for mortals.")
    grant = {"kind": "attribute", "name": name, "rating": new}
    return Offer(grant, costs.attribute_cost(new), new, f"{name.title()} {new}")


def _skill(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    name = skill_name(args, "name")
    if not name:
        raise InvalidArgs("Name the skill.")
    _in_training(ctx, pid, "skill", name)
    new = int(pc["skills"].get(name, 0)) + 1
    if new > costs.MAX_RATING:
        raise RuleViolation(f"{name.title()} is already 5 (Legendary).")
    if ctx.settings.get("skill_costs") == "appendix":
        link = SKILL_LINKS.get(name)
        if link and new > int(pc["attributes"][link]):
            raise RuleViolation(f"No skill may exceed its linked Attribute ({link.title()}).")
        need = SKILL_PREREQS.get(name)
        if need and int(pc["attributes"][need[0]]) < need[1]:
            raise RuleViolation(f"{name.title()} requires {need[0].title()} {need[1]}+.")
    grant = {"kind": "skill", "name": name, "rating": new}
    cost = costs.skill_cost(new, ctx.settings)
    return Offer(grant, cost, new, f"{name.title()} {new}", on_skills=True)


def _talent(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    name = a.text(args, "name", max_len=60)
    if name in pc["talents"]:
        raise RuleViolation(f"{pc['name']} already has {name}.")
    talent = TALENTS.get(name)
    if talent is None:
        ctx.require_gm("add a talent that isn't in the book")
        cost = a.integer(args, "cost", lo=1, hi=30)
        return Offer({"kind": "talent", "name": name, "cost": cost}, cost, 0, name)
    for key, need in talent.needs:
        have = pc["attributes"].get(key, pc["skills"].get(key, 0))
        if int(have) < need:
            raise RuleViolation(f"{name} requires {key.title()} {need}.")
    if talent.prestige and costs.tier_number(xp_spent(ctx.state, pid)) < 2:
        raise RuleViolation("Prestige abilities are locked in Tier I (Rookie, 0–40 XP spent).")
    if talent.prestige and costs.tier_number(xp_spent(ctx.state, pid)) < talent.tier:
        low, numeral, title, _ = costs.TIERS[talent.tier - 1]
        raise RuleViolation(f"{name} is a Tier {numeral} ability ({title}, {low}+ XP spent).")
    if len(pc.get("followers", {})) < talent.followers:
        raise RuleViolation(f"{name} requires one On-Screen Follower.")
    if len(pc.get("assets", {})) < talent.assets:
        many = (
            "one Off-Screen Asset" if talent.assets == 1 else f"{talent.assets} Off-Screen Assets"
        )
        raise RuleViolation(f"{name} requires {many}.")
    if name == MASTER_COORDINATOR and COORDINATED not in pc["talents"]:
        raise RuleViolation(f"{name} requires {COORDINATED}.")
    cost = talent.cost
    if not cost:  # the book gives no XP price: the GM sets it
        ctx.require_gm(f"set the XP price of {name} (the text gives none)")
        cost = a.integer(args, "cost", lo=1, hi=30)
    grant: JsonDict = {"kind": "talent", "name": name, "cost": cost}
    if name == FAMILIAR:  # "Gain a magical familiar (Cap 3). Counts as an On-Screen follower."
        grant["id"], _ = new_id(ctx, "f")
    return Offer(grant, cost, 0, name)


def _follower(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    cap = a.integer(args, "cap", lo=1, hi=5)
    name = a.text(args, "name", max_len=40)
    lane = a.text(args, "lane", max_len=80)
    wary = a.flag(args, "replacement")  # "loyalty starts Wary"
    fid, _ = new_id(ctx, "f")
    data = {
        "name": name,
        "cap": cap,
        "lane": lane,
        "loyalty": "wary" if wary else "steady",
        "condition": "maintained",
    }
    days = a.integer(args, "days", lo=1, hi=3, default=1)
    cost = costs.follower_cost(cap, ctx.settings)
    return Offer({"kind": "follower", "id": fid, "data": data}, cost, days, f"{name} (Cap {cap})")


def _promote(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    fid = a.text(args, "follower", max_len=20)
    f = find(ctx, pid, "followers", fid, "follower")
    new = a.integer(args, "cap", lo=int(f["cap"]) + 1, hi=5)
    cost = costs.follower_cost(new, ctx.settings) - costs.follower_cost(int(f["cap"]), ctx.settings)
    return Offer({"kind": "promote", "id": fid, "cap": new}, cost, 0, f"{f['name']} to Cap {new}")


def _asset(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    tier = a.choice(args, "tier", costs.ASSET_TIERS)
    kind = a.choice(args, "type", costs.ASSET_KINDS)
    name = a.text(args, "name", max_len=60)
    label, needs = costs.ASSET_KINDS[kind]
    have = {**pc["skills"], **pc["attributes"]}
    if not any(int(have.get(k, 0)) >= n for k, n in needs):
        options = " or ".join(f"{k.title()} {n}+" for k, n in needs)
        raise RuleViolation(f"Face Requirement: a {label} asset needs {options}.")
    aid, _ = new_id(ctx, "a")
    data = {"name": name, "tier": tier, "type": kind, "condition": "maintained"}
    return Offer(
        {"kind": "asset", "id": aid, "data": data},
        costs.ASSET_COST[tier],
        costs.ASSET_DAYS[tier],
        f"{name} ({tier.title()} {label})",
    )


def _gear(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    tier = a.choice(args, "tier", costs.GEAR_TIERS)
    name = a.text(args, "name", max_len=60)
    gid, _ = new_id(ctx, "g")
    data = {"name": name, "tier": tier, "condition": "maintained"}
    return Offer({"kind": "gear", "id": gid, "data": data}, costs.GEAR_TIERS[tier], 0, name)


def _prestige(ctx: Context, pid: str, pc: JsonDict, args: JsonDict) -> Offer:
    name = a.text(args, "name", max_len=60)
    skill = check_prestige(ctx, pid, pc, name)
    grant: JsonDict = {"kind": "prestige", "name": name, "cost": skill.cost}
    return Offer(grant, skill.cost, 0, f"the Prestige Skill {name}")


OFFERS: dict[str, Any] = {
    "prestige": _prestige,
    "attribute": _attribute,
    "skill": _skill,
    "talent": _talent,
    "follower": _follower,
    "promote": _promote,
    "asset": _asset,
    "gear": _gear,
}


def price(ctx: Context, pid: str, args: JsonDict) -> Offer:
    """Validate a purchase and price it."""
    what = a.choice(args, "what", WHAT)
    offer: Offer = OFFERS[what](ctx, pid, sheet(ctx, pid), args)
    return offer


def apply_grant(ctx: Context, pid: str, grant: JsonDict) -> list[Change]:
    """The sheet changes a finished purchase makes."""
    kind = grant["kind"]
    if kind in ("attribute", "skill"):
        group = "attributes" if kind == "attribute" else "skills"
        return [put(ctx, pc_path(pid, group, grant["name"]), grant["rating"])]
    if kind == "talent":
        changes: list[Change] = [put(ctx, pc_path(pid, "talents", grant["name"]), grant["cost"])]
        if "id" in grant:
            familiar = {"name": "Familiar", "cap": 3, "lane": "magical familiar"}
            familiar.update(loyalty="steady", condition="maintained")
            changes.append(put(ctx, pc_path(pid, "followers", grant["id"]), familiar))
        return changes
    if kind == "prestige":
        return [put(ctx, pc_path(pid, "prestige", grant["name"]), grant["cost"])]
    if kind == "upkeep":
        return finish_upkeep(ctx, pid, grant)
    if kind == "promote":
        return [put(ctx, pc_path(pid, "followers", grant["id"], "cap"), grant["cap"])]
    group = {"follower": "followers", "asset": "assets", "gear": "gear"}[kind]
    return [put(ctx, pc_path(pid, group, grant["id"]), grant["data"])]
