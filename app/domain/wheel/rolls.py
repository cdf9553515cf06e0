"""A roll against a difficulty (5 basic, 10 hard, 15 very hard, 20, 25, or any number)."""

from __future__ import annotations

from .. import args as a
from ..context import Context
from ..events import UNDO_GM, Draft
from ..jsonvalue import JsonDict
from . import dice
from .rolling import read_request, throw
from .state import acting_character

MAX_DIFFICULTY = 200


def _roller(ctx: Context, args: JsonDict) -> str | None:
    """Whose roll: a player's own, or the GM's for a character (or bare dice)."""
    if ctx.actor.is_gm and args.get("player") is None and args.get("npc") is None:
        return None
    return acting_character(ctx, args)


def roll(ctx: Context, args: JsonDict) -> None:
    """Roll dice, optionally against a difficulty; report success and whammies."""
    cid = _roller(ctx, args)
    difficulty = (
        a.integer(args, "difficulty", lo=0, hi=MAX_DIFFICULTY)
        if args.get("difficulty") is not None
        else None
    )
    thrown = throw(ctx, read_request(ctx, cid, args))
    data = dict(thrown.data, difficulty=difficulty)
    text = thrown.phrase
    if difficulty is not None:
        verdict = dice.against(thrown.outcome, difficulty)
        data.update(success=verdict.success, whammies=verdict.whammies)
        text += f" vs {difficulty}: " + ("success" if verdict.success else "failure")
        if verdict.whammies:
            text += f" with {verdict.whammies} whamm{'y' if verdict.whammies == 1 else 'ies'}"
    ctx.emit(Draft("roll", text + ".", data=data, changes=thrown.changes, undo=UNDO_GM))
