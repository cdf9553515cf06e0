"""What the GM hands out: chips for Hindrances and goals, Legend chips, the Jokers'
chip effects, the GM's own chip spending, and (Spacelands) the crew's bounty."""

from __future__ import annotations

from typing import Annotated

from ..arguments import Args, NoArgs, Says, SeatId, described, optional
from ..changes import Add, Change, Move, token_count
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from ..tokens import GM_HAND, POT, hand
from .chips import (
    bounty_changes,
    draw_for_gm,
    draw_for_player,
    require_session,
    settle_limit,
)
from .events.awards import ARC_ENDED, BOUNTY_SHARED, CHIPS_AWARDED, CHIPS_GM_SPENT, LEGEND_AWARDED
from .fields import COLOUR, Colour, Reason
from .state import ChipsTable, rules_of
from .system import LEGEND, ChipSystem, shade

REASON_MAX = 120


class AwardArgs(Args):
    """``chips.award``: a chip of a colour from the pot to a player."""

    player: SeatId | None = optional("seat id")
    colour: Colour = optional(COLOUR, "")
    reason: Reason = optional("what it's for", "")


CHIPS_AWARD = CommandType("chips.award", AwardArgs)


class LegendArgs(Args):
    """``legend.award``: a new Legend chip, into the pot or to a player."""

    to: SeatId | None = optional("'pot' (default) or a seat id", "pot")
    reason: Reason = optional("what it's for", "")


LEGEND_AWARD = CommandType("legend.award", LegendArgs)


class SeatArgs(Args):
    """``joker.red``: whose Red Joker."""

    player: SeatId | None = optional("seat id")


JOKER_RED = CommandType("joker.red", SeatArgs)


class GmSpendArgs(Args):
    """``marshal.spend``: a chip from the GM's hand for an NPC."""

    colour: Colour = optional(COLOUR, "")
    purpose: Reason = optional("what it's for", "")


MARSHAL_SPEND = CommandType("marshal.spend", GmSpendArgs)


class BountyArgs(Args):
    """``bounty.crew``: a bounty the crew shares."""

    points: Annotated[int, Says("'points' must be a whole number from 0 to 999.")] = described(
        "Bounty Points for the whole crew (0 to 999)", ge=0, le=999
    )


BOUNTY_CREW = CommandType("bounty.crew", BountyArgs)
JOKER_BLACK = CommandType("joker.black", NoArgs)
ARC_END = CommandType("arc.end", NoArgs)


def award(ctx: Context, system: ChipSystem, args: AwardArgs) -> None:
    """``chips.award`` (GM): a chip of a chosen colour from the pot to a player."""
    ctx.require_gm("award chips")
    require_session(ctx, "award chips")
    pid = ctx.target(args.player)
    colour = args.colour
    if colour not in system.colours:
        raise InvalidArgs(f"'colour' must be one of: {', '.join(system.colours)}.")
    reason = args.reason
    if token_count(ctx.state, POT, colour) < 1:
        raise RuleViolation(f"The pot has no {colour} chip left to award.")
    ctx.emit(
        Draft(
            CHIPS_AWARDED,
            f"The GM awards {ctx.name_of(pid)} a {shade(colour)} chip"
            + (f" for {reason}." if reason else "."),
            data={"player": pid, "colour": colour, "reason": reason},
            changes=(Move(colour, POT, hand(pid)),),
        )
    )
    settle_limit(ctx, system, pid)


def award_legend(ctx: Context, system: ChipSystem, args: LegendArgs) -> None:
    """``legend.award`` (GM): a new Legend chip enters the game, into the pot (a finished
    major adventure) or straight to one player (a tale-teller, a legendary deed)."""
    ctx.require_gm("award Legend chips")
    reason = args.reason
    why = f" for {reason}" if reason else ""
    if args.to == "pot":
        ctx.emit(
            Draft(
                LEGEND_AWARDED,
                f"The GM adds a Legend chip to the Fate Pot{why}.",
                data={"to": "pot", "reason": reason},
                changes=(Move(LEGEND, "supply", POT),),
            )
        )
        return
    require_session(ctx, "award a Legend chip to a player")
    pid = ctx.target(args.to)
    ctx.emit(
        Draft(
            LEGEND_AWARDED,
            f"The GM awards {ctx.name_of(pid)} a personal Legend chip{why}.",
            data={"to": pid, "reason": reason},
            changes=(Move(LEGEND, "supply", hand(pid)),),
        )
    )
    settle_limit(ctx, system, pid)


def red_joker(ctx: Context, system: ChipSystem, args: SeatArgs) -> None:
    """``joker.red`` (GM): a player drew a Red Joker and draws a chip from the pot."""
    ctx.require_gm("resolve a Red Joker")
    require_session(ctx, "draw chips")
    grant_red_joker(ctx, system, ctx.target(args.player))


def grant_red_joker(ctx: Context, system: ChipSystem, pid: str) -> None:
    """A player who draws a Red Joker draws a chip from the pot (also the Action Deck's)."""
    draw_for_player(ctx, pid, 1, "drew a Red Joker")
    settle_limit(ctx, system, pid)


def black_joker(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``joker.black`` (GM): a Black Joker came up; the GM draws a chip from the pot."""
    ctx.require_gm("resolve a Black Joker")
    require_session(ctx, "draw chips")
    grant_black_joker(ctx, system)


def grant_black_joker(ctx: Context, system: ChipSystem) -> None:
    """A player's Black Joker: the GM draws a chip (also the Action Deck's)."""
    draw_for_gm(ctx, system, 1, "A Black Joker")


def gm_spend(ctx: Context, system: ChipSystem, args: GmSpendArgs) -> None:
    """``marshal.spend`` (GM): a chip from the GM's hand for an NPC goes back to the pot."""
    ctx.require_gm("spend the GM's chips")
    require_session(ctx, "spend chips")
    colour = args.colour
    if colour not in system.colours:
        raise InvalidArgs(f"'colour' must be one of: {', '.join(system.colours)}.")
    if token_count(ctx.state, GM_HAND, colour) < 1:
        raise RuleViolation(f"You have no {colour} chip.")
    purpose = args.purpose
    ctx.emit(
        Draft(
            CHIPS_GM_SPENT,
            f"{system.gm(capital=True)} spends a {shade(colour)} chip"
            + (f": {purpose}." if purpose else "."),
            data={"colour": colour, "purpose": purpose},
            changes=(Move(colour, GM_HAND, POT),),
        )
    )


def crew_bounty(ctx: Context, system: ChipSystem, args: BountyArgs) -> None:
    """``bounty.crew`` (GM): a bounty shared by every character in the crew; leftover
    points stay in the pot until the next reward."""
    ctx.require_gm("give a bounty")
    points = args.points
    crew = sorted(ctx.seats())
    if not crew:
        raise RuleViolation("There's no crew to share a bounty with.")
    pool = int(rules_of(ctx.state).get("bounty_pool", 0)) + points
    share, left = divmod(pool, len(crew))
    changes: list[Change] = [Add(("rules", "bounty_pool"), left - pool + points)]
    state = ctx.state
    for pid in crew:
        if share:
            changes += bounty_changes(pid, share, "share of the crew's bounty", state)
    if not share and points == 0:
        raise RuleViolation("That bounty gives nobody anything.")
    ctx.emit(
        Draft(
            BOUNTY_SHARED,
            f"The GM gives the crew a bounty of {points}: {share} point"
            f"{'s' * (share != 1)} each, {left} left in the pot.",
            data={"points": points, "share": share, "left": left},
            changes=tuple(changes),
        )
    )


def end_arc(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``arc.end`` (GM): a story arc ends, so each Aptitude may be raised again."""
    ctx.require_gm("end a story arc")
    arc = current_arc(ctx.state)
    ctx.emit(
        Draft(
            ARC_ENDED,
            f"Story arc {arc} ends.",
            data={"arc": arc},
            changes=(Add(("rules", "arcs_ended"), 1),),
        )
    )


def current_arc(state: ChipsTable) -> int:
    """The story arc being played (1 until the GM ends the first)."""
    return 1 + int(rules_of(state).get("arcs_ended", 0))
