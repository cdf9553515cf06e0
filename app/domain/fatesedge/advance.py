"""Advancement commands: buy with XP, downtime and training, the Rush rule, respec."""

from __future__ import annotations

from ..arguments import Args, SeatId, described, optional
from ..changes import Add, Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from . import costs
from .clocks import SUPPLY_STATES, make_clock
from .economy import refund_xp, spend_xp
from .events.advance import (
    DOWNTIME_PASSED,
    TRAINING_MONTAGE_EVENT,
    XP_PIVOT_EVENT,
    XP_RESPEC_EVENT,
    XP_SPENT,
)
from .purchase import BuyArgs, apply_grant, price
from .roll_args import Id20, Name40, Name60
from .state import emit, fe_rules, fe_settings, name_of, new_id, pc_path, put, rules_path, sheet
from .upkeep_time import refuse_parallel_training

HASTE_SIZE = 4  # "the GM creates a Haste clock of four segments"
RESPEC_XP = 6
MONTAGES = 2
PLAYER = "seat id (the GM names one; a player acts for themselves)"


class DowntimeArgs(Args):
    """``downtime.pass``."""

    days: int = described("days of downtime that pass", ge=1, le=365)
    safe: bool = optional("spent in safety (the Supply clock recovers)", default=True)


DOWNTIME_PASS = CommandType("downtime.pass", DowntimeArgs)


class MontageArgs(Args):
    """``training.montage``."""

    player: SeatId | None = optional(PLAYER)
    training: Id20 = described("the training's id")


TRAINING_MONTAGE = CommandType("training.montage", MontageArgs)


class RespecArgs(Args):
    """``xp.respec``."""

    player: SeatId | None = optional(PLAYER)
    skill: Name40 = described("the Skill to unlearn")
    steps: int = optional("how many ranks (1–5)", default=1, ge=1, le=5)


XP_RESPEC = CommandType("xp.respec", RespecArgs)


class PivotArgs(Args):
    """``xp.pivot``."""

    player: SeatId = described("the seat id of the character")
    talent: Name60 = described("the talent given up")


XP_PIVOT = CommandType("xp.pivot", PivotArgs)


def buy(ctx: Context, args: BuyArgs) -> None:
    """Spend XP. At creation it takes effect at once; later it takes downtime, halved
    with a mentor, or is rushed at once with a four-segment Haste clock."""
    pid = ctx.target(args.player)
    pc = sheet(ctx, pid)
    offer = price(ctx, pid, args)
    changes: list[Change] = spend_xp(ctx, pid, offer.cost, on_skills=offer.on_skills)
    reserved = 1 if offer.reserves else 0
    if offer.reserves:
        changes.append(Add(rules_path("seq"), 1))
    name = pc["name"]
    creating = pc.get("status") != "ready"
    days = offer.days
    if args.mentored and days:
        days = (days + 1) // 2  # "Training from a PC or NPC … halves downtime."
    rush = args.rush
    if creating or not days:
        changes += apply_grant(ctx, pid, offer.grant)
        text = f"{name} spends {offer.cost} XP on {offer.label}."
    elif rush:
        changes += apply_grant(ctx, pid, offer.grant)
        tid, seq = new_id(ctx, "t", offset=reserved)
        cid, clock_changes = make_clock(
            ctx, f"Haste: {name}'s {offer.label}", HASTE_SIZE, True, reserved + 1, training=tid
        )
        changes += [seq, *clock_changes]
        rec = {"player": pid, "label": offer.label, "clock": cid, "flawed": False}
        changes.append(put(ctx, rules_path("rushed", tid), rec))
        text = (
            f"{name} spends {offer.cost} XP on {offer.label} and rushes it, skipping "
            f"{days} days of downtime: a Haste clock (0/{HASTE_SIZE}) starts."
        )
    else:
        refuse_parallel_training(ctx, pid)
        tid, seq = new_id(ctx, "t", offset=reserved)
        training = {"player": pid, "grant": offer.grant, "days_left": days, "label": offer.label}
        changes += [seq, put(ctx, rules_path("trainings", tid), training)]
        text = f"{name} spends {offer.cost} XP on {offer.label}: {days} days of downtime."
    emit(
        ctx,
        XP_SPENT,
        text,
        changes,
        data={"player": pid, "cost": offer.cost, "grant": offer.grant, "days": days},
    )


def downtime(ctx: Context, args: DowntimeArgs) -> None:
    """Days of downtime pass: training progresses and finishes; in safety, the Supply
    clock loses a segment."""
    ctx.require_gm("pass downtime")
    days, safe = args.days, args.safe
    changes: list[Change] = []
    done = []
    for tid, t in sorted(fe_rules(ctx).get("trainings", {}).items()):
        left = int(t["days_left"]) - days
        if left <= 0:
            changes += apply_grant(ctx, t["player"], t["grant"])
            changes.append(put(ctx, rules_path("trainings", tid), None))
            done.append(f"{name_of(ctx, t['player'])}: {t['label']}")
        else:
            changes.append(put(ctx, rules_path("trainings", tid, "days_left"), left))
    text = "1 day of downtime passes." if days == 1 else f"{days} days of downtime pass."
    supply = int(fe_rules(ctx).get("supply", 0))
    if safe and supply:
        changes.append(put(ctx, rules_path("supply"), supply - 1))
        text += f" Rest in safety: Supply {supply} → {supply - 1} ({SUPPLY_STATES[supply - 1]})."
    if done:
        text += " Training complete — " + "; ".join(done) + "."
    emit(ctx, DOWNTIME_PASSED, text, changes, data={"days": days, "done": done})


def montage(ctx: Context, args: MontageArgs) -> None:
    """'A vivid training montage may convert 1 day of downtime into on-screen play
    (twice per arc).'"""
    pid = ctx.target(args.player)
    tid = args.training
    t = fe_rules(ctx).get("trainings", {}).get(tid)
    if t is None or t["player"] != pid:
        raise InvalidArgs("No such training of yours.")
    key = f"montage:{pid}"
    used = int(fe_rules(ctx).get("arc", {}).get("uses", {}).get(key, 0))
    if used >= MONTAGES:
        raise RuleViolation("Training montages are limited to twice per arc.")
    left = int(t["days_left"]) - 1
    changes: list[Change] = [put(ctx, rules_path("arc", "uses", key), used + 1)]
    if left <= 0:
        changes += apply_grant(ctx, pid, t["grant"])
        changes.append(put(ctx, rules_path("trainings", tid), None))
    else:
        changes.append(put(ctx, rules_path("trainings", tid, "days_left"), left))
    emit(
        ctx,
        TRAINING_MONTAGE_EVENT,
        f"{name_of(ctx, pid)}'s training montage: {t['label']}"
        + (" is complete." if left <= 0 else f", {left} days left."),
        changes,
        data={"player": pid, "training": tid},
    )


def respec(ctx: Context, args: RespecArgs) -> None:
    """Light respec: 'Once per arc, redistribute up to 6 XP worth of Skills.' The freed
    XP can only be spent on Skills."""
    pid = ctx.target(args.player)
    pc = sheet(ctx, pid)
    skill = args.skill.casefold()
    steps = args.steps
    have = int(pc["skills"].get(skill, 0))
    if steps > have:
        raise RuleViolation(f"{pc['name']} has {skill.title()} {have}.")
    key = f"respec:{pid}"
    if fe_rules(ctx).get("arc", {}).get("uses", {}).get(key):
        raise RuleViolation("A light respec is once per arc.")
    refund = sum(costs.skill_cost(r, fe_settings(ctx)) for r in range(have - steps + 1, have + 1))
    if refund > RESPEC_XP:
        raise RuleViolation(f"A light respec moves at most {RESPEC_XP} XP (that is {refund}).")
    new = have - steps
    changes = [
        *refund_xp(ctx, pid, refund),
        put(ctx, pc_path(pid, "skills", skill), new or None),
        put(ctx, pc_path(pid, "respec_credit"), int(pc.get("respec_credit", 0)) + refund),
        put(ctx, rules_path("arc", "uses", key), True),
    ]
    emit(
        ctx,
        XP_RESPEC_EVENT,
        f"{pc['name']} unlearns {skill.title()} {have} → {new}: {refund} XP to redistribute "
        "into Skills.",
        changes,
        data={"player": pid, "skill": skill, "refund": refund},
    )


def pivot(ctx: Context, args: PivotArgs) -> None:
    """Major pivot: 'reclaim one Talent or Prestige at 50% refund' (GM approves)."""
    ctx.require_gm("approve a major pivot")
    pid = args.player
    pc = sheet(ctx, pid)
    name = args.talent
    if name not in pc["talents"]:
        raise InvalidArgs(f"{pc['name']} has no talent '{name}'.")
    refund = int(pc["talents"][name]) // 2
    changes = [*refund_xp(ctx, pid, refund), put(ctx, pc_path(pid, "talents", name), None)]
    emit(
        ctx,
        XP_PIVOT_EVENT,
        f"{pc['name']} gives up {name} and reclaims {refund} XP.",
        changes,
        data={"player": pid, "talent": name, "refund": refund},
    )
