"""Giving a chip to another player: the giver pays the pot at least the gift's Bounty
value (no change given), describes how their character helps, and the GM may deny it.

A proposal moves the gift and the payment into ``escrow:<id>`` at once, so approval
can't fail later; denial or cancellation hands them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import StringConstraints

from ..arguments import Args, Says, SeatId, described, optional
from ..changes import Add, Move, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..event_types import AnyEventType
from ..events import Draft
from ..tokens import POT, describe, hand
from .chips import (
    counts,
    escrow,
    read_chip_counts,
    require_session,
    require_settled,
    settle_limit,
)
from .events.trade import TRADE_APPROVED, TRADE_DENIED, TRADE_PROPOSED, TRADE_WITHDREW
from .fields import COLOUR, ChipCounts, Colour, counts_say
from .spending import resolve_owner_id
from .state import rules_of
from .system import ChipSystem, shade

if TYPE_CHECKING:
    from .view_types import Trade

FICTION_MAX = 300


def _listed(chips: dict[str, int]) -> str:
    return describe([c for c, n in sorted(chips.items()) for _ in range(n)])


TradeId = Annotated[
    Annotated[str, StringConstraints(max_length=20)] | int,
    Says("'trade' is the trade's id, e.g. \"2\"."),
]


class ProposeArgs(Args):
    """``trade.propose``: one chip to another player, paid for into the pot."""

    player: SeatId | None = optional("seat id (GM only)")
    to: SeatId | None = optional("receiving seat id")
    colour: Colour = optional("the chip given: " + COLOUR, "")
    payment: Annotated[ChipCounts, counts_say("payment")] = described(
        '{colour: count} paid to the pot, e.g. {"white": 2}'
    )
    fiction: Annotated[str, Says("Say how your character helps theirs ('fiction').")] = optional(
        "how your character helps", ""
    )


TRADE_PROPOSE = CommandType("trade.propose", ProposeArgs)


class TradeArgs(Args):
    """``trade.approve``, ``trade.deny``, ``trade.cancel``: which pending trade."""

    trade: TradeId = optional("trade id", "")


TRADE_APPROVE = CommandType("trade.approve", TradeArgs)
TRADE_DENY = CommandType("trade.deny", TradeArgs)
TRADE_CANCEL = CommandType("trade.cancel", TradeArgs)


def propose(ctx: Context, system: ChipSystem, args: ProposeArgs) -> None:
    """``trade.propose``: offer one chip to another player, paying the pot for it."""
    require_session(ctx, "trade chips")
    giver = ctx.target(args.player)
    receiver = resolve_owner_id(ctx, args.to)
    if receiver == giver or receiver == "gm":
        raise InvalidArgs("Give the chip to another player.")
    require_settled(ctx, system, giver)
    colour = args.colour
    if colour not in system.colours:
        raise InvalidArgs(f"'colour' must be one of: {', '.join(system.colours)}.")
    payment = read_chip_counts(system, args.payment, "payment")
    fiction = args.fiction
    if not fiction.strip() or len(fiction) > FICTION_MAX:
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
    trade_id = str(int(rules_of(ctx.state).get("trade_seq", 0)) + 1)
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
            TRADE_PROPOSED,
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


def _pending(ctx: Context, args: TradeArgs) -> tuple[str, Trade]:
    trade_id = str(args.trade)
    record = rules_of(ctx.state).get("trades", {}).get(trade_id)
    if record is None:
        raise InvalidArgs("There is no such pending trade.")
    return trade_id, record


def approve(ctx: Context, system: ChipSystem, args: TradeArgs) -> None:
    """``trade.approve`` (GM): the gift goes to the receiver, the payment into the pot."""
    ctx.require_gm("approve a trade")
    trade_id, record = _pending(ctx, args)
    giver, receiver, colour = record["from"], record["to"], record["colour"]
    box = escrow(trade_id)
    payment: dict[str, int] = record["payment"]
    ctx.emit(
        Draft(
            TRADE_APPROVED,
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


def _give_back(
    ctx: Context, system: ChipSystem, args: TradeArgs, verb: str, kind: AnyEventType
) -> None:
    trade_id, record = _pending(ctx, args)
    giver = record["from"]
    needed = dict(record["payment"])
    needed[record["colour"]] = needed.get(record["colour"], 0) + 1
    who = "The GM" if ctx.actor.is_gm else ctx.name_of(giver)
    ctx.emit(
        Draft(
            kind,
            f"{who} {verb} the trade: {ctx.name_of(giver)} keeps the chips.",
            data={"trade": trade_id},
            changes=(
                *(Move(c, escrow(trade_id), hand(giver), n) for c, n in sorted(needed.items())),
                Put(("rules", "trades", trade_id), record, None),
            ),
        )
    )


def deny(ctx: Context, system: ChipSystem, args: TradeArgs) -> None:
    """``trade.deny`` (GM): the character can't realistically help; chips go back."""
    ctx.require_gm("deny a trade")
    _give_back(ctx, system, args, "denied", TRADE_DENIED)


def cancel(ctx: Context, system: ChipSystem, args: TradeArgs) -> None:
    """``trade.cancel``: the giver withdraws a pending offer."""
    _trade_id, record = _pending(ctx, args)
    if not ctx.actor.is_gm and ctx.actor.player_id != record["from"]:
        raise RuleViolation("Only the giver can withdraw an offer.")
    _give_back(ctx, system, args, "withdrew", TRADE_WITHDREW)
