"""A minimal rule system used only by platform tests: a pot of tokens and a GM secret.

It exercises the plugin seam (commands, hooks, hidden events, views) without tying the
platform tests to any one real rule system.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field

from app.domain.actors import Actor
from app.domain.arguments import Args, SeatId, Text, described, optional
from app.domain.changes import Move, tokens_in
from app.domain.command_types import CommandType, catalogue
from app.domain.commands import CommandSpec
from app.domain.context import Context
from app.domain.errors import RuleViolation
from app.domain.event_types import AnyEventType, EventType, NoData, Payload
from app.domain.events import GM_ONLY, UNDO_GM, Draft
from app.domain.jsonvalue import JsonDict
from app.domain.ruleset import BaseRuleset, register
from app.domain.tokens import POT, describe, draw_blind, hand


class DrawArgs(Args):
    player: SeatId | None = optional("seat id (GM only)")
    n: Annotated[int, Field(ge=1, le=5)] = optional("how many", 1)


class ReturnArgs(Args):
    player: SeatId | None = optional("seat id (GM only)")
    kind: Literal["white", "red"] = described("the token put back")


class SecretArgs(Args):
    text: Text = described("the secret")


class Drew(Payload):
    """Who drew and the kinds drawn, one per token."""

    player: str
    kinds: list[str]


LEDGER_DREW = EventType("ledger.drew", Drew)
LEDGER_RETURNED = EventType("ledger.returned", NoData)
LEDGER_SECRET_EVENT = EventType("ledger.secret", NoData)
LEDGER_FILLED = EventType("ledger.filled", NoData)


def draw(ctx: Context, args: DrawArgs) -> None:
    pid = ctx.target(args.player)
    n = args.n
    moves = draw_blind(ctx.rng, ctx.state, POT, hand(pid), n)
    if not moves:
        raise RuleViolation("The pot is empty.")
    ctx.emit(
        Draft(
            LEDGER_DREW,
            f"{ctx.name_of(pid)} drew {describe(m.kind for m in moves)}.",
            data={"player": pid, "kinds": [m.kind for m in moves]},
            changes=tuple(moves),
            undo=UNDO_GM,
        )
    )


def give_back(ctx: Context, args: ReturnArgs) -> None:
    pid = ctx.target(args.player)
    kind = args.kind
    if tokens_in(ctx.state, hand(pid)).get(kind, 0) < 1:
        raise RuleViolation(f"You have no {kind} token to give back.")
    ctx.emit(
        Draft(
            LEDGER_RETURNED,
            f"{ctx.name_of(pid)} put a {kind} token back.",
            changes=(Move(kind, hand(pid), POT),),
        )
    )


def secret(ctx: Context, args: SecretArgs) -> None:
    ctx.emit(Draft(LEDGER_SECRET_EVENT, f"GM secret: {args.text}", visible_to=GM_ONLY))


LEDGER_DRAW = CommandType("ledger.draw", DrawArgs)
LEDGER_RETURN = CommandType("ledger.return", ReturnArgs)
LEDGER_SECRET = CommandType("ledger.secret", SecretArgs)


class LedgerRules(BaseRuleset):
    name = "test-ledger"
    title = "Test ledger"
    event_types: tuple[AnyEventType, ...] = (
        LEDGER_DREW,
        LEDGER_RETURNED,
        LEDGER_SECRET_EVENT,
        LEDGER_FILLED,
    )

    def default_settings(self) -> JsonDict:
        return {"white": 20, "red": 10}

    def commands(self) -> Mapping[str, CommandSpec]:
        return catalogue(
            LEDGER_DRAW.spec("Draw tokens.", draw),
            LEDGER_RETURN.spec("Put a token back.", give_back),
            LEDGER_SECRET.spec("A GM secret.", secret, frozenset({"gm"})),
        )

    def setup(self, ctx: Context) -> None:
        ctx.emit(
            Draft(
                LEDGER_FILLED,
                "The pot is filled.",
                changes=(
                    Move("white", "supply", POT, int(ctx.settings["white"])),
                    Move("red", "supply", POT, int(ctx.settings["red"])),
                ),
            )
        )

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        moves = [
            Move(k, hand(player_id), POT, n)
            for k, n in tokens_in(ctx.state, hand(player_id)).items()
        ]
        if moves:
            ctx.emit(
                Draft(LEDGER_RETURNED, "Their tokens go back to the pot.", changes=tuple(moves))
            )

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        hands = {pid: tokens_in(state, hand(pid)) for pid in state.get("seats", {})}
        return {"pot": tokens_in(state, POT), "hands": hands}


register("test-ledger", LedgerRules)
