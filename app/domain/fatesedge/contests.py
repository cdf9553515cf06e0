"""Contests and group rolls (3.5.1, 3.5.7, 15.2).

'Opposed tests can be run as contests (both sides roll; higher total successes wins;
ties lean to status quo).' The GM opens a contest between two players, or a player and
an opposition pool the host rolls at once; each player rolls on their phone as usual,
and when both sides have rolled the contest resolves, for everyone to see. A Boon or
talent re-roll afterwards re-resolves it on the final dice.

'Group roll pools to a net 3 successes' (3.5.7) and 'Foraging/hunting: group Survival
check clears 1 segment' (15.2): ``roll.group`` rolls each named character's Attribute +
Skill on the host, adds their successes and CP, and judges the total against the DV; a
foraging roll that makes its DV clears a Supply segment.
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import MaxLen

from ..arguments import Args, NoArgs, Says, SeatId, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM
from ..jsonvalue import clone
from ..tokens import GM_HAND
from . import dice as d
from .clocks import supply_changes
from .events.contests import CONTEST_CANCELLED, CONTEST_OPENED, ROLL_GROUP_EVENT
from .pool import build
from .roll_args import Attribute, Id20, Ladder, Maybe20, Maybe40, Name60, Name80, RollArgs
from .roll_record import Contest, ContestResult, ContestSide, GroupRecord, GroupRow, RollRecord
from .state import CP, emit, fe_rules, hits, new_id, pc_path, put, rules_path, sheet

SIDES = ("a", "b")
Side = Literal["a", "b"]
PLAYERS_SAY = "'players' lists the characters taking part (two or more)."


class ContestArgs(Args):
    """``contest.start``."""

    label: Name80 = optional("what is contested", default="Contest")
    # Descriptions in words: the GM's More tab shows them as the labels (issue #28).
    a: Id20 = described("one side: a player's seat id")
    b: Maybe20 = optional(
        "the other side: a player's seat id ('' or left out: an opposition pool)", default=""
    )
    npc_pool: int | None = optional(
        "the opposition's dice (when the other side is no player)", ge=1, le=30
    )
    npc_label: Name60 = optional("who opposes", default="The opposition")
    holds: Side = optional(
        "the side a tie favours, the status quo: a (the first) or b (the other)", default="b"
    )


CONTEST_START = CommandType("contest.start", ContestArgs)


class GroupArgs(Args):
    """``roll.group``."""

    players: Annotated[list[SeatId], MaxLen(20), Says(PLAYERS_SAY)] = described(
        "the seat ids of the characters taking part (two or more)"
    )
    attribute: Attribute = described("body | wits | spirit | presence")
    skill: Maybe40 = optional("skill name ('' for untrained)", default="")
    dv: int = optional("difficulty for the pooled successes (0: none)", default=0, ge=0, le=20)
    ladder: Ladder = optional("basic | detailed | intricate", default="basic")
    label: Name80 = optional("what the group attempts", default="Group roll")
    forage: bool = optional(
        "foraging/hunting: making the DV clears a Supply segment", default=False
    )


ROLL_GROUP = CommandType("roll.group", GroupArgs)


def start(ctx: Context, args: ContestArgs) -> None:
    """Open a contest: side ``a`` is a player; side ``b`` another player or an
    opposition pool of ``npc_pool`` dice; ``holds`` names the side that keeps the status
    quo on a tie."""
    ctx.require_gm("open a contest")
    if isinstance(fe_rules(ctx).get("contest"), dict) and not fe_rules(ctx)["contest"].get(
        "result"
    ):
        raise RuleViolation("A contest is already open: finish or cancel it first.")
    label, holds, first = args.label, args.holds, args.a
    ctx.seat(first)
    sides: dict[str, ContestSide] = {
        "a": {"kind": "player", "player": first, "name": sheet(ctx, first)["name"]}
    }
    other = args.b
    cid, seq = new_id(ctx, "c")
    lines = []
    if other:
        if other == first:
            raise InvalidArgs("A contest needs two different sides.")
        ctx.seat(other)
        sides["b"] = {"kind": "player", "player": other, "name": sheet(ctx, other)["name"]}
    else:
        if args.npc_pool is None:
            raise InvalidArgs("'npc_pool' is required.")
        size, name = args.npc_pool, args.npc_label
        faces = [ctx.rng.die(10) for _ in range(size)]
        got = sum(1 for f in faces if f >= d.SUCCESS)
        sides["b"] = {"kind": "npc", "name": name, "faces": faces, "successes": got}
        lines.append(f"{name} rolls {size}d10: {' '.join(map(str, faces))} — {hits(got)}.")
    contest: Contest = {"id": cid, "label": label, "holds": holds, "sides": sides}
    holder = sides[holds]["name"]
    emit(
        ctx,
        CONTEST_OPENED,
        f"Contest — {label}: {sides['a']['name']} against {sides['b']['name']} "
        f"(a tie leaves things as they are: {holder} holds). " + " ".join(lines),
        [seq, put(ctx, rules_path("contest"), contest)],
        data=clone(contest),
        undo=UNDO_GM,
    )


def cancel(ctx: Context, args: NoArgs) -> None:
    """Close the open contest without a result (the fiction moved on)."""
    ctx.require_gm("cancel a contest")
    if not isinstance(fe_rules(ctx).get("contest"), dict):
        raise RuleViolation("No contest is open.")
    emit(ctx, CONTEST_CANCELLED, "The contest is called off.",
         [put(ctx, rules_path("contest"), None)])  # fmt: skip


CONTEST_CANCEL = CommandType("contest.cancel", NoArgs)


def result_of(contest: Contest) -> ContestResult | None:
    """Who wins, once both sides have successes: more wins; a tie goes to ``holds``."""
    sides = contest["sides"]
    if any("successes" not in sides[s] for s in SIDES):
        return None
    sa, sb = int(sides["a"]["successes"]), int(sides["b"]["successes"])
    tie = sa == sb
    winner = contest["holds"] if tie else ("a" if sa > sb else "b")
    return {"winner": winner, "name": sides[winner]["name"], "tie": tie, "a": sa, "b": sb}


def _describe(contest: Contest, result: ContestResult) -> str:
    sides = contest["sides"]
    score = f"{sides['a']['name']} {result['a']} vs {sides['b']['name']} {result['b']}"
    if result["tie"]:
        return f" Contest {score}: a tie — the status quo holds ({result['name']})."
    return f" Contest {score}: {result['name']} wins."


def contest_changes(ctx: Context, record: RollRecord, *, rerolled: bool = False) -> tuple[
    list[Change], str
]:  # fmt: skip
    """A player's roll (or its re-roll) counted into the open contest: the changes and
    the words to add to the roll's log line."""
    contest = fe_rules(ctx).get("contest")
    if not isinstance(contest, dict):
        return [], ""
    if contest.get("result") and not rerolled:
        return [], ""
    side = next(
        (s for s in SIDES if contest["sides"][s].get("player") == record["player"]
         and ((rerolled and contest["sides"][s].get("roll") == record["id"])
              or (not rerolled and "roll" not in contest["sides"][s]))),
        None,
    )  # fmt: skip
    if side is None:
        return [], ""
    updated = clone(contest)
    updated["sides"][side].update(roll=record["id"], successes=int(record["successes"]))
    result = result_of(updated)
    if result is not None:
        updated["result"] = result
    text = (
        _describe(updated, result)
        if result
        else f" ({contest['label']}: waiting for the other side.)"
    )
    return [put(ctx, rules_path("contest"), updated)], text


def group(ctx: Context, args: GroupArgs) -> None:
    """Roll a group: each character's Attribute + Skill on the host, pooled."""
    ctx.require_gm("call for a group roll")
    players = args.players
    if len(players) < 2:
        raise InvalidArgs(PLAYERS_SAY)
    dv, ladder, label, forage = args.dv, args.ladder, args.label, args.forage
    roll_args = RollArgs(attribute=args.attribute, skill=args.skill)
    rows: list[GroupRow] = []
    changes: list[Change] = []
    for pid in dict.fromkeys(players):
        ctx.seat(pid)
        pc = sheet(ctx, pid)
        size, _, _ = build(ctx, pid, roll_args)
        forced = d.fatigue_rerolls(int(pc.get("fatigue", 0)), bool(pc.get("fatigue_fresh")))
        rolled = d.resolve([ctx.rng.die(10) for _ in range(size)], ladder, forced,
                           lambda: ctx.rng.die(10))  # fmt: skip
        if pc.get("fatigue_fresh"):
            changes.append(put(ctx, pc_path(pid, "fatigue_fresh"), False))
        rows.append({"player": pid, "name": pc["name"], "pool": size,
                     **d.summarize(rolled, 0, ladder)})  # fmt: skip
    total = sum(int(r["successes"]) for r in rows)
    cp = sum(int(r["cp"]) for r in rows)
    if cp:
        changes.append(Move(CP, SUPPLY, GM_HAND, cp))
    outcome = d.outcome(total, cp, dv) if dv else ""
    record: GroupRecord = {"label": label, "rows": rows, "successes": total, "cp": cp, "dv": dv}
    words = f" {d.OUTCOMES[outcome]}." if outcome else ""
    if dv:
        record["outcome"], record["outcome_name"] = outcome, d.OUTCOMES[outcome]
        record["difficulty"] = d.difficulty_name(dv)
    supply = int(fe_rules(ctx).get("supply", 0))
    if forage and supply and total >= max(1, dv):
        more, text = supply_changes(ctx, supply - 1)
        changes += more
        words += f" Foraging pays off: {text}."
    changes.append(put(ctx, rules_path("group_last"), record))
    each = "; ".join(f"{r['name']} {' '.join(str(x['face']) for x in r['dice'])}" for r in rows)
    emit(ctx, ROLL_GROUP_EVENT,
         f"{label} ({', '.join(r['name'] for r in rows)}{', DV ' + str(dv) if dv else ''}): "
         f"{each} — {hits(total)} together, {cp} CP.{words}",
         changes, data={**record}, undo=UNDO_GM)  # fmt: skip
