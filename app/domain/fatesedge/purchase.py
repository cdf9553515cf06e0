"""Spending XP: what each purchase costs, the downtime it takes, and the Rush rule."""

from __future__ import annotations

from typing import Any, Literal, TypeVar, get_args

from ..arguments import Args, SeatId, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from . import costs
from .book_gear import TIER_OF_PRICE, BookItem, book_item
from .dice import ATTRIBUTES
from .prestige import check_prestige
from .roll_args import Id20, Name60, Name80
from .rules_types import Grant
from .sheet_types import Asset, Character, Follower, Gear
from .state import fe_rules, fe_settings, find, new_id, pc_path, put, sheet, xp_spent
from .tables import SKILL_LINKS, SKILL_PREREQS
from .talents import COORDINATED, FAMILIAR, MASTER_COORDINATOR, TALENTS
from .upkeep_time import finish_upkeep

WHAT = ("attribute", "skill", "talent", "prestige", "follower", "promote", "asset", "gear")
PLAYER = "seat id (the GM names one; a player acts for themselves)"
T = TypeVar("T")

What = Literal["attribute", "skill", "talent", "prestige", "follower", "promote", "asset", "gear"]
Tier = Literal["minor", "standard", "major", "basic", "superior", "artifact"]
AssetType = Literal["civic", "spy", "mercantile", "workshop"]
assert set(get_args(What)) == set(WHAT)
assert set(get_args(Tier)) == {*costs.ASSET_TIERS, *costs.GEAR_TIERS}
assert set(get_args(AssetType)) == set(costs.ASSET_KINDS)


class BuyArgs(Args):
    """``xp.buy``: what each purchase needs is checked by :func:`.purchase.price`."""

    player: SeatId | None = optional(PLAYER)
    what: What = described(
        "attribute | skill | talent | prestige | follower | promote | asset | gear"
    )
    name: Name60 | None = optional("the attribute, skill, talent, follower, asset or gear name")
    cap: int | None = optional("follower Cap (or the new Cap to promote to)", ge=1, le=5)
    lane: Name80 | None = optional("the follower's specialty")
    follower: Id20 | None = optional("the follower id to promote")
    tier: Tier | None = optional("asset tier (minor | standard | major) or gear tier "
                                 "(basic | standard | superior | artifact)")  # fmt: skip
    type: AssetType | None = optional("asset type: civic | spy | mercantile | workshop")
    cost: int | None = optional(
        "a custom talent's, or an unpriced book item's, XP cost (set by the GM)", ge=1, le=30
    )
    days: int | None = optional("follower recruiting days (1–3)", ge=1, le=3)
    replacement: bool = optional("a replacement follower (loyalty starts Wary)", default=False)
    mentored: bool = optional("trained by a mentor: downtime halved", default=False)
    rush: bool = optional("skip downtime: the GM's Haste clock starts", default=False)


XP_BUY = CommandType("xp.buy", BuyArgs)


def _need(value: T | None, name: str) -> T:
    """An argument this kind of purchase needs."""
    if value is None:
        raise InvalidArgs(f"'{name}' is required.")
    return value


def _within(value: int, name: str, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise InvalidArgs(f"'{name}' must be between {lo} and {hi}.")
    return value


def _one_of(value: str | None, name: str, options: tuple[str, ...]) -> str:
    listed = ", ".join(options)
    if value is None:
        raise InvalidArgs(f"'{name}' is required (one of: {listed}).")
    if value not in options:
        raise InvalidArgs(f"'{name}' must be one of: {listed}.")
    return value


class Offer:
    """A priced purchase: what it grants, its XP cost, its downtime, and a label."""

    def __init__(
        self, grant: Grant, cost: int, days: int, label: str, on_skills: bool = False
    ) -> None:
        self.grant, self.cost, self.days, self.label = grant, cost, days, label
        self.on_skills = on_skills
        # Followers, assets and gear take a fresh id: the buyer reserves it.
        self.reserves = "id" in grant and grant["kind"] != "promote"


def _in_training(ctx: Context, pid: str, kind: str, name: str) -> None:
    for t in fe_rules(ctx).get("trainings", {}).values():
        g = t["grant"]
        if t["player"] == pid and g["kind"] == kind and g.get("name") == name:
            raise RuleViolation(f"{name.title()} is still in training: finish that first.")


def _attribute(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    name = _one_of(args.name, "name", ATTRIBUTES)
    _in_training(ctx, pid, "attribute", name)
    new = int(pc["attributes"][name]) + 1
    if new > costs.MAX_RATING:
        raise RuleViolation(f"{name.title()} is already 5, the most for mortals.")
    grant: Grant = {"kind": "attribute", "name": name, "rating": new}
    return Offer(grant, costs.attribute_cost(new), new, f"{name.title()} {new}")


def _skill(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    name = (args.name or "").casefold()
    if len(name) > 40:
        raise InvalidArgs("'name' is too long (at most 40 characters).")
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
    grant: Grant = {"kind": "skill", "name": name, "rating": new}
    cost = costs.skill_cost(new, fe_settings(ctx))
    return Offer(grant, cost, new, f"{name.title()} {new}", on_skills=True)


def _talent(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    name = _need(args.name, "name")
    if name in pc["talents"]:
        raise RuleViolation(f"{pc['name']} already has {name}.")
    talent = TALENTS.get(name)
    if talent is None:
        ctx.require_gm("add a talent that isn't in the book")
        cost = _need(args.cost, "cost")
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
        cost = _need(args.cost, "cost")
    grant: Grant = {"kind": "talent", "name": name, "cost": cost}
    if name == FAMILIAR:  # "Gain a magical familiar (Cap 3). Counts as an On-Screen follower."
        grant["id"], _ = new_id(ctx, "f")
    return Offer(grant, cost, 0, name)


def _follower(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    cap = _need(args.cap, "cap")
    name = _need(args.name, "name")
    if len(name) > 40:
        raise InvalidArgs("'name' is too long (at most 40 characters).")
    lane = _need(args.lane, "lane")
    wary = args.replacement  # "loyalty starts Wary"
    fid, _ = new_id(ctx, "f")
    data: Follower = {
        "name": name,
        "cap": cap,
        "lane": lane,
        "loyalty": "wary" if wary else "steady",
        "condition": "maintained",
    }
    days = 1 if args.days is None else args.days
    cost = costs.follower_cost(cap, fe_settings(ctx))
    return Offer({"kind": "follower", "id": fid, "data": data}, cost, days, f"{name} (Cap {cap})")


def _promote(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    fid = _need(args.follower, "follower")
    f = find(ctx, pid, "followers", fid, "follower")
    new = _within(_need(args.cap, "cap"), "cap", int(f["cap"]) + 1, 5)
    cost = costs.follower_cost(new, fe_settings(ctx)) - costs.follower_cost(
        int(f["cap"]), fe_settings(ctx)
    )
    return Offer({"kind": "promote", "id": fid, "cap": new}, cost, 0, f"{f['name']} to Cap {new}")


def _asset(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    tier = _one_of(args.tier, "tier", costs.ASSET_TIERS)
    kind = _one_of(args.type, "type", tuple(costs.ASSET_KINDS))
    name = _need(args.name, "name")
    label, needs = costs.ASSET_KINDS[kind]
    have = {**pc["skills"], **pc["attributes"]}
    if not any(int(have.get(k, 0)) >= n for k, n in needs):
        options = " or ".join(f"{k.title()} {n}+" for k, n in needs)
        raise RuleViolation(f"Face Requirement: a {label} asset needs {options}.")
    aid, _ = new_id(ctx, "a")
    data: Asset = {"name": name, "tier": tier, "type": kind, "condition": "maintained"}
    return Offer(
        {"kind": "asset", "id": aid, "data": data},
        costs.ASSET_COST[tier],
        costs.ASSET_DAYS[tier],
        f"{name} ({tier.title()} {label})",
    )


def _gear(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    name = _need(args.name, "name")
    item = book_item(name)
    if item is None:  # the player's own invention: any tier, at its price, no book effect
        tier = _one_of(args.tier, "tier", tuple(costs.GEAR_TIERS))
        cost = costs.GEAR_TIERS[tier]
    else:
        name, tier, cost = _book_gear(ctx, item, args)
    gid, _ = new_id(ctx, "g")
    data: Gear = {"name": name, "tier": tier, "condition": "maintained"}
    return Offer({"kind": "gear", "id": gid, "data": data}, cost, 0, name)


def _book_gear(ctx: Context, item: BookItem, args: BuyArgs) -> tuple[str, str, int]:
    """(name, tier, cost) of an item the book names: the book's price and tier."""
    name = item.name
    if item.source == "priced":
        tier = TIER_OF_PRICE[item.cost]
        if args.tier is not None and args.tier != tier:
            raise RuleViolation(
                f"{name} is {tier.title()} gear at {item.cost} XP in the book (C.7): "
                "buy it at that tier, or give your own item its own name."
            )
        return name, tier, item.cost
    if item.source == "artifact":
        ctx.require_gm(f"grant {name}: artifacts are found, not bought (C.5)")
        if args.tier not in (None, "artifact"):
            raise RuleViolation(f"{name} is an artifact (C.5): its tier is Artifact.")
        return name, "artifact", args.cost or costs.GEAR_TIERS["artifact"]
    if item.source == "rare":
        ctx.require_gm(
            f"grant {name}: rare gear is discovered, inherited or earned, not purchased "
            "(C.4); the GM may attach an XP Attunement cost"
        )
    else:
        ctx.require_gm(f"set the XP price of {name} (the book gives none)")
    tier = _one_of(args.tier, "tier", tuple(costs.GEAR_TIERS))
    return name, tier, args.cost or costs.GEAR_TIERS[tier]


def _prestige(ctx: Context, pid: str, pc: Character, args: BuyArgs) -> Offer:
    name = _need(args.name, "name")
    skill = check_prestige(ctx, pid, pc, name)
    grant: Grant = {"kind": "prestige", "name": name, "cost": skill.cost}
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


def price(ctx: Context, pid: str, args: BuyArgs) -> Offer:
    """Validate a purchase and price it."""
    offer: Offer = OFFERS[args.what](ctx, pid, sheet(ctx, pid), args)
    return offer


def apply_grant(ctx: Context, pid: str, grant: Grant) -> list[Change]:
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
