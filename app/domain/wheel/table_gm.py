"""The GM's hand on a Wheel of Fate table: fate points, pool limits, seats leaving.

- ``fate.adjust``: the GM gives or takes fate points (a ruling, a correction, a
  character who "begins play with a stack of five" joining later with fewer). They
  come from and go back to the supply, as spent points do by default.
- ``pools.limits``: the pool dice each character distributes and the most one pool may
  hold, changed after the table is made ("Some games may allow pool values to get
  higher than 3d over time").
- a seat removed: its fate points go back to the supply (docs/protocol.md: "the seat
  leaves (the system returns its tokens)"); a seat in a running contest can't leave.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le

from ..arguments import Args, described, optional
from ..changes import Move, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from ..jsonvalue import JsonDict
from ..tokens import hand
from . import contest as c
from .events.table_gm import FATE_ADJUSTED, FATE_RETURNED, POOLS_LIMITS_EVENT
from .fate import TEXT_MAX
from .state import FATE, SUPPLY, fate_of
from .wargs import CharId, maybe_empty

ADJUST_MAX = 20
LIMIT_MAX = 20


class AdjustFateArgs(Args):
    """``fate.adjust``."""

    player: CharId = described("the seat whose fate points change")
    n: Annotated[int, Ge(-ADJUST_MAX), Le(ADJUST_MAX)] = described(
        "fate points to give, -20..20 (negative takes)"
    )
    reason: Annotated[str, maybe_empty(TEXT_MAX)] = optional("why (for the log)", "")


class PoolLimitsArgs(Args):
    """``pools.limits``: either limit or both."""

    pool_dice: int | None = optional(
        "pool dice each character distributes, 0..20", ge=0, le=LIMIT_MAX
    )
    pool_max: int | None = optional("the most dice one pool may hold, 0..20", ge=0, le=LIMIT_MAX)


FATE_ADJUST = CommandType("fate.adjust", AdjustFateArgs)
POOLS_LIMITS = CommandType("pools.limits", PoolLimitsArgs)


def adjust_fate(ctx: Context, args: AdjustFateArgs) -> None:
    """GM: give (``n`` > 0) or take (``n`` < 0) a player's fate points."""
    pid = args.player
    ctx.seat(pid)
    n = args.n
    if n == 0:
        raise RuleViolation("Give or take at least one fate point ('n' is not 0).")
    reason = args.reason
    have = fate_of(ctx.state, pid)
    if n < 0 and have < -n:
        raise RuleViolation(f"{ctx.name_of(pid)} has only {have} fate points to take.")
    count = f"{abs(n)} fate point{'s' * (abs(n) != 1)}"
    verb = (
        f"gives {ctx.name_of(pid)} {count}" if n > 0 else f"takes {count} from {ctx.name_of(pid)}"
    )
    move = Move(FATE, SUPPLY, hand(pid), n) if n > 0 else Move(FATE, hand(pid), SUPPLY, -n)
    ctx.emit(
        Draft(
            FATE_ADJUSTED,
            f"The GM {verb}{f': {reason}' if reason else ''} (now {have + n}).",
            data={"player_id": pid, "n": n, "reason": reason},
            changes=(move,),
        )
    )


def set_pool_limits(ctx: Context, args: PoolLimitsArgs) -> None:
    """GM: change ``pool_dice`` and/or ``pool_max`` for the table."""
    changes: list[Put] = []
    said: list[str] = []
    named: JsonDict = {
        k: v
        for k, v in (("pool_dice", args.pool_dice), ("pool_max", args.pool_max))
        if v is not None
    }
    for key, words in (("pool_dice", "pool dice to distribute"), ("pool_max", "dice at most")):
        if key not in named:
            continue
        value = named[key]
        old = get_path(ctx.state, ("settings", key))
        if value != old:
            changes.append(Put(("settings", key), old, value))
            said.append(f"{value} {words}{' in one pool' if key == 'pool_max' else ''}")
    if not changes:
        raise RuleViolation("Name a new 'pool_dice' or 'pool_max' (different from now).")
    ctx.emit(
        Draft(
            POOLS_LIMITS_EVENT,
            f"The GM sets the pool limits: {', '.join(said)}.",
            data=named,
            changes=tuple(changes),
        )
    )


def seat_removed(ctx: Context, pid: str) -> None:
    """A seat leaves: its fate points go back to the supply."""
    contest = c.running(ctx.state)
    if contest is not None and pid in contest["participants"]:
        raise RuleViolation(
            f"{ctx.name_of(pid)} is in the running contest: end it before removing the seat."
        )
    have = fate_of(ctx.state, pid)
    if have:
        ctx.emit(
            Draft(
                FATE_RETURNED,
                f"{ctx.name_of(pid)}'s {have} fate point{'s' * (have != 1)} go back to the supply.",
                data={"player_id": pid, "n": have},
                changes=(Move(FATE, hand(pid), SUPPLY, have),),
            )
        )
