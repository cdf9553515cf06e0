"""Character creation: the starting pool, optional trades, pregens, finishing the sheet."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from ..arguments import Args, SeatId, described, optional
from ..changes import SUPPLY, Add, Change, Move, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import Forbidden, RuleViolation
from ..events import UNDO_GM, UNDO_OWNER
from ..tokens import hand
from . import costs
from .arg_kinds import PLAYER, Text120
from .complications import HEIRLOOM, heirloom_changes
from .dice import ATTRIBUTES
from .events.creation import (
    CHARACTER_CREATED,
    CHARACTER_DEFICIT_EVENT,
    CHARACTER_KIT_EVENT,
    CHARACTER_PREGEN_EVENT,
    CHARACTER_READY,
    CHARACTER_TRADE_EVENT,
)
from .pregens import PREGENS, Build
from .sheet_types import Character
from .state import XP, emit, fe_settings, name_of, new_id, pc_path, put, sheet, spent, xp_spent
from .tables import KITS, STARTING_COMPLICATIONS

MAX_DEFICIT = 2
MAX_TRADES = 2

Kit = Literal["travelers-pack", "scouts-rig", "scholars-satchel", "burglars-tools", "healers-bag"]
Pregen = Literal["sable", "bryn", "ash"]
assert set(get_args(Kit)) == set(KITS) and set(get_args(Pregen)) == set(PREGENS)


class CreatingArgs(Args):
    """``character.finish``: whose character."""

    player: SeatId | None = optional(PLAYER)


CHARACTER_FINISH = CommandType("character.finish", CreatingArgs)


class DeficitArgs(CreatingArgs):
    """``character.deficit``."""

    xp: Annotated[int, Field(ge=1, le=MAX_DEFICIT)] = described("XP of deficit to take (1–2)")
    reason: Text120 = optional("what the character owes", default="debts and unfinished business")


CHARACTER_DEFICIT = CommandType("character.deficit", DeficitArgs)


class TradeArgs(CreatingArgs):
    """``character.trade``."""

    pick: Annotated[int, Field(ge=0, le=10)] = optional(
        "the GM's choice on the d10 Starting Complications table (0: roll)", default=0
    )


CHARACTER_TRADE = CommandType("character.trade", TradeArgs)


class KitArgs(CreatingArgs):
    """``character.kit``."""

    kit: Kit = described("the free kit")


CHARACTER_KIT = CommandType("character.kit", KitArgs)


class PregenArgs(CreatingArgs):
    """``character.pregen``."""

    pregen: Pregen = described("the sample character")
    build: Literal["baseline", "full"] = optional(
        "baseline (30 XP) or the full printed build", default="baseline"
    )


CHARACTER_PREGEN = CommandType("character.pregen", PregenArgs)


def blank_sheet(name: str, base: int) -> Character:
    return {
        "name": name,
        "status": "creating",
        "attributes": dict.fromkeys(ATTRIBUTES, base),
        "skills": {},
        "talents": {},
        "fatigue": 0,
        "fatigue_fresh": False,
        "deficit": 0,
        "trades": [],
        "followers": {},
        "assets": {},
        "gear": {},
        "respec_credit": 0,
        "overflow_xp": 0,
    }


def new_sheet(ctx: Context, pid: str) -> None:
    """Every seat gets a character in creation with the starting pool (30 XP)."""
    start = int(ctx.settings.get("starting_xp", 30))
    base = int(ctx.settings.get("base_attribute", 2))
    emit(
        ctx,
        CHARACTER_CREATED,
        f"{name_of(ctx, pid)} starts a character with {start} XP.",
        [
            Put(pc_path(pid), None, blank_sheet(name_of(ctx, pid), base)),
            Move(XP, SUPPLY, hand(pid), start),
        ],
        data={"player": pid, "xp": start},
    )


def _creating(ctx: Context, pid: str) -> Character:
    pc = sheet(ctx, pid)
    if pc.get("status") == "ready":
        raise RuleViolation("That is only possible at character creation.")
    return pc


def deficit(ctx: Context, args: DeficitArgs) -> None:
    """'Obligation Deficit: You may begin with a deficit of up to 2 XP.'"""
    pid = ctx.target(args.player)
    pc = _creating(ctx, pid)
    n = args.xp
    have = int(pc.get("deficit", 0))
    if have + n > MAX_DEFICIT:
        raise RuleViolation(f"An Obligation Deficit is at most {MAX_DEFICIT} XP.")
    reason = args.reason
    emit(
        ctx,
        CHARACTER_DEFICIT_EVENT,
        f"{pc['name']} takes an Obligation Deficit of {n} XP ({reason}); it is paid off "
        "with the first earned XP.",
        [Add(pc_path(pid, "deficit"), n), Move(XP, SUPPLY, hand(pid), n)],
        data={"player": pid, "xp": n, "reason": reason},
    )


def trade(ctx: Context, args: TradeArgs) -> None:
    """'Complication Trade: up to 2 Complications during Session 0, each +1 XP' — rolled
    on the d10 Starting Complications table, or chosen by the GM."""
    pid = ctx.target(args.player)
    pc = _creating(ctx, pid)
    if len(pc["trades"]) >= MAX_TRADES:
        raise RuleViolation(f"At most {MAX_TRADES} Complication Trades.")
    pick = args.pick
    if pick:
        ctx.require_gm("choose a starting complication")
    number = pick or ctx.rng.die(10)
    name, text = STARTING_COMPLICATIONS[number]
    entry = {"roll": number, "name": name, "text": text}
    emit(
        ctx,
        CHARACTER_TRADE_EVENT,
        f"{pc['name']} accepts a Complication for +1 XP: "
        f"{'rolled ' if not pick else ''}{number}, {name}. {text}",
        [
            put(ctx, pc_path(pid, "trades"), [*pc["trades"], entry]),
            Move(XP, SUPPLY, hand(pid), 1),
            *(heirloom_changes(ctx, pid) if number == HEIRLOOM else []),
        ],
        data={"player": pid, **entry},
        undo=UNDO_OWNER if pick else UNDO_GM,  # a rolled complication can't be re-rolled
    )


def kit(ctx: Context, args: KitArgs) -> None:
    """'Characters begin with one free kit.' It is gear on the sheet (it may become
    Compromised like any item)."""
    pid = ctx.target(args.player)
    pc = _creating(ctx, pid)
    key = args.kit
    if any(g.get("tier") == "kit" for g in pc["gear"].values()):
        raise RuleViolation("Only one free kit at character creation.")
    name, effect = KITS[key]
    gid, seq = new_id(ctx, "g")
    item = {"name": name, "tier": "kit", "condition": "maintained", "effect": effect}
    emit(
        ctx,
        CHARACTER_KIT_EVENT,
        f"{pc['name']} takes a {name}: {effect}",
        [seq, put(ctx, pc_path(pid, "gear", gid), item)],
        data={"player": pid, "gear": gid, "kit": key},
    )


def finish(ctx: Context, args: CreatingArgs) -> None:
    """Finish character creation: from now on XP buys take downtime."""
    pid = ctx.target(args.player)
    pc = _creating(ctx, pid)
    emit(
        ctx,
        CHARACTER_READY,
        f"{pc['name']} is ready to play (Tier {costs.tier_of(xp_spent(ctx.state, pid))['tier']}).",
        [put(ctx, pc_path(pid, "status"), "ready")],
        data={"player": pid},
    )


def _pregen_grants(ctx: Context, pid: str, build: Build) -> tuple[int, list[Change], list[str]]:
    cost = 0
    changes: list[Change] = []
    labels = []
    base = int(ctx.settings.get("base_attribute", 2))
    for attr, rating in build.get("attributes", {}).items():
        cost += sum(costs.attribute_cost(r) for r in range(base + 1, rating + 1))
        changes.append(put(ctx, pc_path(pid, "attributes", attr), rating))
        labels.append(f"{attr.title()} {rating}")
    for skill, rating in build.get("skills", {}).items():
        cost += sum(costs.skill_cost(r, fe_settings(ctx)) for r in range(1, rating + 1))
        changes.append(put(ctx, pc_path(pid, "skills", skill), rating))
        labels.append(f"{skill.title()} {rating}")
    n = 0
    for name, cap, lane in build.get("followers", []):
        n += 1
        cost += costs.follower_cost(cap, fe_settings(ctx))
        data = {"name": name, "cap": cap, "lane": lane, "loyalty": "steady"}
        data["condition"] = "maintained"
        fid, _ = new_id(ctx, "f", n)
        changes.append(put(ctx, pc_path(pid, "followers", fid), data))
        labels.append(f"{name} (Cap {cap})")
    for name, tier, kind in build.get("assets", []):
        n += 1
        cost += costs.ASSET_COST[tier]
        data = {"name": name, "tier": tier, "type": kind, "condition": "maintained"}
        aid, _ = new_id(ctx, "a", n)
        changes.append(put(ctx, pc_path(pid, "assets", aid), data))
        labels.append(f"{name} ({tier.title()})")
    return cost, changes, labels


def take_pregen(ctx: Context, args: PregenArgs) -> None:
    """Take one of the three sample characters, ready to play."""
    pid = ctx.target(args.player)
    pc = _creating(ctx, pid)
    key, variant = args.pregen, args.build
    if xp_spent(ctx.state, pid) or pc["followers"] or pc["assets"]:
        raise RuleViolation("Pregens are taken on a fresh sheet, before spending any XP.")
    pregen = PREGENS[key]
    cost, changes, labels = _pregen_grants(ctx, pid, pregen["builds"][variant])
    have = int(ctx.state["tokens"].get(hand(pid), {}).get(XP, 0))
    top_up = max(0, cost - have)
    if top_up and not ctx.actor.is_gm:
        raise Forbidden(
            f"{pregen['name']}'s printed build costs {cost} XP, more than the {have} XP you "
            "have: characters begin with the table's starting pool, so only the GM can grant "
            "the printed build (take the baseline, or ask the GM)."
        )
    if top_up:
        changes.append(Move(XP, SUPPLY, hand(pid), top_up))
    changes.append(Move(XP, hand(pid), spent(pid), cost))
    changes.append(put(ctx, pc_path(pid, "name"), pregen["name"]))
    changes.append(put(ctx, pc_path(pid, "pregen"), key))
    extra = f" (the table grants {top_up} XP more for the printed build)" if top_up else ""
    emit(
        ctx,
        CHARACTER_PREGEN_EVENT,
        f"{name_of(ctx, pid)} takes {pregen['name']}, {pregen['title']}: "
        f"{', '.join(labels)} — {cost} XP{extra}.",
        changes,
        data={"player": pid, "pregen": key, "build": variant, "cost": cost},
    )
