"""The Bottlecaps commands' arguments: who acts, dice entered by hand, and each
command's model (the rule code that reads them sits in the module named beside it).

Checks that depend on the table (does the NPC exist, does a face fit the die, which
cap may pay) stay in the rule code, with the same words as before.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeGuard, get_args

from annotated_types import MaxLen
from pydantic import ConfigDict, StringConstraints

from ..arguments import Args, NoArgs, Says, SeatId, described, optional
from ..command_types import CommandType
from .caps import COLOURS, USES, UseName
from .dice import MAX_CHAIN
from .sheet import RANKS

MODIFIER = {"ge": -20, "le": 20}
Faces = Annotated[list[int], MaxLen(MAX_CHAIN)]
DamageFaces = Annotated[list[Faces], MaxLen(6)]
Colour = Literal["random", "white", "red", "blue"]
Rank = Literal["Novice", "Seasoned", "Veteran", "Heroic", "Legendary"]
assert list(get_args(Rank)) == list(RANKS)
assert set(get_args(Colour)) == {"random", *COLOURS}


def is_use(value: object) -> TypeGuard[UseName]:
    """Whether ``value`` names a use of a cap (a view's or a menu's choice, narrowed)."""
    return value in get_args(UseName)


def is_colour(value: object) -> TypeGuard[Colour]:
    """Whether ``value`` is a colour an award may name ("random" included)."""
    return value in get_args(Colour)


def is_rank(value: object) -> TypeGuard[Rank]:
    """Whether ``value`` is one of the five Ranks."""
    return value in get_args(Rank)


def _text(max_len: int, *, empty: bool = False) -> StringConstraints:
    return StringConstraints(
        strip_whitespace=True, min_length=0 if empty else 1, max_length=max_len
    )


class ForWho(Args):
    """Who the command acts for: a player for themselves; the GM names one or an NPC."""

    player: SeatId | None = optional("the seat acted for (GM only; players act for themselves)")
    npc: Annotated[SeatId | None, Says("'npc' must be a Wild Card NPC id.")] = optional(
        "or a Wild Card NPC id (GM only)"
    )


class TraitFaces(ForWho):
    """A Trait roll's dice entered from real dice (both, or neither: the host rolls)."""

    trait_faces: Faces | None = optional(
        "faces of the real trait die, aces included (optional: else host dice)"
    )
    wild_faces: Faces | None = optional("faces of the real Wild Die (with trait_faces)")

    @property
    def typed(self) -> bool:
        """Whether the player typed in real dice."""
        return self.trait_faces is not None or self.wild_faces is not None


class RollTraitArgs(TraitFaces):
    """``roll.trait``."""

    trait: Annotated[str, _text(30)] = described(
        "attribute or skill name (a skill not on the sheet rolls d4-2)"
    )
    modifier: int = optional("-20..20", 0, **MODIFIER)
    tn: int | None = optional("target number (default: the table's, 4)", ge=1, le=40)


class RollDamageArgs(ForWho):
    """``roll.damage``."""

    dice: Annotated[
        list[str], MaxLen(6), Says("'dice' must list 1 to 6 dice, e.g. ['d8', 'd6'].")
    ] = described("the damage dice, e.g. ['d8', 'd6']")
    modifier: int = optional("-20..20", 0, **MODIFIER)
    faces: DamageFaces | None = optional(
        "one list of faces per die (optional; else rolled on the host)"
    )


class SpendArgs(TraitFaces):
    """``cap.spend``: one cap for one use (each use reads the arguments it needs)."""

    use: UseName | None = optional(", ".join(USES))
    cap: Annotated[str, StringConstraints(max_length=20)] | None = optional(
        "white, red or blue (default: the cheapest that may pay)"
    )
    pool: Annotated[str, StringConstraints(max_length=20)] | None = optional(
        "NPC only: 'own' (its caps) or 'gm' (the GM's general caps)"
    )
    extra: Annotated[str, _text(40)] | None = optional(
        "GM only: an Extra's name; one of the GM's general caps pays"
    )
    edge: Annotated[str, _text(40)] | None = optional("greatness: the Combat Edge gained")
    modifier: int = optional("soak: the Vigor roll's modifier", 0, **MODIFIER)
    tn: int | None = optional("soak: the Vigor roll's target number", ge=1, le=40)
    faces: DamageFaces | None = optional(
        "reroll of a damage roll: one list of faces per die (optional)"
    )
    effort_faces: Faces | None = optional("extra_effort: the d6's faces (optional)")


class DamageArgs(ForWho):
    """``damage.take``."""

    wounds: int = described("0 (Shaken only) to 10", ge=0, le=10)


class AwardArgs(Args):
    """``cap.award``."""

    player: SeatId | None = optional("seat id")
    n: int = optional("1..5", 1, ge=1, le=5)
    colour: Colour = optional("random (default), white, red or blue", "random")


class NpcAddArgs(Args):
    """``npc.add``."""

    name: Annotated[str, _text(40)] = described("the NPC's name")


class NpcRemoveArgs(Args):
    """``npc.remove``."""

    npc: Annotated[SeatId, Says("'npc' is required: the Wild Card NPC's id.")] = described(
        "Wild Card NPC id"
    )


class SheetArgs(ForWho):
    """``sheet.update``: any of the sheet's fields (only those sent change); a field the
    sheet doesn't have is refused, not ignored (a misspelt field would be lost)."""

    model_config = ConfigDict(extra="forbid")
    unknown_message = "Unknown sheet field(s): {names}."

    character: Annotated[str, StringConstraints(max_length=200)] | None = optional("character name")
    attributes: Annotated[
        Annotated[dict[str, str], MaxLen(10)] | None,
        Says("'attributes' must map attribute names to dice, e.g. {'Agility': 'd8'}."),
    ] = optional("{'Agility': 'd8', ...} (d4..d12, d12+N)")
    skills: Annotated[
        Annotated[dict[str, str | None], MaxLen(60)] | None,
        Says("'skills' must map skill names to dice (or null to remove one)."),
    ] = optional("{'Shooting': 'd6', 'Old skill': null}")
    edges: Annotated[str, StringConstraints(max_length=2000)] | None = optional("free text")
    hindrances: Annotated[str, StringConstraints(max_length=2000)] | None = optional("free text")
    draw_modifier: int | None = optional(
        "caps drawn beyond 3 for Edges/Hindrances, -3..5 (GM only)"
    )
    no_mercy: bool | None = optional("has the No Mercy Edge")
    rank: Rank | None = optional("Novice, Seasoned, Veteran, Heroic or Legendary")
    shaken: bool | None = optional("true / false")
    wounds: int | None = optional("0..3")
    incapacitated: bool | None = optional("true / false")


# The command types, each named as clients send it (the catalogue lists them).
SHEET_UPDATE = CommandType("sheet.update", SheetArgs)
ROLL_TRAIT = CommandType("roll.trait", RollTraitArgs)
ROLL_DAMAGE = CommandType("roll.damage", RollDamageArgs)
CAP_SPEND = CommandType("cap.spend", SpendArgs)
DAMAGE_TAKE = CommandType("damage.take", DamageArgs)
TURN_START = CommandType("turn.start", ForWho)
COMBAT_END = CommandType("combat.end", NoArgs)
CAP_AWARD = CommandType("cap.award", AwardArgs)
NPC_ADD = CommandType("npc.add", NpcAddArgs)
NPC_REMOVE = CommandType("npc.remove", NpcRemoveArgs)
