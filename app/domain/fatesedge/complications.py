"""Starting complications that do something until resolved (5.3).

- Broken Heirloom: 'Begin play with one signature item already Compromised. Repairing
  it is costly or politically fraught' — a superior-tier item on the sheet, Compromised
  (−1 die when used), which only a quest (``resource.recover``) then Downtime repairs.
- Cursed Token: 'The GM may spend 1 Complication Point per session to invoke its
  curse' — ``complication.invoke``, once per session per token, 1 CP from the bank.
- Any complication can be marked resolved by the GM (``complication.resolve``); a
  resolved Cursed Token can no longer be invoked.
"""

from __future__ import annotations

from ..arguments import Args, SeatId, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from .economy import pay_cp
from .events.complications import COMPLICATION_INVOKED, COMPLICATION_RESOLVED
from .roll_args import Maybe200
from .spend_notes import spend_words
from .state import emit, fe_rules, name_of, new_id, pc_path, put, rules_path, sheet

HEIRLOOM, CURSED_TOKEN = 2, 7


def heirloom_changes(ctx: Context, pid: str) -> list[Change]:
    """The Compromised signature item a Broken Heirloom starts with."""
    gid, seq = new_id(ctx, "g")
    item = {
        "name": "Signature heirloom",
        "tier": "superior",
        "condition": "compromised",
        "complication": "Broken Heirloom",
    }
    return [seq, put(ctx, pc_path(pid, "gear", gid), item)]


def _trade(ctx: Context, pid: str, number: int) -> int:
    for i, trade in enumerate(sheet(ctx, pid).get("trades", [])):
        if int(trade["roll"]) == number and not trade.get("resolved"):
            return i
    raise RuleViolation(f"{name_of(ctx, pid)} carries no unresolved complication of that kind.")


class InvokeArgs(Args):
    """``complication.invoke``."""

    player: SeatId = described("the seat id of the Cursed Token's bearer")
    note: Maybe200 = optional("how the curse strikes", default="ill luck strikes")
    reveal: bool | None = optional("show the table the CP spent (default: the table's setting)")


COMPLICATION_INVOKE = CommandType("complication.invoke", InvokeArgs)


class ResolveArgs(Args):
    """``complication.resolve``."""

    player: SeatId = described("the seat id of the character")
    complication: int = described("its number on the d10 starting table (1–10)", ge=1, le=10)


COMPLICATION_RESOLVE = CommandType("complication.resolve", ResolveArgs)


def invoke(ctx: Context, args: InvokeArgs) -> None:
    """The GM spends 1 CP to invoke a Cursed Token's curse (once per session)."""
    ctx.require_gm("invoke a curse")
    pid = args.player
    ctx.seat(pid)
    _trade(ctx, pid, CURSED_TOKEN)
    key = f"{pid}:cursed-token"
    if fe_rules(ctx).get("uses", {}).get("session", {}).get(key):
        raise RuleViolation("The Cursed Token's curse was already invoked this session.")
    how = args.note
    words, spent = spend_words(ctx, args.reveal, 1, f"{name_of(ctx, pid)}'s Cursed Token")
    emit(
        ctx,
        COMPLICATION_INVOKED,
        f"{name_of(ctx, pid)}'s Cursed Token{words}: {how}.",
        [*pay_cp(ctx, 1), put(ctx, rules_path("uses", "session", key), True)],
        data={"player": pid, "complication": "Cursed Token", "note": how, **spent},
    )


def resolve(ctx: Context, args: ResolveArgs) -> None:
    """The GM marks a starting complication resolved in the fiction."""
    ctx.require_gm("resolve a complication")
    pid = args.player
    ctx.seat(pid)
    number = args.complication
    trades = sheet(ctx, pid).get("trades", [])
    if not any(int(t["roll"]) == number for t in trades):
        raise InvalidArgs(f"{name_of(ctx, pid)} didn't take that starting complication.")
    i = _trade(ctx, pid, number)
    updated = [dict(t, resolved=True) if j == i else t for j, t in enumerate(trades)]
    emit(
        ctx,
        COMPLICATION_RESOLVED,
        f"{name_of(ctx, pid)} resolves {trades[i]['name']}.",
        [put(ctx, pc_path(pid, "trades"), updated)],
        data={"player": pid, "complication": number},
    )
