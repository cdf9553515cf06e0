"""Guided character creation: one command per step, each validated on its own.

Players fill their own sheet (the GM may fill any). The mechanical parts (attributes
and pools) lock for the player once they declare the character complete; the GM can
still change them. What is still missing is computed by ``sheet.missing``.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen

from ..arguments import Args, described, optional
from ..command_types import CommandType
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import Draft
from . import sheet
from .events.creation import (
    CHAR_ANSWER_EVENT,
    CHAR_ASPECT_EVENT,
    CHAR_ATTRIBUTES_EVENT,
    CHAR_COMPLETE,
    CHAR_CONNECTION_EVENT,
    CHAR_POOLS_EVENT,
    CHAR_SUMMARY_EVENT,
    CHAR_WENT_WRONG_EVENT,
    CREATION_POOLS_EVENT,
    CREATION_QUESTIONS_EVENT,
)
from .state import (
    ASPECT_SLOTS,
    ATTRIBUTES,
    LAST_QUESTION,
    WheelChar,
    char,
    char_path,
    put,
    rules_of,
    settings_of,
)
from .view_types import Pool
from .wargs import MAX_POOLS, AsGm, CharId, PoolNames, Questions, short_text

NAME_MAX = 60
SUMMARY_MAX = 400
ANSWER_MAX = 300
POOL_DICE_MAX = 20  # the most ``pools.limits`` lets one pool hold

Answer = Annotated[str, short_text(ANSWER_MAX)]
Slot = Annotated[int, Ge(1), Le(ASPECT_SLOTS)]
AttributeDice = Annotated[int, Ge(0), Le(10)]


class SummaryArgs(AsGm):
    """``char.summary``."""

    name: Annotated[str, short_text(NAME_MAX)] = described("the character's name")
    summary: Annotated[str, short_text(SUMMARY_MAX)] = described(
        "who the character is, in under 50 words"
    )


class ConnectionArgs(AsGm):
    """``char.connection``."""

    other: CharId = described("the other player's seat id")
    text: Answer = described("how your character knows, and feels about, theirs")


class AttributesArgs(AsGm):
    """``char.attributes``: the three attributes' dice (adding up to the table's 8d)."""

    physical: AttributeDice = described("Physical dice")
    mental: AttributeDice = described("Mental dice")
    social: AttributeDice = described("Social dice")


class AnswerArgs(AsGm):
    """``char.answer``."""

    number: Slot = described("which of the five questions (1-5)")
    text: Answer = described("the answer")


class AspectArgs(AsGm):
    """``char.aspect``."""

    number: Slot = described("which of the five aspects (1-5)")
    text: Annotated[str, short_text(NAME_MAX)] = described("the aspect")


class PoolsArgs(AsGm):
    """``char.pools``."""

    dice: Annotated[dict[str, Annotated[int, Ge(0), Le(POOL_DICE_MAX)]], MaxLen(MAX_POOLS)] = (
        described("{pool name: dice}, up to the table's pool limits")
    )


class WentWrongArgs(AsGm):
    """``char.went_wrong``."""

    text: Answer = described("what just went wrong")


class QuestionsArgs(Args):
    """``creation.questions``."""

    questions: Questions = described("the table's five creation questions")


class PoolListArgs(Args):
    """``creation.pools``."""

    normal: PoolNames = described("names of normal pools (their dice are bonus dice)")
    special: PoolNames = optional("names of special pools (the GM rules on them)", [])


CHAR_SUMMARY = CommandType("char.summary", SummaryArgs)
CHAR_CONNECTION = CommandType("char.connection", ConnectionArgs)
CHAR_ATTRIBUTES = CommandType("char.attributes", AttributesArgs)
CHAR_ANSWER = CommandType("char.answer", AnswerArgs)
CHAR_ASPECT = CommandType("char.aspect", AspectArgs)
CHAR_POOLS = CommandType("char.pools", PoolsArgs)
CHAR_WENT_WRONG = CommandType("char.went_wrong", WentWrongArgs)
CREATION_QUESTIONS = CommandType("creation.questions", QuestionsArgs)
CREATION_POOLS = CommandType("creation.pools", PoolListArgs)
CHAR_FINISH = CommandType("char.finish", AsGm)


def _sheet(ctx: Context, args: AsGm) -> tuple[str, WheelChar]:
    pid = ctx.target(args.player)
    return pid, char(ctx.state, pid)


def _unlocked(ctx: Context, record: WheelChar, what: str) -> None:
    if record.get("complete") and not ctx.actor.is_gm:
        raise Forbidden(f"Your character is complete: ask the GM to change your {what}.")


def set_summary(ctx: Context, args: SummaryArgs) -> None:
    """Step 1: the character's name and a description in under 50 words."""
    pid, _ = _sheet(ctx, args)
    name, summary = args.name, args.summary
    words = sheet.word_count(summary)
    if words >= sheet.SUMMARY_WORDS_UNDER:
        raise RuleViolation(
            f"The summary must be under {sheet.SUMMARY_WORDS_UNDER} words (it has {words})."
        )
    ctx.emit(
        Draft(
            CHAR_SUMMARY_EVENT,
            f"{ctx.name_of(pid)} plays {name}: {summary}",
            data={"player_id": pid, "name": name, "summary": summary},
            changes=(
                put(ctx, char_path(pid, "name"), name),
                put(ctx, char_path(pid, "summary"), summary),
            ),
        )
    )


def set_connection(ctx: Context, args: ConnectionArgs) -> None:
    """Step 2: how this character knows, and feels about, one other character."""
    pid, _ = _sheet(ctx, args)
    other = args.other
    if other == pid or other not in ctx.seats():
        raise InvalidArgs("Name another player's seat for a connection.")
    body = args.text
    ctx.emit(
        Draft(
            CHAR_CONNECTION_EVENT,
            f"{ctx.name_of(pid)} → {ctx.name_of(other)}: {body}",
            data={"player_id": pid, "other": other, "text": body},
            changes=(put(ctx, char_path(pid, "connections", other), body),),
        )
    )


def set_attributes(ctx: Context, args: AttributesArgs) -> None:
    """Step 3: divide the table's 8d (9d or 10d if heroic) among the three attributes."""
    pid, record = _sheet(ctx, args)
    _unlocked(ctx, record, "attributes")
    values = {"physical": args.physical, "mental": args.mental, "social": args.social}
    total = int(settings_of(ctx)["attribute_dice"])
    problem = sheet.attribute_problem(values, total)
    if problem:
        raise RuleViolation(problem)
    warnings = sheet.attribute_warnings(values)
    split = ", ".join(f"{n.title()} {values[n]}d" for n in ATTRIBUTES)
    ctx.emit(
        Draft(
            CHAR_ATTRIBUTES_EVENT,
            f"{ctx.name_of(pid)} set attributes: {split}." + "".join(f" {w}" for w in warnings),
            data={"player_id": pid, "attributes": values, "warnings": warnings},
            changes=tuple(put(ctx, char_path(pid, "attributes", n), values[n]) for n in ATTRIBUTES),
            visible_to=pid,
        )
    )


def set_answer(ctx: Context, args: AnswerArgs) -> None:
    """Step 4a: answer one of the five questions."""
    pid, _ = _sheet(ctx, args)
    number, body = args.number, args.text
    question = rules_of(ctx.state)["questions"][number - 1]
    ctx.emit(
        Draft(
            CHAR_ANSWER_EVENT,
            f"{ctx.name_of(pid)} answered “{question}”: {body}",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "answers", str(number)), body),),
            visible_to=pid,
        )
    )


def set_aspect(ctx: Context, args: AspectArgs) -> None:
    """Step 4b: one of the five aspects chosen from the answers."""
    pid, _ = _sheet(ctx, args)
    number, body = args.number, args.text
    ctx.emit(
        Draft(
            CHAR_ASPECT_EVENT,
            f"{ctx.name_of(pid)}'s aspect {number}: {body}",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), body),),
        )
    )


def set_pools(ctx: Context, args: PoolsArgs) -> None:
    """Step 5: distribute three dice among the GM's pools."""
    pid, record = _sheet(ctx, args)
    _unlocked(ctx, record, "pools")
    table_pools = [p["name"] for p in rules_of(ctx.state)["pools"]]
    if not table_pools:
        raise RuleViolation("The GM hasn't listed any pools for this table.")
    cap = int(settings_of(ctx)["pool_max"])
    if any(n > cap for n in args.dice.values()):
        raise InvalidArgs(f"Dice in 'dice' must be whole numbers 0–{cap}.")
    dice = {name: n for name, n in args.dice.items() if n}
    # Pools may grow past the three creation dice over time: the GM's call, once complete.
    growing = ctx.actor.is_gm and bool(record.get("complete"))
    total = None if growing else int(settings_of(ctx)["pool_dice"])
    problem = sheet.pool_problem(dice, table_pools, total, cap)
    if problem:
        raise RuleViolation(problem)
    listed = ", ".join(f"{n} {d}d" for n, d in dice.items())
    ctx.emit(
        Draft(
            CHAR_POOLS_EVENT,
            f"{ctx.name_of(pid)} set pools: {listed}.",
            data={"player_id": pid, "pools": dice},
            changes=(put(ctx, char_path(pid, "pools"), dice),),
            visible_to=pid,
        )
    )


def set_went_wrong(ctx: Context, args: WentWrongArgs) -> None:
    """The last question: what just went wrong?"""
    pid, _ = _sheet(ctx, args)
    body = args.text
    ctx.emit(
        Draft(
            CHAR_WENT_WRONG_EVENT,
            f"{ctx.name_of(pid)} answered “{LAST_QUESTION}”: {body}",
            data={"player_id": pid, "text": body},
            changes=(put(ctx, char_path(pid, "went_wrong"), body),),
            visible_to=pid,
        )
    )


def finish(ctx: Context, args: AsGm) -> None:
    """Declare the character complete once every step is done."""
    pid, record = _sheet(ctx, args)
    if record.get("complete"):
        raise RuleViolation("This character is already complete.")
    others = [p for p in ctx.seats() if p != pid]
    todo = sheet.missing(record, others, rules_of(ctx.state)["pools"])
    if todo:
        raise RuleViolation(f"Creation isn't complete yet; still missing: {', '.join(todo)}.")
    ctx.emit(
        Draft(
            CHAR_COMPLETE,
            f"{ctx.name_of(pid)}'s character {record['name']} is complete.",
            data={"player_id": pid},
            changes=(put(ctx, char_path(pid, "complete"), True),),
        )
    )


def set_questions(ctx: Context, args: QuestionsArgs) -> None:
    """GM: the table's own five creation questions."""
    ctx.require_gm("set the creation questions")
    questions = args.questions
    if len(questions) != ASPECT_SLOTS:
        raise InvalidArgs(f"Give exactly {ASPECT_SLOTS} questions.")
    ctx.emit(
        Draft(
            CREATION_QUESTIONS_EVENT,
            "The GM set the creation questions: " + " / ".join(questions),
            data={"questions": questions},
            changes=(put(ctx, ("rules", "questions"), questions),),
        )
    )


def set_pool_list(ctx: Context, args: PoolListArgs) -> None:
    """GM: the pools available at this table (normal ones roll as bonus dice)."""
    ctx.require_gm("list the pools")
    normal, special = args.normal, args.special
    clash = {n.casefold() for n in normal} & {s.casefold() for s in special}
    if clash:
        raise InvalidArgs("A pool is either normal or special, not both.")
    pools: list[Pool] = [{"name": n, "special": False} for n in normal]
    pools += [{"name": s, "special": True} for s in special]
    names = ", ".join(normal + [f"{s} (special)" for s in special])
    ctx.emit(
        Draft(
            CREATION_POOLS_EVENT,
            f"The GM listed the pools: {names or 'none'}.",
            data={"pools": pools},
            changes=(put(ctx, ("rules", "pools"), pools),),
        )
    )
