"""The arguments of the GM's damage flow: ``combat.damage``, ``combat.negate``,
``combat.accept`` and ``combat.wind`` (their handlers are in :mod:`.flow`).

``combat.damage`` hands its arguments on to the hit location table (:mod:`.hitloc`)
and the damage roll (:mod:`.damage`); other actions (attacks, falls, stray shots)
build them too (:func:`damage_args`). Those helpers check the values against each
other (the shift against the raises, the faces against the dice) with their own words.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import StringConstraints

from ..arguments import Args, Says, described, optional, parse
from ..command_types import CommandType
from ..fatechips.dice import MAX_DICE
from . import damage, hitloc
from .fight_args import WHO, MaybeFaces, Sides, Who

#: A hit location or body part by name (the game's locations; checked by the handler).
Location = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class DamageArgs(Args):
    """``combat.damage``: one attack on a combatant, from hit location to wounds."""

    who: Who | None = optional("the target (seat or NPC id)")
    location: Location | None = optional(
        "name the location instead of rolling (called shot, explosion)"
    )
    location_face: int | None = optional("the d20 rolled at the table", ge=1, le=20)
    raises: int = optional("raises on the attack roll", 0, ge=0, le=hitloc.MAX_RAISES)
    shift: int = optional(
        "how far the raises move the hit location (−raises..raises)",
        0,
        ge=-hitloc.MAX_RAISES,
        le=hitloc.MAX_RAISES,
    )
    fighting: bool = optional("true: +2 in a fight", False)
    height: bool = optional("true: +2 height advantage in a fight", False)
    point_blank: Literal[-1, 0, 1] = optional(
        "1: +2 at point-blank, −1: −2 (shot from under a table)", 0
    )
    prone: bool = optional("true: a prone target (only arms, upper torso, head are hit)", False)
    # An explosion loses a die per 10 m: up to 50 may be named, at most 20 are rolled.
    dice: int = described(
        f"damage dice (at most {MAX_DICE} rolled; an explosion's drop first)", ge=1, le=50
    )
    sides: Sides = described("4, 6, 8, 10, 12 or 20")
    faces: MaybeFaces = optional(
        "damage dice rolled at the table (ace chains, extra dice included)"
    )
    bonus: int = optional("flat damage (falls: +5 per 5 m)", 0, ge=0, le=500)
    extra_dice: bool = optional("false: no extra dice to gizzards/head (explosions, falls)", True)
    armour: int = optional("Armour levels (0–6)", 0, ge=0, le=damage.MAX_ARMOUR)
    penetration: int | None = optional("the weapon's Penetration", ge=0, le=20)
    halve: bool = optional(
        "true: half the damage (a fall into water or onto something soft)", False
    )
    hand_to_hand: bool = optional("true: add the attacker's Strength check", False)
    attacker: Who | None = optional("whose Strength (seat or NPC id)")
    strength_faces: MaybeFaces = optional("the Strength dice rolled at the table")
    strength_dice: int | None = optional(
        "the Strength check's dice (with strength_sides; default: the attacker's)",
        ge=1,
        le=MAX_DICE,
    )
    strength_sides: Sides | None = optional("the Strength check's die type")
    strength_total: int | None = optional(
        "the Strength check's total (a roll chips were spent on)", ge=0, le=999
    )
    brawling: bool = optional("true: nonlethal (3 Wind per level, a wound per 2 levels)", False)
    blast_distance: int | None = optional(
        "explosions: meters from the blast (a die less per 10 m; a location per wound)",
        ge=0,
        le=100_000,
    )
    spread: Literal["", "random", "every"] = optional(
        "random: each wound to its own rolled area (falls); every: to every area "
        "(consumed by fire)",
        "",
    )


COMBAT_DAMAGE = CommandType("combat.damage", DamageArgs)


def damage_args(**given: Any) -> DamageArgs:
    """``combat.damage``'s arguments built by another action (an attack's hits, a fall,
    a stray shot), checked against the same limits as a client's, in the same words
    (an attack with more raises than the hit location table takes is refused so)."""
    return parse(DamageArgs, given)


class NegateArgs(Args):
    """``combat.negate``: the GM's chip against an NPC's fresh wounds."""

    who: Who | None = optional("NPC id")
    colour: Annotated[str, StringConstraints(max_length=20)] = described(
        "the chip spent: white, red, blue (legend where the game has Legend chips)"
    )
    wounds: Annotated[
        dict[str, int] | None,
        Says("'wounds' maps locations to wounds, e.g. {\"right_arm\": 3}."),
    ] = optional("{location: n} to negate (default: all the fresh wounds the chip can)")


COMBAT_NEGATE = CommandType("combat.negate", NegateArgs)


class AcceptArgs(Args):
    """``combat.accept``."""

    who: Who | None = optional(WHO)


COMBAT_ACCEPT = CommandType("combat.accept", AcceptArgs)


class WindArgs(Args):
    """``combat.wind``: the Wind dice rolled at the table."""

    who: Who | None = optional(WHO)
    faces: MaybeFaces = optional("the d6s as ace chains, e.g. [[6, 2], [4]]")


COMBAT_WIND = CommandType("combat.wind", WindArgs)
