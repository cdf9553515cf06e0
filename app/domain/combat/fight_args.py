"""Argument types the fight's-flow commands share (draw, countdown, damage, healing,
NPCs); each command's model sits beside its handler.

Checks that depend on the table (who exists, which cards someone holds, the game's
chip colours and hit locations, a die's faces against its type) stay in the handlers
and their helpers, with the same words as before: a model only says what shape an
argument has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, StringConstraints

from ..actors import Role
from ..arguments import A, Args, Says, optional
from ..command_types import CommandType
from ..context import Context
from ..fatechips.dice import MAX_ACES, MAX_DICE, SIDES
from ..fatechips.system import ChipSystem
from . import cards

#: A combatant: a seat id ("p1") or an NPC id ("n1"); the handler checks it exists.
Who = Annotated[str, StringConstraints(min_length=1, max_length=40)]
WHO = "seat id or NPC id (GM only; a player acts for their own seat)"

#: A die type a check may be rolled with.
Sides = Literal[4, 6, 8, 10, 12, 20]
assert set(get_args(Sides)) == set(SIDES)

#: One die entered by hand: its ace chain ([6, 6, 2]) or one face if it didn't ace.
Die = int | Annotated[list[int], Field(max_length=MAX_ACES)]
#: Dice entered by hand; their count and faces are checked against the roll.
Faces = Annotated[list[Die], Field(max_length=MAX_DICE)]
FACES_SAYS = (
    "'faces' lists the dice rolled at the table: ace chains, e.g. [[6, 6, 2], [3]] "
    f"(at most {MAX_DICE} dice)."
)
#: ``faces`` when it may be left out (the host rolls then).
MaybeFaces = Annotated[Faces | None, Says(FACES_SAYS)]

CARD_SAYS = '\'card\' names a card, e.g. "QS", "10H" or "RJ".'


def _card(value: str) -> str:
    """'10h' → '10H'; ValueError (its message the rule's words) if no such card."""
    try:
        return cards.check(value)
    except ValueError:
        raise ValueError(CARD_SAYS) from None


#: A card named by a player: normalised ('qs' → 'QS').
Card = Annotated[str, StringConstraints(max_length=10), AfterValidator(_card), Says(CARD_SAYS)]


class CheckArgs(Args):
    """How a check is made: rolled by the host (from the sheet or the NPC's dice, or
    ``dice``/``sides``), entered by hand (``faces``), or read from the latest
    ``roll.trait`` (``from_roll``). See :mod:`.checks`."""

    faces: MaybeFaces = optional(
        "dice rolled at the table: a list of ace chains, e.g. [[6, 6, 2], [3]]"
    )
    from_roll: bool = optional(
        "true: use your latest roll.trait (chips spent on it) instead", False
    )
    dice: int | None = optional("override the number of dice (with 'sides')", ge=1, le=MAX_DICE)
    sides: Sides | None = optional("override the die type (with 'dice')")
    modifier: int = optional(
        "situational modifier (the wound penalty is added for you)", 0, ge=-50, le=50
    )


Rule = Callable[[Context, ChipSystem, Any], None]
#: (summary, rule, roles, command type): the engine binds the rule to its system.
Entry = tuple[str, Rule, frozenset[Role], CommandType[Any, Any]]


def entry(
    summary: str,
    rule: Callable[[Context, ChipSystem, A], None],
    roles: frozenset[Role],
    command: CommandType[Any, A],
) -> Entry:
    """A catalogue entry whose handler takes ``command``'s arguments parsed (mypy checks
    they agree)."""
    return (summary, rule, roles, command)


def entries(*given: Entry) -> dict[str, Entry]:
    """The entries keyed by their command's name (a name given twice is a mistake)."""
    named: dict[str, Entry] = {}
    for e in given:
        if e[3].name in named:
            raise ValueError(f"command type {e[3].name!r} is given twice")
        named[e[3].name] = e
    return named
