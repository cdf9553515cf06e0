"""Contests and fights: who takes part, the order of action, rounds and haste.

``rules.contest`` while one runs: ``kind`` (the attribute rolled), ``harmful`` (a
fight or argument: losers take stress), ``participants``, ``round``, ``acted``
(who has acted or given up their action this round), ``haste`` (penalty dice taken to
act sooner), ``exchange`` (an attack waiting for its defence) and ``held`` (stress
from a tied group, applied once the whole group has acted).
"""

from __future__ import annotations

from itertools import groupby
from typing import Annotated

from annotated_types import Ge, Le

from ..arguments import Args, NoArgs, described, optional
from ..changes import Add, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from .events.contest import (
    CONTEST_ENDED,
    CONTEST_HASTE_EVENT,
    CONTEST_ROUND_EVENT,
    CONTEST_STARTED,
    CONTEST_STRESS,
)
from .state import (
    OUT_WORDS,
    WheelContest,
    WheelTable,
    acting_character,
    attribute,
    char,
    char_name,
    char_path,
    character_ref,
    chars,
    is_out,
    put,
    rules_of,
    seated,
)
from .wargs import AsGmOrNpc, Attribute, Participants

C = ("rules", "contest")
MAX_HASTE = 20


class StartArgs(Args):
    """``contest.start``."""

    kind: Attribute = described("the attribute everyone rolls: physical | mental | social")
    harmful: bool = optional("true for a fight or argument (losers take stress)", True)
    participants: Participants = described("the characters taking part (seat or GM-side ids)")


class HasteArgs(AsGmOrNpc):
    """``contest.haste``."""

    dice: Annotated[int, Ge(0), Le(MAX_HASTE)] = described(
        "penalty dice to take this round to act sooner (0 takes haste back)"
    )


CONTEST_START = CommandType("contest.start", StartArgs)
CONTEST_HASTE = CommandType("contest.haste", HasteArgs)
CONTEST_ROUND = CommandType("contest.round", NoArgs)
CONTEST_END = CommandType("contest.end", NoArgs)


def running(state: WheelTable) -> WheelContest | None:
    """The contest in progress, if any."""
    return rules_of(state).get("contest")


def require_running(ctx: Context) -> WheelContest:
    contest = running(ctx.state)
    if contest is None:
        raise RuleViolation("No contest is running.")
    return contest


def members(state: WheelTable, contest: WheelContest) -> list[str]:
    """Participants whose characters still exist (an undo may remove a GM-side one)."""
    every = chars(state)
    return [c for c in contest["participants"] if c in every]


def initiative(state: WheelTable, contest: WheelContest, cid: str) -> int:
    """Dice counted for going first: the attribute, haste penalty dice and help dice."""
    record = chars(state).get(cid, {})
    dice = attribute(record, contest["kind"]) or 0
    helped = sum(int(h["dice"]) for h in record.get("help", []))
    return dice + int(contest["haste"].get(cid, 0)) + helped


def active(state: WheelTable, contest: WheelContest) -> list[str]:
    """Participants who can still act: stressed-out ones lose conflicts of the type, and
    a player whose seat was removed no longer takes turns."""
    every = chars(state)
    return [
        c
        for c in members(state, contest)
        if not is_out(every[c], contest["kind"]) and (every[c].get("npc") or seated(state, c))
    ]


def order(state: WheelTable, contest: WheelContest) -> list[list[str]]:
    """Groups acting at the same time, most dice first (ties go at the same time)."""
    ranked = sorted(active(state, contest), key=lambda c: -initiative(state, contest, c))
    return [
        list(group) for _, group in groupby(ranked, key=lambda c: initiative(state, contest, c))
    ]


def waiting(state: WheelTable, contest: WheelContest) -> list[str]:
    """Who has yet to act this round, in order."""
    return [c for g in order(state, contest) for c in g if c not in contest["acted"]]


def tie_group(state: WheelTable, contest: WheelContest, cid: str) -> list[str]:
    """The others acting at the same time as ``cid`` who haven't acted yet."""
    for group in order(state, contest):
        if cid in group:
            return [c for c in group if c != cid and c not in contest["acted"]]
    return []


def participant(ctx: Context, contest: WheelContest, cid: str) -> None:
    if cid not in contest["participants"]:
        raise RuleViolation(f"{char_name(ctx, cid)} isn't part of this contest.")


def may_act(ctx: Context, contest: WheelContest, cid: str) -> None:
    """Refuse if ``cid`` has acted this round or is out of this kind of conflict."""
    participant(ctx, contest, cid)
    if cid in contest["acted"]:
        raise RuleViolation(f"{char_name(ctx, cid)} has already acted this round.")
    if is_out(char(ctx.state, cid), contest["kind"]):
        kind = contest["kind"]
        raise RuleViolation(
            f"{char_name(ctx, cid)} is {OUT_WORDS[kind]} (more stress than {kind.title()}) "
            "and automatically loses this conflict."
        )


def start(ctx: Context, args: StartArgs) -> None:
    """GM: begin a contest (a fight or argument if ``harmful``) between characters."""
    ctx.require_gm("start a contest")
    if running(ctx.state) is not None:
        raise RuleViolation("A contest is already running; end it first.")
    kind, harmful, ids = args.kind, args.harmful, args.participants
    for cid in ids:
        character_ref(ctx, cid)
        if attribute(char(ctx.state, cid), kind) is None:
            raise RuleViolation(f"{char_name(ctx, cid)} hasn't assigned attributes yet.")
    if len(ids) < 2:
        raise InvalidArgs("A contest needs at least two characters.")
    contest: WheelContest = {
        "kind": kind,
        "harmful": harmful,
        "participants": ids,
        "round": 1,
        "acted": {},
        "haste": {},
        "held": [],
    }
    names = ", ".join(char_name(ctx, c) for c in ids)
    what = "fight" if harmful else "contest"
    ctx.emit(
        Draft(
            CONTEST_STARTED,
            f"A {kind} {what} begins: {names}.",
            data={"kind": kind, "harmful": harmful, "participants": ids},
            changes=(put(ctx, C, contest),),
        )
    )


def haste(ctx: Context, args: HasteArgs) -> None:
    """Take penalty dice on this round's action to count them for going first."""
    contest = require_running(ctx)
    cid = acting_character(ctx, args.player, args.npc)
    may_act(ctx, contest, cid)
    n = args.dice
    if n == int(contest["haste"].get(cid, 0)):
        raise RuleViolation(f"{char_name(ctx, cid)} already has {n} haste dice.")
    record = char(ctx.state, cid)
    dice = attribute(record, contest["kind"]) or 0
    helped = sum(int(h["dice"]) for h in record.get("help", []))
    if n + int(record.get("stress", 0)) - helped > dice:
        raise RuleViolation(
            f"{n} penalty dice would be more than {char_name(ctx, cid)}'s dice: "
            "an automatic failure. Help from others lets you take more."
        )
    ctx.emit(
        Draft(
            CONTEST_HASTE_EVENT,
            f"{char_name(ctx, cid)} acts hastily: {n} penalty dice to go sooner."
            if n
            else f"{char_name(ctx, cid)} takes back their haste.",
            data={"character": cid, "dice": n},
            changes=(put(ctx, (*C, "haste", cid), n or None),),
        )
    )


def release(ctx: Context, *, everything: bool = False) -> None:
    """Apply held stress whose tied group has now all acted (or all of it)."""
    contest = require_running(ctx)
    held = contest["held"]
    due = [h for h in held if everything or all(w in contest["acted"] for w in h["wait_for"])]
    if not due:
        return
    keep = [h for h in held if h not in due]
    due = [h for h in due if h["target"] in chars(ctx.state)]
    parts = [f"{char_name(ctx, h['target'])} takes {h['stress']} stress" for h in due]
    ctx.emit(
        Draft(
            CONTEST_STRESS,
            "Tied actions done" + (f": {'; '.join(parts)}." if parts else "."),
            data={"applied": due},
            changes=(
                put(ctx, (*C, "held"), keep),
                *(Add(char_path(h["target"], "stress"), int(h["stress"])) for h in due),
            ),
        )
    )


def new_round(ctx: Context, why: str) -> None:
    """Everyone may act again; haste taken last round is spent."""
    release(ctx, everything=True)
    contest = require_running(ctx)
    number = int(contest["round"]) + 1
    ctx.emit(
        Draft(
            CONTEST_ROUND_EVENT,
            f"{why} Round {number} begins.",
            data={"round": number},
            changes=(
                put(ctx, (*C, "round"), number),
                put(ctx, (*C, "acted"), {}),
                put(ctx, (*C, "haste"), {}),
            ),
        )
    )


def mark_acted(ctx: Context, cid: str) -> Put:
    """The change recording that ``cid`` used their action this round."""
    return put(ctx, (*C, "acted", cid), True)


def after_action(ctx: Context) -> None:
    """Once an action is recorded: release held stress, start a round if all have acted."""
    release(ctx)
    contest = require_running(ctx)
    if not waiting(ctx.state, contest):
        new_round(ctx, "Everyone has acted.")


def next_round(ctx: Context, args: NoArgs) -> None:
    """GM: start the next round now."""
    ctx.require_gm("start a new round")
    require_running(ctx)
    if require_running(ctx).get("exchange"):
        raise RuleViolation("Resolve the open attack first.")
    new_round(ctx, "The GM moves on.")


def end(ctx: Context, args: NoArgs) -> None:
    """GM: the contest is over (held stress lands first)."""
    ctx.require_gm("end a contest")
    require_running(ctx)
    release(ctx, everything=True)
    ctx.emit(Draft(CONTEST_ENDED, "The contest is over.", changes=(put(ctx, C, None),)))
