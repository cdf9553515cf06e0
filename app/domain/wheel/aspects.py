"""Aspects gained after creation ("sometimes you may get an aspect to reflect what has
happened"): the GM adds them after the five from creation, numbered 6 and up."""

from __future__ import annotations

from .. import args as a
from ..context import Context
from ..errors import InvalidArgs
from ..events import Draft
from ..jsonvalue import JsonDict
from .state import ASPECT_SLOTS, char, char_name, char_path, put

ASPECT_MAX = 60
MAX_NUMBER = 20


def add_aspect(ctx: Context, args: JsonDict) -> None:
    """GM: give a character a further aspect."""
    ctx.require_gm("add aspects after creation")
    pid = ctx.target_player(args)
    body = a.text(args, "text", max_len=ASPECT_MAX)
    taken = {int(k) for k in char(ctx.state, pid).get("aspects", {})}
    number = next((n for n in range(ASPECT_SLOTS + 1, MAX_NUMBER + 1) if n not in taken), None)
    if number is None:
        raise InvalidArgs(f"A character can hold at most {MAX_NUMBER} aspects here.")
    ctx.emit(
        Draft(
            "aspect.added",
            f"{char_name(ctx, pid)} gains the aspect “{body}”.",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), body),),
        )
    )


def remove_aspect(ctx: Context, args: JsonDict) -> None:
    """GM: remove an aspect added after creation (the five from creation stay)."""
    ctx.require_gm("remove aspects")
    pid = ctx.target_player(args)
    number = a.integer(args, "number", lo=ASPECT_SLOTS + 1, hi=MAX_NUMBER)
    body = char(ctx.state, pid).get("aspects", {}).get(str(number))
    if not body:
        raise InvalidArgs(f"There is no aspect {number} on this sheet.")
    ctx.emit(
        Draft(
            "aspect.removed",
            f"{char_name(ctx, pid)} no longer has the aspect “{body}”.",
            data={"player_id": pid, "number": number},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), None),),
        )
    )
