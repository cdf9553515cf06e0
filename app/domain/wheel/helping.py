"""Helping: a helper gives her attribute's dice as bonus dice on someone's next roll.

In a contest this is the helper's action for the round, and it can be given at any
time, even out of turn; the dice also count for who goes first.
"""

from __future__ import annotations

from typing import Annotated

from ..arguments import Says, described, optional
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from . import contest as c
from .events.helping import HELP_GIVEN
from .state import (
    ATTRIBUTES,
    acting_character,
    char,
    char_name,
    char_path,
    character_ref,
    put,
    require_attribute,
)
from .wargs import AsGmOrNpc, Attribute, CharId


class HelpArgs(AsGmOrNpc):
    """``help``."""

    to: Annotated[CharId, Says("Say which character 'to' is.")] = described(
        "the character helped (a seat id, or a GM-side character's id)"
    )
    attribute: Attribute | None = optional(
        "physical | mental | social: the dice you give (outside a contest; in one, its kind)"
    )


HELP = CommandType("help", HelpArgs)


def give_help(ctx: Context, args: HelpArgs) -> None:
    """Add your dice as bonus dice to another character's next roll."""
    helper = acting_character(ctx, args.player, args.npc)
    to = character_ref(ctx, args.to)
    if to == helper:
        raise RuleViolation("You can't help yourself: ask someone else.")
    contest = c.running(ctx.state)
    in_contest = (
        contest is not None and helper in contest["participants"] and to in contest["participants"]
    )
    if in_contest:
        assert contest is not None
        c.may_act(ctx, contest, helper)
        name = str(contest["kind"])
        if args.attribute not in (None, name):
            raise InvalidArgs(f"In this contest everyone uses {name.title()}.")
    elif args.attribute is None:
        raise InvalidArgs(f"'attribute' is required (one of: {', '.join(ATTRIBUTES)}).")
    else:
        name = args.attribute
    dice = require_attribute(ctx, helper, name)
    if dice == 0:
        raise RuleViolation(f"{char_name(ctx, helper)} has no {name.title()} dice to give.")
    earlier = char(ctx.state, to).get("help", [])
    if any(h["from"] == helper for h in earlier):
        # "the helping character adds her dice as bonus dice": her dice, once per roll.
        raise RuleViolation(
            f"{char_name(ctx, helper)}'s dice already help {char_name(ctx, to)}'s next roll: "
            "a helper's dice count once on a roll."
        )
    given = [*earlier, {"from": helper, "dice": dice}]
    forgo = " instead of acting" if in_contest else ""
    ctx.emit(
        Draft(
            HELP_GIVEN,
            f"{char_name(ctx, helper)} helps {char_name(ctx, to)}{forgo}: "
            f"{dice} bonus di{'e' if dice == 1 else 'ce'} on their next roll.",
            data={"from": helper, "to": to, "attribute": name, "dice": dice},
            changes=(
                put(ctx, char_path(to, "help"), given),
                *((c.mark_acted(ctx, helper),) if in_contest else ()),
            ),
        )
    )
    if in_contest:
        c.after_action(ctx)
