"""Giving a chip to another player: the giver pays the pot at least the gift's Bounty
value (no change given), describes how their character helps, and the GM may deny it.

A proposal moves the gift and the payment into ``escrow:<id>`` at once, so approval
can't fail later; denial or cancellation hands them back.
"""

from __future__ import annotations

from ..changes import Add, Move, Put, get_path
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from ..jsonvalue import JsonDict
from ..tokens import POT, describe, hand
from .chips import (
    counts,
    escrow,
    read_chip_counts,
    require_session,
    require_settled,
    settle_limit,
)
from .spending import resolve_owner_id
from .system import ChipSystem, shade

FICTION_MAX = 300


def _listed(chips: dict[str, int]) -> str:
    return describe([c for c, n in sorted(chips.items()) for _ in range(n)])


def propose(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``trade.propose``: offer one chip to another player, paying the pot for it."""
    require_session(ctx, "trade chips")
    giver = ctx.target_player(args)
    receiver = resolve_owner_id(ctx, args.get("to"))
    if receiver == giver or receiver == "gm":
        raise InvalidArgs("Give the chip to another player.")
    require_settled(ctx, system, giver)
    colour = str(args.get("colour", ""))
    if colour not in system.colours:
        raise InvalidArgs(f"'colour' must be one of: {', '.join(system.colours)}.")
    payment = read_chip_counts(system, args.get("payment"), "payment")
    fiction = args.get("fiction")
    if not isinstance(fiction, str) or not fiction.strip() or len(fiction) > FICTION_MAX:
        raise InvalidArgs("Say how your character helps theirs ('fiction').")
    value = sum(system.bounty[c] * n for c, n in payment.items())
    worth = system.bounty[colour]
    if value < worth:
        raise RuleViolation(
            f"A {shade(colour)} chip is worth {worth} Bounty Points: pay the pot at least "
            f"that much (you offered {value})."
        )
    needed = dict(payment)
    needed[colour] = needed.get(colour, 0) + 1
    held = counts(ctx.state, system, hand(giver))
    for c, n in needed.items():
        if held[c] < n:
            raise RuleViolation(f"You don't have {n} {c} chip{'s' * (n > 1)} to give and pay.")
    trade_id = str(int(get_path(ctx.rules, ("trade_seq",), 0)) + 1)
    record = {
        "from": giver,
        "to": receiver,
        "colour": colour,
        "payment": payment,
        "fiction": fiction.strip(),
    }
    change = "" if value == worth else " (no change given)"
    ctx.emit(
        Draft(
            "trade.proposed",
            f"{ctx.name_of(giver)} offers {ctx.name_of(receiver)} a {shade(colour)} chip, "
            f"paying the pot {_listed(payment)}{change}: “{fiction.strip()}” The GM may deny it.",
            data={"trade": trade_id, **record},
            changes=(
                *(Move(c, hand(giver), escrow(trade_id), n) for c, n in sorted(needed.items())),
                Add(("rules", "trade_seq"), 1),
                Put(("rules", "trades", trade_id), None, record),
            ),
        )
    )


def _pending(ctx: Context, args: JsonDict) -> tuple[str, JsonDict]:
    trade_id = str(args.get("trade", ""))
    record = get_path(ctx.rules, ("trades", trade_id))
    if not isinstance(record, dict):
        raise InvalidArgs("There is no such pending trade.")
    return trade_id, record


def approve(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``trade.approve`` (GM): the gift goes to the receiver, the payment into the pot."""
    ctx.require_gm("approve a trade")
    trade_id, record = _pending(ctx, args)
    giver, receiver, colour = record["from"], record["to"], record["colour"]
    box = escrow(trade_id)
    payment: dict[str, int] = record["payment"]
    ctx.emit(
        Draft(
            "trade.approved",
            f"{ctx.name_of(giver)} gives {ctx.name_of(receiver)} a {shade(colour)} chip and "
            f"pays the pot {_listed(payment)}.",
            data={"trade": trade_id},
            changes=(
                Move(colour, box, hand(receiver)),
                *(Move(c, box, POT, n) for c, n in sorted(payment.items())),
                Put(("rules", "trades", trade_id), record, None),
            ),
        )
    )
    if ctx.seats().get(receiver) is not None:
        settle_limit(ctx, system, receiver)


def _give_back(ctx: Context, system: ChipSystem, args: JsonDict, verb: str) -> None:
    trade_id, record = _pending(ctx, args)
    giver = record["from"]
    needed = dict(record["payment"])
    needed[record["colour"]] = needed.get(record["colour"], 0) + 1
    who = "The GM" if ctx.actor.is_gm else ctx.name_of(giver)
    ctx.emit(
        Draft(
            f"trade.{verb}",
            f"{who} {verb} the trade: {ctx.name_of(giver)} keeps the chips.",
            data={"trade": trade_id},
            changes=(
                *(Move(c, escrow(trade_id), hand(giver), n) for c, n in sorted(needed.items())),
                Put(("rules", "trades", trade_id), record, None),
            ),
        )
    )


def deny(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``trade.deny`` (GM): the character can't realistically help; chips go back."""
    ctx.require_gm("deny a trade")
    _give_back(ctx, system, args, "denied")


def cancel(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``trade.cancel``: the giver withdraws a pending offer."""
    _trade_id, record = _pending(ctx, args)
    if not ctx.actor.is_gm and ctx.actor.player_id != record["from"]:
        raise RuleViolation("Only the giver can withdraw an offer.")
    _give_back(ctx, system, args, "withdrew")
