"""Roll commands: a pool rolled on the host or entered from physical dice, Boon re-rolls,
the Devil's Bargain, and plain NPC pools for contests."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..arguments import Args, SeatId, Text, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM
from ..jsonvalue import JsonDict, clone
from ..tokens import GM_HAND
from . import dice as d
from . import pool
from .contests import contest_changes
from .economy import spend_boons
from .events.rolls import BOON_REROLL_EVENT, ROLL_BARGAIN_EVENT, ROLL_EVENT, ROLL_NPC_EVENT
from .gear_bends import bend_changes
from .gm_table import offer_changes, pending_dv
from .redo import redo
from .roll_args import Name80, RollArgs
from .roll_record import RollRecord
from .state import CP, emit, fe_rules, hits, name_of, new_id, pc_path, put, rules_path, sheet
from .uses import roll_abilities


class BoonRerollArgs(Args):
    """``boon.reroll``."""

    player: SeatId | None = optional("seat id (the GM names one; a player acts for themselves)")
    die: int = described("index of the die to re-roll (0 = the first)", ge=0, le=59)
    face: int = optional("the new face, for a roll made with physical dice", default=0, ge=0, le=10)


BOON_REROLL = CommandType("boon.reroll", BoonRerollArgs)


class BargainArgs(Args):
    """``roll.bargain``."""

    complication: Text = described("the complication accepted for success at DV−1")


ROLL_BARGAIN = CommandType("roll.bargain", BargainArgs)


class NpcRollArgs(Args):
    """``roll.npc``."""

    pool: int = described("how many d10s the opposition rolls", ge=1, le=30)
    label: Name80 = optional("who rolls", default="Opposition")
    hidden: bool = optional("roll behind the screen (only the GM sees it)", default=False)


ROLL_NPC = CommandType("roll.npc", NpcRollArgs)


def _faces_text(dice: list[d.Die]) -> str:
    return " ".join("→".join(str(f) for f in die.faces) for die in dice)


def _source(ctx: Context, entered: list[int] | None) -> tuple[Callable[[], int], list[int]]:
    if entered is None:
        return (lambda: ctx.rng.die(10)), []
    queue = list(entered)

    def take() -> int:
        if not queue:
            raise InvalidArgs("Enter one more re-roll face: the ladder or Fatigue needs it.")
        return queue.pop(0)

    return take, queue


def perform(
    ctx: Context, pid: str, roll: RollArgs, *, cp_to: str = GM_HAND
) -> tuple[RollRecord, list[Change], str]:
    """Roll a character's pool (on the host, or from entered ``faces``): the record,
    the changes (CP to ``cp_to``, Fatigue's next-roll re-roll paid) and a log line."""
    pc = sheet(ctx, pid)
    roll, dv_used = pending_dv(ctx, pid, roll)
    physical = roll.faces is not None
    size, parts, used = pool.build(ctx, pid, roll)
    ability_parts, ability_changes, keys = roll_abilities(ctx, pid, roll.use)
    if keys or ability_parts:  # a rallying boon's die is added by itself
        parts += ability_parts
        used["abilities"] = keys
        size = max(1, sum(int(p["dice"]) for p in parts))
    ladder, dv, label = roll.ladder, roll.dv, roll.label
    level = int(pc.get("fatigue", 0))
    forced = d.fatigue_rerolls(level, bool(pc.get("fatigue_fresh", False)))
    if roll.faces is not None:
        faces = list(roll.faces)
        if len(faces) != size:
            raise InvalidArgs(f"The pool is {size} dice: enter {size} faces.")
        source, left = _source(ctx, list(roll.rerolls or []))
    else:
        source, left = _source(ctx, None)
        faces = [ctx.rng.die(10) for _ in range(size)]
    rolled = d.resolve(faces, ladder, forced, source)
    if left:
        raise InvalidArgs(f"{len(left)} re-roll face(s) too many were entered.")
    summary = d.summarize(rolled, dv, ladder)
    rid, seq = new_id(ctx, "r")
    # RollRecord: its own keys, then the summary's (a cast: mypy can't add them up)
    record = cast(
        RollRecord,
        {
            "id": rid,
            "player": pid,
            "label": label,
            "ladder": ladder,
            "pool": size,
            "parts": parts,
            "used": used,
            "fatigue_rerolls": forced,
            "physical": physical,
            "cp_pool": cp_to,
            **summary,
        },
    )
    changes: list[Change] = [seq, put(ctx, rules_path("last_roll"), record), *dv_used]
    changes += offer_changes(ctx, record)
    changes += ability_changes
    contest, contest_text = contest_changes(ctx, record)
    changes += contest
    if summary["cp"]:
        changes.append(Move(CP, SUPPLY, cp_to, summary["cp"]))
    if pc.get("fatigue_fresh"):
        changes.append(put(ctx, pc_path(pid, "fatigue_fresh"), False))
    bend, bend_text = bend_changes(ctx, pid, str(used.get("gear", "")), record)
    changes += bend
    what = " + ".join(str(p["label"]) for p in parts[:2])
    dv_text = f", DV {dv} {summary['difficulty']}" if dv else ""
    result = f" {summary['outcome_name']}." if dv else ""
    flourish = " Add a flourish!" if summary["flourish"] else ""
    text = (
        f"{pc['name']} rolls {label + ': ' if label else ''}{what} "
        f"({size}d10, {ladder.title()}{dv_text}): {_faces_text(rolled)} — "
        f"{hits(summary['successes'])}, {summary['cp']} CP.{result}{flourish}{contest_text}"
        f"{bend_text}"
    )
    return record, changes, text


def _roll(ctx: Context, args: RollArgs, physical: bool) -> None:
    pid = ctx.target(args.player)
    if physical and args.faces is None:
        raise InvalidArgs("'faces' is required: enter the dice as rolled.")
    if not physical:  # typed faces are for physical dice: the host rolls its own
        args = args.model_copy(update={"faces": None, "rerolls": None})
    record, changes, text = perform(ctx, pid, args)
    emit(ctx, ROLL_EVENT, text, changes, data={**record}, undo=UNDO_GM)


def roll(ctx: Context, args: RollArgs) -> None:
    """Roll Attribute + Skill d10s on the host."""
    _roll(ctx, args, physical=False)


def enter(ctx: Context, args: RollArgs) -> None:
    """Record a roll made with physical dice (same rules as a host roll)."""
    _roll(ctx, args, physical=True)


def _open_roll(ctx: Context) -> RollRecord:
    last = fe_rules(ctx).get("last_roll")
    if not isinstance(last, dict):
        raise RuleViolation("There is no roll to act on yet.")
    return last


def boon_reroll(ctx: Context, args: BoonRerollArgs) -> None:
    """'Spend 1 Boon to re-roll a single die (success or failure) after rolling.'

    A die the host rolled is re-rolled by the host (typed faces are for physical dice
    only). The re-rolled die replaces the old one: a 1 that is gone takes its CP back
    from the pool the roll fed (the GM's bank or the ritual pool, if still there), and a
    new 1 is a new Complication Point in that same pool.
    """
    pid = ctx.target(args.player)
    last = _open_roll(ctx)
    if last["player"] != pid:
        raise RuleViolation(
            "A Boon re-roll must be declared immediately, on your own roll: "
            "the last roll at the table isn't yours."
        )
    index, face = args.die, args.face
    if index > len(last["dice"]) - 1:
        raise InvalidArgs(f"'die' must be between 0 and {len(last['dice']) - 1}.")
    if last.get("physical") and not face:
        raise InvalidArgs("This roll was made with physical dice: enter the new 'face'.")
    if face and not last.get("physical"):
        raise InvalidArgs(
            "The host rolled this pool, so the host re-rolls the die: "
            "a typed face is only for physical dice."
        )
    old_face = int(last["dice"][index]["face"])
    extra: JsonDict = {}
    record, changes = redo(ctx, last, {index: "boon"}, lambda: face or ctx.rng.die(10), extra=extra)
    new_face = int(record["dice"][index]["face"])
    changes = spend_boons(ctx, pid) + changes
    outcome = f" {record['outcome_name']}." if "outcome_name" in record else ""
    emit(
        ctx,
        BOON_REROLL_EVENT,
        f"{name_of(ctx, pid)} spends a Boon to re-roll a {old_face}: it shows {new_face}. "
        f"{hits(record['successes'])}, {record['cp']} CP.{outcome}"
        + (f" {extra['contest']}" if "contest" in extra else ""),
        changes,
        data={
            "roll": record["id"],
            "die": index,
            "old": old_face,
            "new": new_face,
            **record,
            **extra,
        },
        undo=UNDO_GM,
    )


def bargain(ctx: Context, args: BargainArgs) -> None:
    """A Devil's Bargain on a Miss: succeed at DV−1 with a named complication accepted."""
    ctx.require_gm("strike a Devil's Bargain")
    last = _open_roll(ctx)
    if last.get("outcome") != "miss":
        raise RuleViolation("A Devil's Bargain is offered on a Miss.")
    complication = args.complication
    record = clone(last)
    record.update(
        outcome="bargain",
        outcome_name="Devil's Bargain",
        guidance=f"Success at DV {max(1, int(last['dv']) - 1)}, accepting: {complication}",
        bargain=complication,
    )
    emit(
        ctx,
        ROLL_BARGAIN_EVENT,
        f"Devil's Bargain: {name_of(ctx, str(last['player']))} succeeds, accepting: {complication}",
        [put(ctx, rules_path("last_roll"), record)],
        data={"roll": last["id"], "complication": complication},
    )


def npc_roll(ctx: Context, args: NpcRollArgs) -> None:
    """The GM rolls an opposition pool (contests: higher successes win, ties to status quo)."""
    ctx.require_gm("roll for the opposition")
    size, label = args.pool, args.label
    faces = [ctx.rng.die(10) for _ in range(size)]
    s = sum(1 for f in faces if f >= d.SUCCESS)
    hidden = args.hidden
    emit(
        ctx,
        ROLL_NPC_EVENT,
        f"{label} rolls {size}d10: {' '.join(map(str, faces))} — {hits(s)}.",
        data={"label": label, "faces": faces, "successes": s},
        visible_to="gm" if hidden else "all",
        undo=UNDO_GM,
    )
