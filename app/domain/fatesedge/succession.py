"""Death, replacement and the Patronage Track (optional)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..arguments import Args, Says, SeatId, Text, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..tokens import hand
from .arg_kinds import PLAYER, ItemId, NamedSeat, Text40, Text80
from .creation import blank_sheet
from .economy import spend_xp
from .events.succession import CHARACTER_REPLACED, PATRON_ERASE_EVENT, XP_PROJECT_EVENT
from .sheet_types import Asset
from .state import XP, emit, fe_rules, find, pc_path, put, rules_path, sheet, spent, xp, xp_spent

PATRON_XP = 8  # "Spending 8+ XP on civic, guild, or temple projects grants a Patron tag."
HEIR_XP = (20, 30)


class ReplaceArgs(Args):
    """``character.replace``."""

    player: NamedSeat = described("seat id of the slain or removed PC")
    mode: Literal["promote", "heir", "new"] = described(
        "promote a follower, an heir steps in, or a new PC"
    )
    follower: ItemId | None = optional("the follower id to promote (when promoting)")
    name: Text40 | None = optional("the heir's or new PC's name (for an heir or a new PC)")
    xp: Annotated[int, Field(ge=HEIR_XP[0], le=HEIR_XP[1])] = optional(
        "the heir's XP (20–30)", default=25
    )
    keep_assets: Annotated[
        list[ItemId], Field(max_length=20), Says("'keep_assets' is a list of asset ids.")
    ] = optional("asset ids carried over (when promoting, or to an heir)", default=[])


CHARACTER_REPLACE = CommandType("character.replace", ReplaceArgs)


class ProjectArgs(Args):
    """``xp.project``."""

    player: SeatId | None = optional(PLAYER)
    xp: Annotated[int, Field(ge=1, le=30)] = described("XP invested")
    project: Text80 = described("the civic, guild or temple project")


XP_PROJECT = CommandType("xp.project", ProjectArgs)


class PatronArgs(Args):
    """``patron.erase``."""

    player: SeatId | None = optional(PLAYER)
    complication: Text = described("the resource complication the patrons make go away")


PATRON_ERASE = CommandType("patron.erase", PatronArgs)


def replace(ctx: Context, args: ReplaceArgs) -> None:
    """When a PC is slain or removed: promote a follower (50% of the deceased's total XP),
    an heir or partner steps in (20–30 XP), or a new character (standard rules)."""
    ctx.require_gm("replace a character")
    pid = args.player
    ctx.seat(pid)
    old = sheet(ctx, pid)
    mode = args.mode
    unspent, used = xp(ctx.state, pid), xp_spent(ctx.state, pid)
    total = unspent + used
    keep: dict[str, Asset] = {}
    if mode == "promote":
        if args.follower is None:
            raise InvalidArgs("'follower' is required.")
        follower = find(ctx, pid, "followers", args.follower, "follower")
        name = str(follower["name"])
        grant = total // 2
    else:
        if args.name is None:
            raise InvalidArgs("'name' is required.")
        name = args.name
        grant = args.xp if mode == "heir" else int(ctx.settings.get("starting_xp", 30))
    if mode != "new":  # "a reasonable share" / "a fraction" of assets, GM's choice
        for aid in args.keep_assets:
            keep[aid] = find(ctx, pid, "assets", aid, "asset")
    fresh = blank_sheet(name, int(ctx.settings.get("base_attribute", 2)))
    fresh["assets"] = keep
    changes: list[Change] = []
    if unspent:
        changes.append(Move(XP, hand(pid), SUPPLY, unspent))
    if used:
        changes.append(Move(XP, spent(pid), SUPPLY, used))
    changes.append(put(ctx, pc_path(pid), fresh))
    changes.append(Move(XP, SUPPLY, hand(pid), grant))
    for tid, t in fe_rules(ctx).get("trainings", {}).items():
        if t["player"] == pid:
            changes.append(put(ctx, rules_path("trainings", tid), None))
    how = {"promote": "a loyal follower steps up", "heir": "an heir steps in", "new": "a new PC"}
    emit(
        ctx,
        CHARACTER_REPLACED,
        f"{old['name']} leaves play; {how[mode]}: {name} starts with {grant} XP"
        + (f" and {len(keep)} asset(s)." if keep else "."),
        changes,
        data={"player": pid, "mode": mode, "xp": grant, "kept": sorted(keep)},
    )


def project(ctx: Context, args: ProjectArgs) -> None:
    """Invest XP in a civic, guild or temple project; 8+ XP grants a Patron tag."""
    pid = ctx.target(args.player)
    pc = sheet(ctx, pid)
    n, what = args.xp, args.project
    before = int(pc.get("patronage", 0))
    changes = spend_xp(ctx, pid, n)
    changes.append(put(ctx, pc_path(pid, "patronage"), before + n))
    text = f"{pc['name']} invests {n} XP in {what}."
    if before < PATRON_XP <= before + n:
        text += " They gain a Patron tag."
    emit(ctx, XP_PROJECT_EVENT, text, changes, data={"player": pid, "xp": n, "project": what})


def patron(ctx: Context, args: PatronArgs) -> None:
    """'Once per arc, a Patron may erase a resource-related Complication (Diamonds).'"""
    pid = ctx.target(args.player)
    pc = sheet(ctx, pid)
    if int(pc.get("patronage", 0)) < PATRON_XP:
        raise RuleViolation(f"A Patron tag takes {PATRON_XP}+ XP spent on projects.")
    key = f"patron:{pid}"
    if fe_rules(ctx).get("arc", {}).get("uses", {}).get(key):
        raise RuleViolation("A Patron erases one complication per arc.")
    what = args.complication
    emit(
        ctx,
        PATRON_ERASE_EVENT,
        f"{pc['name']}'s patrons make a resource complication go away: {what}.",
        [put(ctx, rules_path("arc", "uses", key), True)],
        data={"player": pid, "complication": what},
    )
