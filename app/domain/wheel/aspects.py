"""Aspects gained after creation ("sometimes you may get an aspect to reflect what has
happened"): the GM adds them after the five from creation, numbered 6 and up."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le

from ..arguments import Args, SeatId, described
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs
from ..events import Draft
from .events.aspects import ASPECT_ADDED, ASPECT_REMOVED
from .state import ASPECT_SLOTS, char, char_name, char_path, put
from .wargs import short_text

ASPECT_MAX = 60
MAX_NUMBER = 20


class AddAspectArgs(Args):
    """``aspect.add``."""

    player: SeatId = described("the seat whose character gains the aspect")
    text: Annotated[str, short_text(ASPECT_MAX)] = described("the aspect")


class RemoveAspectArgs(Args):
    """``aspect.remove``."""

    player: SeatId = described("the seat whose character loses the aspect")
    number: Annotated[int, Ge(ASPECT_SLOTS + 1), Le(MAX_NUMBER)] = described(
        "the aspect's number (6 and up: the five from creation stay)"
    )


ASPECT_ADD = CommandType("aspect.add", AddAspectArgs)
ASPECT_REMOVE = CommandType("aspect.remove", RemoveAspectArgs)


def add_aspect(ctx: Context, args: AddAspectArgs) -> None:
    """GM: give a character a further aspect."""
    ctx.require_gm("add aspects after creation")
    pid = ctx.target(args.player)
    body = args.text
    taken = {int(k) for k in char(ctx.state, pid).get("aspects", {})}
    number = next((n for n in range(ASPECT_SLOTS + 1, MAX_NUMBER + 1) if n not in taken), None)
    if number is None:
        raise InvalidArgs(f"A character can hold at most {MAX_NUMBER} aspects here.")
    ctx.emit(
        Draft(
            ASPECT_ADDED,
            f"{char_name(ctx, pid)} gains the aspect “{body}”.",
            data={"player_id": pid, "number": number, "text": body},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), body),),
        )
    )


def remove_aspect(ctx: Context, args: RemoveAspectArgs) -> None:
    """GM: remove an aspect added after creation (the five from creation stay)."""
    ctx.require_gm("remove aspects")
    pid = ctx.target(args.player)
    number = args.number
    body = char(ctx.state, pid).get("aspects", {}).get(str(number))
    if not body:
        raise InvalidArgs(f"There is no aspect {number} on this sheet.")
    ctx.emit(
        Draft(
            ASPECT_REMOVED,
            f"{char_name(ctx, pid)} no longer has the aspect “{body}”.",
            data={"player_id": pid, "number": number},
            changes=(put(ctx, char_path(pid, "aspects", str(number)), None),),
        )
    )
