"""Stress dice: penalty dice on every roll until the end of the scene.

More stress than an attribute takes it out: more than Physical is unconscious, more
than Mental insensible, more than Social incoherent.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le

from ..arguments import NoArgs, described, optional
from ..changes import Add, Change
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from . import contest as c
from .events.contest import CONTEST_ENDED
from .events.stress import SCENE_ENDED, STRESS_CHANGED, STRESS_OUT
from .state import (
    ATTRIBUTES,
    OUT_WORDS,
    OutWord,
    WheelChar,
    acting_character,
    char,
    char_name,
    char_path,
    chars,
    put,
)
from .wargs import AsGmOrNpc, maybe_empty

MAX_STRESS = 20


class StressArgs(AsGmOrNpc):
    """``stress.add``: for a seat's character (``player``) or a GM-side one (``npc``)."""

    dice: Annotated[int, Ge(-MAX_STRESS), Le(MAX_STRESS)] = described(
        "stress dice to give, -20..20 (negative removes)"
    )
    reason: Annotated[str, maybe_empty(200)] = optional("why (for the log)", "")


STRESS_ADD = CommandType("stress.add", StressArgs)
SCENE_END = CommandType("scene.end", NoArgs)


def out_words(record: WheelChar) -> list[OutWord]:
    """'unconscious', 'insensible', 'incoherent' for each attribute stress exceeds."""
    stress = int(record.get("stress", 0))
    values = record.get("attributes", {})
    return [OUT_WORDS[n] for n in ATTRIBUTES if n in values and stress > int(values[n])]


def add_stress(ctx: Context, args: StressArgs) -> None:
    """GM: give (or take away) stress dice, e.g. for a failure that hurt or embarrassed."""
    ctx.require_gm("hand out stress")
    cid = acting_character(ctx, args.player, args.npc)
    n, reason = args.dice, args.reason
    have = int(char(ctx.state, cid).get("stress", 0))
    if n == 0 or have + n < 0:
        raise RuleViolation(f"{char_name(ctx, cid)} has {have} stress.")
    verb = f"takes {n}" if n > 0 else f"loses {-n}"
    ctx.emit(
        Draft(
            STRESS_CHANGED,
            f"{char_name(ctx, cid)} {verb} stress" + (f": {reason}" if reason else "") + ".",
            data={"character": cid, "dice": n, "reason": reason},
            changes=(Add(char_path(cid, "stress"), n),),
        )
    )
    now = out_words(char(ctx.state, cid))
    if now and n > 0:
        ctx.emit(
            Draft(
                STRESS_OUT,
                f"{char_name(ctx, cid)} is {' and '.join(now)}.",
                data={"character": cid, "out": now},
            )
        )


def end_scene(ctx: Context, args: NoArgs) -> None:
    """GM: the scene ends; all stress goes away (and any contest with it)."""
    ctx.require_gm("end the scene")
    if c.running(ctx.state) is not None:
        ctx.emit(Draft(CONTEST_ENDED, "The contest is over.", changes=(put(ctx, c.C, None),)))
    changes: list[Change] = []
    cleared: list[str] = []
    for cid, record in sorted(chars(ctx.state).items()):
        if int(record.get("stress", 0)):
            cleared.append(cid)
            changes.append(put(ctx, char_path(cid, "stress"), 0))
        if record.get("help"):
            changes.append(put(ctx, char_path(cid, "help"), []))
    ctx.emit(
        Draft(
            SCENE_ENDED,
            "The scene ends: all stress goes away.",
            data={"cleared": cleared},
            changes=tuple(changes),
        )
    )
