"""The GM drives the table: a DV set before the roll, Failure's Gift offered after a
failed roll, and the end-of-session bookkeeping.

'Difficulty Ladder (Set Before the Roll)' (3.5.1): the GM names the DV for a player's
next roll; it shows on their phone and the roll uses it unless the roll names its own.
"""

from __future__ import annotations

from ..arguments import Args, NoArgs, described, optional
from ..changes import SUPPLY, Change, Move, token_count
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import GM_ONLY
from ..tokens import hand, move_all
from .dice import difficulty_name
from .events.gm_table import (
    BOON_DECLINED,
    DV_SET,
    SEAT_LEFT,
    SESSION_BOOKKEEPING,
    SESSION_CHECKLIST,
)
from .roll_args import Id20, Maybe80, RollArgs
from .roll_record import RollRecord
from .state import BOON, emit, fe_rules, name_of, overflow, pc_path, put, rules_path, sheet
from .tables import CHECKLIST

FAILURES = ("partial", "miss")


class DvArgs(Args):
    """``roll.dv``."""

    player: Id20 = optional("the seat id whose next roll it is, or 'all'", default="all")
    dv: int = described("1 Routine, 2 Pressured, 3 Hard, 4+ Extreme; 0 clears", ge=0, le=10)
    label: Maybe80 = optional("what is being attempted", default="")


ROLL_DV = CommandType("roll.dv", DvArgs)


def set_dv(ctx: Context, args: DvArgs) -> None:
    """Set (or clear, with 0) the DV of a player's next roll, or everyone's."""
    ctx.require_gm("set the difficulty")
    target, dv, label = args.player, args.dv, args.label
    pids = list(ctx.seats()) if target == "all" else [target]
    changes: list[Change] = []
    for pid in pids:
        ctx.seat(pid)
        sheet(ctx, pid)
        changes.append(
            put(ctx, rules_path("dv_set", pid), {"dv": dv, "label": label} if dv else None)
        )
    who = "everyone's" if target == "all" else f"{name_of(ctx, target)}'s"
    what = f": {label}" if label else ""
    text = (
        f"The GM sets {who} next roll at DV {dv} ({difficulty_name(dv)}){what}."
        if dv
        else f"The GM clears the DV for {who} next roll."
    )
    emit(ctx, DV_SET, text, changes, data={"player": target, "dv": dv, "label": label})


def pending_dv(ctx: Context, pid: str, roll: RollArgs) -> tuple[RollArgs, list[Change]]:
    """The roll with the GM's DV filled in (unless the roll names one), and the change
    that uses the set DV up."""
    found = fe_rules(ctx).get("dv_set", {}).get(pid)
    if not isinstance(found, dict):
        return roll, []
    used = put(ctx, rules_path("dv_set", pid), None)
    if "dv" in roll.model_fields_set:
        return roll, [used]
    label = roll.label or str(found.get("label") or "")
    return roll.model_copy(update={"dv": int(found["dv"]), "label": label}), [used]


def offer_changes(ctx: Context, record: RollRecord) -> list[Change]:
    """After a roll: a failure against a DV offers the GM Failure's Gift; any other
    roll withdraws an older offer."""
    old = fe_rules(ctx).get("boon_offer")
    if record.get("outcome") in FAILURES:
        offer = {
            "player": record["player"],
            "roll": record["id"],
            "outcome": record["outcome_name"],
            "label": record.get("label", ""),
        }
        return [put(ctx, rules_path("boon_offer"), offer)]
    return [put(ctx, rules_path("boon_offer"), None)] if old is not None else []


def decline_boon(ctx: Context, args: NoArgs) -> None:
    """'If no, deny it — this was fishing, not play.' The GM passes on the offer."""
    ctx.require_gm("pass on a Boon")
    offer = fe_rules(ctx).get("boon_offer")
    if not isinstance(offer, dict):
        raise RuleViolation("No failed roll is waiting for a Boon.")
    emit(
        ctx,
        BOON_DECLINED,
        f"No Boon for {name_of(ctx, str(offer['player']))}'s failure.",
        [put(ctx, rules_path("boon_offer"), None)],
        data={"player": offer["player"]},
        visible_to=GM_ONLY,
    )


BOON_DECLINE = CommandType("boon.decline", NoArgs)


def session_ended(ctx: Context) -> None:
    """'End-of-Session Checklist' (4.7) and what a session's end closes: the scene
    ends (pins and field repairs), once-per-session uses come back, an unpaired
    overflow Boon is lost, set DVs and the Boon offer lapse. The GM gets the
    checklist; players are told what they may do between sessions."""
    changes: list[Change] = []
    for pid in ctx.seats():
        pc = sheet(ctx, pid)
        waiting = token_count(ctx.state, overflow(pid), BOON)
        if waiting:
            changes.append(Move(BOON, overflow(pid), SUPPLY, waiting))
        if int(pc.get("overflow_xp", 0)):
            changes.append(put(ctx, pc_path(pid, "overflow_xp"), 0))
    if fe_rules(ctx).get("dv_set"):
        changes.append(put(ctx, rules_path("dv_set"), {}))
    if fe_rules(ctx).get("boon_offer") is not None:
        changes.append(put(ctx, rules_path("boon_offer"), None))
    uses = fe_rules(ctx).get("uses", {})
    if uses.get("session"):
        changes.append(put(ctx, rules_path("uses", "session"), {}))
    changes += scene_reset_changes(ctx)
    emit(
        ctx,
        SESSION_BOOKKEEPING,
        "The session ends: the scene closes and once-per-session uses come back. "
        "Between sessions: convert Boons (2 Boons = 1 XP), change bonds, train in Downtime.",
        changes,
    )
    emit(
        ctx,
        SESSION_CHECKLIST,
        "End-of-session checklist: " + " ".join(f"{i}. {q}" for i, q in enumerate(CHECKLIST, 1)),
        data={"questions": list(CHECKLIST)},
        visible_to=GM_ONLY,
    )


def scene_reset_changes(ctx: Context) -> list[Change]:
    """A scene's end: pinned followers rejoin, field repairs wear off, once-per-scene
    uses come back, dice given for a next defense or action lapse, and the scene count
    moves on."""
    changes: list[Change] = []
    for pid, pc in fe_rules(ctx).get("pcs", {}).items():
        for fid, f in pc.get("followers", {}).items():
            if f.get("pinned"):
                changes.append(put(ctx, pc_path(pid, "followers", fid, "pinned"), False))
        for gid, g in pc.get("gear", {}).items():
            if g.get("field_repaired"):
                changes.append(put(ctx, pc_path(pid, "gear", gid, "field_repaired"), False))
    if fe_rules(ctx).get("uses", {}).get("scene"):
        changes.append(put(ctx, rules_path("uses", "scene"), {}))
    if fe_rules(ctx).get("granted"):  # a shield's or a rally's dice not used lapse (grants.py)
        changes.append(put(ctx, rules_path("granted"), {}))
    changes.append(put(ctx, rules_path("scene"), int(fe_rules(ctx).get("scene", 1)) + 1))
    return changes


def seat_removed(ctx: Context, pid: str) -> None:
    """A player leaves the table: their unspent XP and Boons go back to the supply (the
    sheet stays as a record, with the XP it spent); a DV set for them, a Boon offered
    for their roll and a contest they are in lapse."""
    changes: list[Change] = [
        *move_all(ctx.state, hand(pid), SUPPLY),
        *move_all(ctx.state, overflow(pid), SUPPLY),
    ]
    if isinstance(fe_rules(ctx).get("dv_set", {}).get(pid), dict):
        changes.append(put(ctx, rules_path("dv_set", pid), None))
    offer = fe_rules(ctx).get("boon_offer")
    if isinstance(offer, dict) and offer.get("player") == pid:
        changes.append(put(ctx, rules_path("boon_offer"), None))
    contest = fe_rules(ctx).get("contest")
    if isinstance(contest, dict) and any(
        s.get("player") == pid for s in contest.get("sides", {}).values()
    ):
        changes.append(put(ctx, rules_path("contest"), None))
    if changes:
        emit(
            ctx,
            SEAT_LEFT,
            f"{name_of(ctx, pid)} leaves the table; their unspent XP and Boons go back.",
            changes,
            data={"player": pid},
        )
