"""Guided character creation: one command per step, each validated on its own.

Players fill their own sheet (the GM may fill any). The mechanical parts (attributes
and pools) lock for the player once they declare the character complete; the GM can
still change them. What is still missing is computed by ``sheet.missing``.
"""

from __future__ import annotations

from .. import args as a
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import Draft
from ..jsonvalue import JsonDict
from . import sheet, wargs
from .state import ASPECT_SLOTS, ATTRIBUTES, LAST_QUESTION, char, char_path, put

NAME_MAX = 60
SUMMARY_MAX = 400
ANSWER_MAX = 300
QUESTION_MAX = 200
POOL_NAME_MAX = 40
MAX_POOLS = 12


def _sheet(ctx: Context, args: JsonDict) -> tuple[str, JsonDict]:
    pid = ctx.target_player(args)
    return pid, char(ctx.state, pid)


def _unlocked(ctx: Context, record: JsonDict, what: str) -> None:
    if record.get("complete") and not ctx.actor.is_gm:
        raise Forbidden(f"Your character is complete: ask the GM to change your {what}.")


def set_summary(ctx: Context, args: JsonDict) -> None:
    """Step 1: the character's name and a description in under 50 words."""
    pid, _ = _sheet(ctx, args)
    name = a.text(args, "name", max_len=NAME_MAX)
    summary = a.text(args, "summary", max_len=SUMMARY_MAX)
    words = sheet.word_count(summary)
    if words >= sheet.SUMMARY_WORDS_UNDER:
        raise RuleViolation(
            f"The summary must be under {sheet.SUMMARY_WORDS_UNDER} words (it has {words})."
        )
    ctx.emit(
        Draft(
            "char.summary",
            f"{ctx.name_of(pid)} plays {name}: {summary}",
            data={"player_id": pid, "name": name, "summary": summary},
            changes=(
                put(ctx, char_path(pid, "name"), name),
                put(ctx, char_path(pid, "summary"), summary),
            ),
        )
    )


def set_connection(ctx: Context, args: JsonDict) -> None:
    """Step 2: how this character knows, and feels about, one other character."""
    pid, _ = _sheet(ctx, args)
    other = a.text(args, "other", max_len=20)
    if other == pid or other not in ctx.seats():
        raise InvalidArgs("Name another player's seat for a connection.")
    body = a.text(args, "text", max_len=ANSWER_MAX)
    ctx.emit(
        Draft(
            "char.connection",
            f"{ctx.name_of(pid)} → {ctx.name_of(other)}: {body}",
            data={"player_id": pid, "other": other, "text": body},
            changes=(put(ctx, char_path(pid, "connections", other), body),),
        )
    )


def set_attributes(ctx: Context, args: JsonDict) -> None:
    """Step 3: divide the table's 8d (9d or 10d if heroic) among the three attributes."""
    pid, record = _sheet(ctx, args)
    _unlocked(ctx, record, "attributes")
    values = {name: a.integer(args, name, lo=0, hi=10) for name in ATTRIBUTES}
    total = int(ctx.settings["attribute_dice"])
    problem = sheet.attribute_problem(values, total)
    if problem:
        raise RuleViolation(problem)
    warnings = sheet.attribute_warnings(values)
    split = ", ".join(f"{n.title()} {values[n]}d" for n in ATTRIBUTES)
    ctx.emit(
        Draft(
            "char.attributes",
            f"{ctx.name_of(pid)} set attributes: {split}." + "".join(f" {w}" for w in warnings),
            data={"player_id": pid, "attributes": values, "warnings": warnings},
            changes=tuple(put(ctx, char_path(pid, "attributes", n), values[n]) for n in ATTRIBUTES),
            visible_to=pid,
        )
    )


def set_answer(ctx: Context, args: JsonDict) -> None:
    """Step 4a: answer one of the five questions."""
    pid, _ = _sheet(ctx, args)
    number = a.integer(args, "number", lo=1, hi=ASPECT_SLOTS)
    body = a.text(args, "text", max_len=ANSWER_MAX)
    question = ctx.state["rules"]["questions"][number - 1]
    ctx.emit(
        Draft(
            "char.answer",
            f"{ctx.name_of(pid)} answered “{question}”: {body}",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "answers", str(number)), body),),
            visible_to=pid,
        )
    )


def set_aspect(ctx: Context, args: JsonDict) -> None:
    """Step 4b: one of the five aspects chosen from the answers."""
    pid, _ = _sheet(ctx, args)
    number = a.integer(args, "number", lo=1, hi=ASPECT_SLOTS)
    body = a.text(args, "text", max_len=NAME_MAX)
    ctx.emit(
        Draft(
            "char.aspect",
            f"{ctx.name_of(pid)}'s aspect {number}: {body}",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), body),),
        )
    )


def set_pools(ctx: Context, args: JsonDict) -> None:
    """Step 5: distribute three dice among the GM's pools."""
    pid, record = _sheet(ctx, args)
    _unlocked(ctx, record, "pools")
    table_pools = [p["name"] for p in ctx.state["rules"]["pools"]]
    if not table_pools:
        raise RuleViolation("The GM hasn't listed any pools for this table.")
    cap = int(ctx.settings["pool_max"])
    dice = wargs.dice_map(args, "dice", max_items=MAX_POOLS, hi=cap)
    # Pools may grow past the three creation dice over time: the GM's call, once complete.
    growing = ctx.actor.is_gm and bool(record.get("complete"))
    total = None if growing else int(ctx.settings["pool_dice"])
    problem = sheet.pool_problem(dice, table_pools, total, cap)
    if problem:
        raise RuleViolation(problem)
    listed = ", ".join(f"{n} {d}d" for n, d in dice.items())
    ctx.emit(
        Draft(
            "char.pools",
            f"{ctx.name_of(pid)} set pools: {listed}.",
            data={"player_id": pid, "pools": dice},
            changes=(put(ctx, char_path(pid, "pools"), dice),),
            visible_to=pid,
        )
    )


def set_went_wrong(ctx: Context, args: JsonDict) -> None:
    """The last question: what just went wrong?"""
    pid, _ = _sheet(ctx, args)
    body = a.text(args, "text", max_len=ANSWER_MAX)
    ctx.emit(
        Draft(
            "char.went_wrong",
            f"{ctx.name_of(pid)} answered “{LAST_QUESTION}”: {body}",
            data={"player_id": pid, "text": body},
            changes=(put(ctx, char_path(pid, "went_wrong"), body),),
            visible_to=pid,
        )
    )


def finish(ctx: Context, args: JsonDict) -> None:
    """Declare the character complete once every step is done."""
    pid, record = _sheet(ctx, args)
    if record.get("complete"):
        raise RuleViolation("This character is already complete.")
    others = [p for p in ctx.seats() if p != pid]
    todo = sheet.missing(record, others, ctx.state["rules"]["pools"])
    if todo:
        raise RuleViolation(f"Creation isn't complete yet; still missing: {', '.join(todo)}.")
    ctx.emit(
        Draft(
            "char.complete",
            f"{ctx.name_of(pid)}'s character {record['name']} is complete.",
            data={"player_id": pid},
            changes=(put(ctx, char_path(pid, "complete"), True),),
        )
    )


def set_questions(ctx: Context, args: JsonDict) -> None:
    """GM: the table's own five creation questions."""
    ctx.require_gm("set the creation questions")
    questions = wargs.text_list(args, "questions", max_items=ASPECT_SLOTS, max_len=QUESTION_MAX)
    if len(questions) != ASPECT_SLOTS:
        raise InvalidArgs(f"Give exactly {ASPECT_SLOTS} questions.")
    ctx.emit(
        Draft(
            "creation.questions",
            "The GM set the creation questions: " + " / ".join(questions),
            data={"questions": questions},
            changes=(put(ctx, ("rules", "questions"), questions),),
        )
    )


def set_pool_list(ctx: Context, args: JsonDict) -> None:
    """GM: the pools available at this table (normal ones roll as bonus dice)."""
    ctx.require_gm("list the pools")
    normal = wargs.text_list(args, "normal", max_items=MAX_POOLS, max_len=POOL_NAME_MAX)
    special = wargs.text_list(
        args, "special", max_items=MAX_POOLS, max_len=POOL_NAME_MAX, default=[]
    )
    clash = {n.casefold() for n in normal} & {s.casefold() for s in special}
    if clash:
        raise InvalidArgs("A pool is either normal or special, not both.")
    pools: list[JsonDict] = [{"name": n, "special": False} for n in normal]
    pools += [{"name": s, "special": True} for s in special]
    names = ", ".join(normal + [f"{s} (special)" for s in special])
    ctx.emit(
        Draft(
            "creation.pools",
            f"The GM listed the pools: {names or 'none'}.",
            data={"pools": pools},
            changes=(put(ctx, ("rules", "pools"), pools),),
        )
    )
