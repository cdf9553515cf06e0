"""Death, replacement and the Patronage Track (optional)."""

from __future__ import annotations

from .. import args as a
from ..changes import SUPPLY, Change, Move
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..jsonvalue import JsonDict
from ..tokens import hand
from .creation import blank_sheet
from .economy import spend_xp
from .state import XP, emit, find, pc_path, put, rules_path, sheet, spent, xp, xp_spent

PATRON_XP = 8  # "Spending 8+ XP on civic, guild, or temple projects grants a Patron tag."
HEIR_XP = (20, 30)


def replace(ctx: Context, args: JsonDict) -> None:
    """When a PC is slain or removed: promote a follower (50% of the deceased's total XP),
    an heir or partner steps in (20–30 XP), or a new character (standard rules)."""
    ctx.require_gm("replace a character")
    pid = a.text(args, "player", max_len=20)
    ctx.seat(pid)
    old = sheet(ctx, pid)
    mode = a.choice(args, "mode", ("promote", "heir", "new"))
    unspent, used = xp(ctx.state, pid), xp_spent(ctx.state, pid)
    total = unspent + used
    keep: dict[str, JsonDict] = {}
    if mode == "promote":
        fid = a.text(args, "follower", max_len=20)
        follower = find(ctx, pid, "followers", fid, "follower")
        name = str(follower["name"])
        grant = total // 2
    else:
        name = a.text(args, "name", max_len=40)
        grant = (
            a.integer(args, "xp", lo=HEIR_XP[0], hi=HEIR_XP[1], default=25)
            if mode == "heir"
            else int(ctx.settings.get("starting_xp", 30))
        )
    if mode != "new":  # "a reasonable share" / "a fraction" of assets, GM's choice
        wanted = args.get("keep_assets", [])
        if not isinstance(wanted, list):
            raise InvalidArgs("'keep_assets' is a list of asset ids.")
        for aid in wanted:
            keep[str(aid)] = find(ctx, pid, "assets", str(aid), "asset")
    fresh = blank_sheet(name, int(ctx.settings.get("base_attribute", 2)))
    fresh["assets"] = keep
    changes: list[Change] = []
    if unspent:
        changes.append(Move(XP, hand(pid), SUPPLY, unspent))
    if used:
        changes.append(Move(XP, spent(pid), SUPPLY, used))
    changes.append(put(ctx, pc_path(pid), fresh))
    changes.append(Move(XP, SUPPLY, hand(pid), grant))
    for tid, t in ctx.rules.get("trainings", {}).items():
        if t["player"] == pid:
            changes.append(put(ctx, rules_path("trainings", tid), None))
    how = {"promote": "a loyal follower steps up", "heir": "an heir steps in", "new": "a new PC"}
    emit(
        ctx,
        "character.replaced",
        f"{old['name']} leaves play; {how[mode]}: {name} starts with {grant} XP"
        + (f" and {len(keep)} asset(s)." if keep else "."),
        changes,
        data={"player": pid, "mode": mode, "xp": grant, "kept": sorted(keep)},
    )


def project(ctx: Context, args: JsonDict) -> None:
    """Invest XP in a civic, guild or temple project; 8+ XP grants a Patron tag."""
    pid = ctx.target_player(args)
    pc = sheet(ctx, pid)
    n = a.integer(args, "xp", lo=1, hi=30)
    what = a.text(args, "project", max_len=80)
    before = int(pc.get("patronage", 0))
    changes = spend_xp(ctx, pid, n)
    changes.append(put(ctx, pc_path(pid, "patronage"), before + n))
    text = f"{pc['name']} invests {n} XP in {what}."
    if before < PATRON_XP <= before + n:
        text += " They gain a Patron tag."
    emit(ctx, "xp.project", text, changes, data={"player": pid, "xp": n, "project": what})


def patron(ctx: Context, args: JsonDict) -> None:
    """'Once per arc, a Patron may erase a resource-related Complication (Diamonds).'"""
    pid = ctx.target_player(args)
    pc = sheet(ctx, pid)
    if int(pc.get("patronage", 0)) < PATRON_XP:
        raise RuleViolation(f"A Patron tag takes {PATRON_XP}+ XP spent on projects.")
    key = f"patron:{pid}"
    if ctx.rules.get("arc", {}).get("uses", {}).get(key):
        raise RuleViolation("A Patron erases one complication per arc.")
    what = a.text(args, "complication", max_len=200)
    emit(
        ctx,
        "patron.erase",
        f"{pc['name']}'s patrons make a resource complication go away: {what}.",
        [put(ctx, rules_path("arc", "uses", key), True)],
        data={"player": pid, "complication": what},
    )
