"""Fate points: five to start; spent on declarations (and on rolls, see ``rolling``);
gained from the Bowl and from compels the GM offers on an aspect.

The GM has no fate points of their own in the text: compel offers come from the
supply, and spent points go to the supply (or to the Bowl, a table setting).
"""

from __future__ import annotations

from typing import Annotated, Literal

from ..arguments import Args, SeatId, described, optional
from ..changes import Move, token_count
from ..command_types import CommandType
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import Draft
from ..tokens import hand
from .events.fate import (
    BOWL_FILLED,
    BOWL_GIVEN,
    COMPEL_ACCEPTED,
    COMPEL_OFFERED,
    COMPEL_REFUSED,
    COMPEL_WITHDRAWN,
    FATE_DECLARE_EVENT,
)
from .state import (
    BOWL,
    FATE,
    SUPPLY,
    char,
    char_name,
    char_path,
    put,
    require_fate,
    settings_of,
    spent_to,
)
from .view_types import Compel
from .wargs import AsGm, CharId, short_text

TEXT_MAX = 300
ASPECT_MAX = 20
NAMED_ASPECT_MAX = 100

Said = Annotated[str, short_text(TEXT_MAX)]
#: What a fate point declares: a fact, or a coincidence.
DeclareKind = Literal["fact", "coincidence"]


class DeclareArgs(AsGm):
    """``fate.declare``."""

    kind: DeclareKind = described("fact | coincidence")
    text: Said = described("what you declare")
    aspect: int | None = optional(
        "the number of an aspect to invoke (optional)", ge=1, le=ASPECT_MAX
    )


class OfferCompelArgs(Args):
    """``compel.offer``: on an aspect by its number, or named in words."""

    player: SeatId = described("the seat whose character is compelled")
    aspect: int | None = optional("the aspect's number on the sheet", ge=1, le=ASPECT_MAX)
    aspect_text: Annotated[str, short_text(NAMED_ASPECT_MAX)] | None = optional(
        "or the aspect in words (not written on the sheet yet)"
    )
    text: Said = described("what the aspect makes happen")


class WithdrawCompelArgs(Args):
    """``compel.withdraw``."""

    player: SeatId = described("the seat the compel was offered to")


class BowlGiveArgs(Args):
    """``bowl.give``."""

    to: CharId = described("the other player's seat id")
    reason: Said = described("the cool thing they did")


FATE_DECLARE = CommandType("fate.declare", DeclareArgs)
COMPEL_OFFER = CommandType("compel.offer", OfferCompelArgs)
COMPEL_WITHDRAW = CommandType("compel.withdraw", WithdrawCompelArgs)
COMPEL_ACCEPT = CommandType("compel.accept", AsGm)
COMPEL_REFUSE = CommandType("compel.refuse", AsGm)
BOWL_GIVE = CommandType("bowl.give", BowlGiveArgs)


def _aspect(ctx: Context, pid: str, number: int) -> tuple[int, str]:
    text = char(ctx.state, pid).get("aspects", {}).get(str(number))
    if not text:
        raise InvalidArgs(f"There is no aspect {number} on {char_name(ctx, pid)}'s sheet.")
    return number, str(text)


def declare(ctx: Context, args: DeclareArgs) -> None:
    """Spend a fate point to declare a fact or a coincidence (stronger with an aspect)."""
    pid = ctx.target(args.player)
    kind, body = args.kind, args.text
    aspect = None if args.aspect is None else _aspect(ctx, pid, args.aspect)
    require_fate(ctx, pid, 1, "A declaration")
    how = f", invoking “{aspect[1]}”," if aspect else ""
    ctx.emit(
        Draft(
            FATE_DECLARE_EVENT,
            f"{char_name(ctx, pid)} spent a fate point{how} to declare a {kind}: {body}",
            data={
                "player_id": pid,
                "kind": kind,
                "text": body,
                "aspect": aspect[0] if aspect else None,
            },
            changes=(Move(FATE, hand(pid), spent_to(ctx)),),
        )
    )


def _compelled(ctx: Context, pid: str, args: OfferCompelArgs) -> tuple[int | None, str]:
    """The aspect a compel is on: one on the sheet by number (``aspect``), or one the GM
    names in words (``aspect_text``).

    "The GM may offer you a FP to do something based on one of your aspects": at a
    first session the player may not have written them yet (creation is six steps), but
    has said who the character is ("Strong as an Ox"). The GM then names that aspect in
    words rather than waiting for the sheet.
    """
    if args.aspect is not None:
        if args.aspect_text is not None:
            raise InvalidArgs("Give either an aspect's number or its words, not both.")
        return _aspect(ctx, pid, args.aspect)
    if args.aspect_text is None:
        raise InvalidArgs(
            "Say which aspect the compel is on: its number on the sheet ('aspect'), or in "
            "words ('aspect_text') when it isn't written yet."
        )
    return None, args.aspect_text


def offer_compel(ctx: Context, args: OfferCompelArgs) -> None:
    """GM: offer a fate point to make an aspect complicate the character's life."""
    ctx.require_gm("offer a compel")
    pid = ctx.target(args.player)
    number, aspect = _compelled(ctx, pid, args)
    body = args.text
    if char(ctx.state, pid).get("compel"):
        raise RuleViolation(f"{char_name(ctx, pid)} hasn't answered the last compel yet.")
    offer = {"aspect": number, "aspect_text": aspect, "text": body}
    ctx.emit(
        Draft(
            COMPEL_OFFERED,
            f"The GM offers {char_name(ctx, pid)} a fate point on “{aspect}”: {body}",
            data={"player_id": pid, **offer},
            changes=(put(ctx, char_path(pid, "compel"), offer),),
            visible_to=pid,
        )
    )


def _pending(ctx: Context, player: str | None) -> tuple[str, Compel]:
    pid = ctx.target(player)
    offer = char(ctx.state, pid).get("compel")
    if not offer:
        raise RuleViolation("There is no compel waiting for an answer.")
    return pid, offer


def accept_compel(ctx: Context, args: AsGm) -> None:
    """Take the GM's fate point and let the aspect complicate things."""
    pid, offer = _pending(ctx, args.player)
    ctx.emit(
        Draft(
            COMPEL_ACCEPTED,
            f"{char_name(ctx, pid)} accepted a compel on “{offer['aspect_text']}” and gains a "
            f"fate point: {offer['text']}",
            data={"player_id": pid, **offer},
            changes=(Move(FATE, SUPPLY, hand(pid)), put(ctx, char_path(pid, "compel"), None)),
        )
    )


def refuse_compel(ctx: Context, args: AsGm) -> None:
    """Counter the GM's offer by spending one of your own fate points."""
    pid, offer = _pending(ctx, args.player)
    require_fate(ctx, pid, 1, "Refusing a compel")
    ctx.emit(
        Draft(
            COMPEL_REFUSED,
            f"{char_name(ctx, pid)} spent a fate point to refuse a compel on "
            f"“{offer['aspect_text']}”.",
            data={"player_id": pid, "aspect": offer["aspect"]},
            changes=(
                Move(FATE, hand(pid), spent_to(ctx)),
                put(ctx, char_path(pid, "compel"), None),
            ),
        )
    )


def withdraw_compel(ctx: Context, args: WithdrawCompelArgs) -> None:
    """GM: take back an offer that hasn't been answered."""
    ctx.require_gm("withdraw a compel")
    pid, _ = _pending(ctx, args.player)
    ctx.emit(
        Draft(
            COMPEL_WITHDRAWN,
            f"The GM withdrew the compel offered to {char_name(ctx, pid)}.",
            data={"player_id": pid},
            changes=(put(ctx, char_path(pid, "compel"), None),),
            visible_to=pid,
        )
    )


def give_from_bowl(ctx: Context, args: BowlGiveArgs) -> None:
    """A player recognises something cool another player did with a point from the Bowl."""
    giver = ctx.actor.player_id
    if giver is None:
        raise Forbidden("Only a player can give a fate point from the Bowl.")
    to = args.to
    if to == giver:
        raise RuleViolation("The Bowl is for recognising someone else's cool moment.")
    ctx.seat(to)
    reason = args.reason
    if token_count(ctx.state, BOWL, FATE) < 1:
        raise RuleViolation("The Bowl is empty.")
    ctx.emit(
        Draft(
            BOWL_GIVEN,
            f"{ctx.name_of(giver)} gave {ctx.name_of(to)} a fate point from the Bowl: {reason}",
            data={"from": giver, "to": to, "reason": reason},
            changes=(Move(FATE, BOWL, hand(to)),),
        )
    )


def fill_bowl(ctx: Context) -> None:
    """At game start the GM puts five fate points per player in the Bowl."""
    target = int(settings_of(ctx)["bowl_per_player"]) * len(ctx.seats())
    have = token_count(ctx.state, BOWL, FATE)
    if target == have:
        return
    seats = len(ctx.seats())
    players = f"{target} fate points for {seats} player{'s' * (seats != 1)}"
    if target > have:
        move = Move(FATE, SUPPLY, BOWL, target - have)
        text = f"The GM fills the Bowl: {players}."
    else:  # last game's leftovers go back: the Bowl starts each game at 5 per player
        move = Move(FATE, BOWL, SUPPLY, have - target)
        text = f"The Bowl starts the game with {players}: {have - target} left over go back."
    ctx.emit(
        Draft(
            BOWL_FILLED,
            text,
            data={"bowl": target},
            changes=(move,),
        )
    )


def top_up_bowl(ctx: Context, pid: str) -> None:
    """A player joining a game in progress brings their five points to the Bowl."""
    n = int(settings_of(ctx)["bowl_per_player"])
    if n and ctx.state.get("session", {}).get("active"):
        ctx.emit(
            Draft(
                BOWL_FILLED,
                f"The GM adds {n} fate points to the Bowl for {ctx.name_of(pid)}.",
                data={"bowl": token_count(ctx.state, BOWL, FATE) + n},
                changes=(Move(FATE, SUPPLY, BOWL, n),),
            )
        )
