"""Argument types Wheel of Fate commands share: who acts, lists of names, dice.

Each command declares its own :class:`~app.domain.arguments.Args` model beside its
handler; these are the pieces several of them use.
"""

from __future__ import annotations

from typing import Annotated, TypeGuard, get_args

from annotated_types import Ge, Le, MaxLen
from pydantic import AfterValidator, StringConstraints, ValidationInfo

from ..arguments import Args, SeatId, optional
from .state import ASPECT_SLOTS, ATTRIBUTES
from .state import Attribute as Attribute

POOL_NAME_MAX = 40
MAX_POOLS = 12
QUESTION_MAX = 200
MAX_PARTICIPANTS = 16
MAX_ASPECT_NUMBER = 20  # creation's five, then those the GM adds (``aspects.MAX_NUMBER``)
MAX_INVOKED = 10

# ``Attribute`` (one of the three, spelled out for the schema) lives in ``state``.
assert set(get_args(Attribute)) == set(ATTRIBUTES)


def is_attribute(value: object) -> TypeGuard[Attribute]:
    """Whether ``value`` names one of the three attributes (a menu's choice, narrowed)."""
    return value in get_args(Attribute)


def short_text(max_len: int) -> object:
    """Stripped, non-empty text of at most ``max_len`` characters."""
    return StringConstraints(strip_whitespace=True, min_length=1, max_length=max_len)


def maybe_empty(max_len: int) -> object:
    """Stripped text that may be empty (an optional reason for the log)."""
    return StringConstraints(strip_whitespace=True, max_length=max_len)


#: A character named by id: a seat ("p1") or a GM-side character ("n1").
CharId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]


def _distinct_names(value: list[str], info: ValidationInfo) -> list[str]:
    """The same name twice (whatever its capitals) is a slip, not two entries."""
    seen: set[str] = set()
    for item in value:
        if item.casefold() in seen:
            raise ValueError(f"'{item}' appears twice in '{info.field_name}'.")
        seen.add(item.casefold())
    return value


def _distinct_numbers(value: list[int], info: ValidationInfo) -> list[int]:
    """An aspect is invoked once per roll: naming it twice is refused, not merged."""
    for i, item in enumerate(value):
        if item in value[:i]:
            raise ValueError(f"'{info.field_name}' names {item} twice: each counts once per roll.")
    return value


#: The pools a table lists, or a roll draws on: up to 12 distinct names.
PoolNames = Annotated[
    list[Annotated[str, short_text(POOL_NAME_MAX)]],
    MaxLen(MAX_POOLS),
    AfterValidator(_distinct_names),
]
#: The five creation questions.
Questions = Annotated[
    list[Annotated[str, short_text(QUESTION_MAX)]],
    MaxLen(ASPECT_SLOTS),
    AfterValidator(_distinct_names),
]
#: The characters taking part in a contest.
Participants = Annotated[list[CharId], MaxLen(MAX_PARTICIPANTS), AfterValidator(_distinct_names)]


#: Distinct aspect numbers to invoke on a roll.
Numbers = Annotated[
    list[Annotated[int, Ge(1), Le(MAX_ASPECT_NUMBER)]],
    MaxLen(MAX_INVOKED),
    AfterValidator(_distinct_numbers),
]


class AsGm(Args):
    """A command for your own character; the GM names the seat it is for."""

    player: SeatId | None = optional("seat id (GM only; a player acts for themselves)")


class AsGmOrNpc(AsGm):
    """A command for a character: your own, or (GM) a seat's or a GM-side character's."""

    npc: SeatId | None = optional("GM-side character id such as 'n1' (GM only)")
