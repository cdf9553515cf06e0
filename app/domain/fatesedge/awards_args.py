"""The arguments of the XP, Boon and backstory-bond commands (:mod:`.awards`)."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import MaxLen
from pydantic import Field, StringConstraints

from ..arguments import Args, Says, SeatId, Text, described, optional
from ..command_types import CommandType
from .roll_args import Id20, Maybe20, Maybe200

PLAYER = "seat id (the GM names one; a player acts for themselves)"
Maybe120 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=120)]
#: A checklist item's XP: a number, or true / null for the usual amount.
ItemXp = int | bool | None
#: One player's checklist: {item: XP}, or a bare list of item names (the usual amounts).
Checklist = dict[str, ItemXp] | Annotated[list[str], MaxLen(10)]
AWARDS_SAY = (
    "'awards' maps each player to their checklist items: {item: XP}, true for the usual amount."
)


class XpAwardArgs(Args):
    """``xp.award``."""

    player: Id20 = optional("a seat id, or 'all'", default="all")
    xp: int = described("how much XP", ge=1, le=50)
    reason: Maybe120 = optional("why", default="")


XP_AWARD = CommandType("xp.award", XpAwardArgs)


class SessionArgs(Args):
    """``xp.session``: the end-of-session checklist."""

    awards: Annotated[dict[str, Checklist], MaxLen(20), Says(AWARDS_SAY)] = described(
        "{seat id: {attendance|objective|discovery|hard_choice|complications|bonds|"
        "curveball: XP, or true for the usual amount}} (or a list of item names)"
    )


XP_SESSION = CommandType("xp.session", SessionArgs)


class MilestoneArgs(Args):
    """``xp.milestone``."""

    xp: int = described("the arc milestone's XP for everyone (8–12)", ge=8, le=12)
    signature: Maybe20 = optional("the seat id with the arc's signature moment (+2)", default="")


XP_MILESTONE = CommandType("xp.milestone", MilestoneArgs)


class BoonAwardArgs(Args):
    """``boon.award``."""

    player: SeatId = described("the seat id earning the Boon")
    reason: Literal["failure", "bond"] = optional(
        "failure (Failure's Gift) | bond (a backstory bond called upon)", default="failure"
    )
    complication: Maybe200 = optional("the failure's narrative teeth", default="")


BOON_AWARD = CommandType("boon.award", BoonAwardArgs)


class ConvertArgs(Args):
    """``boon.convert``."""

    player: SeatId | None = optional(PLAYER)
    xp: int = optional("XP wanted (2 Boons each)", default=1, ge=1, le=10)


BOON_CONVERT = CommandType("boon.convert", ConvertArgs)


class BondProposeArgs(Args):
    """``bond.propose``. Its argument ``with`` is a Python keyword: the field is
    ``with_``, sent and parsed as ``with``."""

    player: SeatId | None = optional(PLAYER)
    tie: Text = described("the shared history")
    with_: Annotated[Id20, Field(validation_alias="with", serialization_alias="with")] = described(
        "the other player's seat id"
    )


BOND_PROPOSE = CommandType("bond.propose", BondProposeArgs)


class BondArgs(Args):
    """``bond.remove`` (either player of the bond, or the GM)."""

    bond: Id20 = described("the bond's id")


BOND_REMOVE = CommandType("bond.remove", BondArgs)


class BondAcceptArgs(BondArgs):
    """``bond.accept`` (the other player of the bond)."""

    player: SeatId | None = optional(PLAYER)


BOND_ACCEPT = CommandType("bond.accept", BondAcceptArgs)
