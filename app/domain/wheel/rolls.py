"""A roll against a difficulty (5 basic, 10 hard, 15 very hard, 20, 25, or any number)."""

from __future__ import annotations

from ..arguments import optional
from ..command_types import CommandType
from ..context import Context
from ..events import UNDO_GM, Draft
from . import dice
from .events.rolls import ROLL_EVENT
from .rolling import RollArgs, read_request, throw
from .state import acting_character

MAX_DIFFICULTY = 200


class RollCommandArgs(RollArgs):
    """``roll``: the dice, and the difficulty to beat if there is one."""

    difficulty: int | None = optional(
        "the difficulty: 5 basic, 10 hard, 15 very hard, 20, 25 or any number (none: just roll)",
        ge=0,
        le=MAX_DIFFICULTY,
    )


ROLL = CommandType("roll", RollCommandArgs)


def _roller(ctx: Context, args: RollArgs) -> str | None:
    """Whose roll: a player's own, or the GM's for a character (or bare dice)."""
    if ctx.actor.is_gm and args.player is None and args.npc is None:
        return None
    return acting_character(ctx, args.player, args.npc)


def roll(ctx: Context, args: RollCommandArgs) -> None:
    """Roll dice, optionally against a difficulty; report success and whammies."""
    cid = _roller(ctx, args)
    difficulty = args.difficulty
    thrown = throw(ctx, read_request(ctx, cid, args))
    data = dict(thrown.data, difficulty=difficulty)
    text = thrown.phrase
    if difficulty is not None:
        verdict = dice.against(thrown.outcome, difficulty)
        data.update(success=verdict.success, whammies=verdict.whammies)
        text += f" vs {difficulty}: " + ("success" if verdict.success else "failure")
        if verdict.whammies:
            text += f" with {verdict.whammies} whamm{'y' if verdict.whammies == 1 else 'ies'}"
    ctx.emit(Draft(ROLL_EVENT, text + ".", data=data, changes=thrown.changes, undo=UNDO_GM))
