"""The arguments of Fate's Edge's rolls, casting and the text shapes they share.

A roll's pool is built from the same arguments whether the player rolls it
(``roll.pool``), enters physical dice (``roll.enter``) or casts (``cast.channel``,
``cast.weave``: the spell fixes the Attribute and Skill). The limits are the ones the
pool builder has always applied (:mod:`.pool`, :mod:`.rolls`).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from annotated_types import Ge, Le, MaxLen
from pydantic import StringConstraints

from ..arguments import Args, Says, SeatId, described, optional
from ..command_types import CommandType
from .dice import ATTRIBUTES, LADDER

MAX_EXTRA_DICE = 5  # bonus (talents, kits) or penalty dice one roll may name

#: Stripped text that may be empty ('' = none), at most N characters.
Maybe20 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=20)]
Maybe40 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=40)]
Maybe80 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=80)]
Maybe200 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)]
Maybe300 = Annotated[str, StringConstraints(strip_whitespace=True, max_length=300)]
#: Stripped text, not empty, at most N characters.
Id20 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]
Name40 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Name60 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
Name80 = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]

Attribute = Literal["body", "wits", "spirit", "presence"]
Ladder = Literal["basic", "detailed", "intricate"]
assert set(get_args(Attribute)) == set(ATTRIBUTES)
assert set(get_args(Ladder)) == set(LADDER)

#: d10 faces typed in from physical dice.
Faces = Annotated[
    list[Annotated[int, Ge(1), Le(10)]],
    MaxLen(50),
]
#: "+1–2 dice when you personally leverage them on-screen": the GM's grant, at most.
MAX_ASSET_DICE = 2
FACES_SAY = "'{name}' lists d10 faces, each a whole number 1–10 (at most 50)."
#: Keys of the talents/gear (or given dice) used with a roll.
Uses = Annotated[
    list[Annotated[str, StringConstraints(min_length=1, max_length=100)]],
    MaxLen(30),
    Says("'use' lists the talents or gear you use on this roll."),
]


class PoolArgs(Args):
    """What a roll's pool may add beyond Attribute + Skill, and how it is read."""

    ladder: Ladder = optional(
        "description ladder, chosen before the roll: basic | detailed | intricate",
        default="basic",
    )
    dv: int = optional("difficulty 1–4+ (0: none, e.g. a contest)", default=0, ge=0, le=10)
    helper: Maybe20 = optional("one helping player's seat id (assist ≤ +3)", default="")
    helper_skill: Maybe40 | None = optional("the helper's relevant Skill (default: the same)")
    follower: Maybe20 = optional("follower id (adds min(Cap, your Skill), ≤ +3)", default="")
    follower2: Maybe20 = optional("second follower id (Coordinated Assault only)", default="")
    gear: Maybe20 = optional("gear id used (Compromised: −1 die)", default="")
    asset: Maybe20 = optional("asset id leveraged (Neglected: −1 die)", default="")
    asset_dice: int = optional(
        "0–2 dice the GM grants for leveraging the asset", default=0, ge=0, le=MAX_ASSET_DICE
    )
    use: Uses = optional(
        "talents or gear that add dice to this roll, as named on the sheet",
        default=[],
    )
    bonus: int = optional("extra dice (talents, kits)", default=0, ge=0, le=MAX_EXTRA_DICE)
    penalty: int = optional("dice lost (footing, faux pas)", default=0, ge=0, le=MAX_EXTRA_DICE)
    faces: Annotated[Faces | None, Says(FACES_SAY.format(name="faces"))] = optional(
        "the faces rolled with physical dice, one per die of the pool"
    )
    rerolls: Annotated[Faces | None, Says(FACES_SAY.format(name="rerolls"))] = optional(
        "faces of the re-rolled physical dice, in order: ladder first, then Fatigue"
    )


class RollArgs(PoolArgs):
    """``roll.pool`` and ``roll.enter``: Attribute + Skill d10s."""

    player: SeatId | None = optional("seat id (the GM names one; a player acts for themselves)")
    attribute: Attribute = described("body | wits | spirit | presence")
    skill: Maybe40 = optional("skill name ('' for untrained)", default="")
    label: Maybe80 = optional("what the roll is for", default="")


ROLL_POOL = CommandType("roll.pool", RollArgs)
ROLL_ENTER = CommandType("roll.enter", RollArgs)


class ChannelArgs(PoolArgs):
    """``cast.channel``: the roll is Wits + Arcana."""

    player: SeatId | None = optional("seat id (the GM names one; a player acts for themselves)")


CAST_CHANNEL = CommandType("cast.channel", ChannelArgs)


class WeaveArgs(ChannelArgs):
    """``cast.weave``: the roll is Wits + the Art woven."""

    art: Name40 = described("the Art (a Skill) that shapes the effect")


CAST_WEAVE = CommandType("cast.weave", WeaveArgs)
