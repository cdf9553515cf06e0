"""``combat.attack``'s arguments: one model for shooting, throwing and fighting (the
handler checks what depends on the table: a distance for a shot, the shift the raises
allow, the shots a rate of fire allows...)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from annotated_types import Ge, Le, MaxLen
from pydantic import StringConstraints

from ..arguments import Says, SeatId, optional
from ..command_types import CommandType
from .ammo import WeaponName
from .check_args import CARD, CheckArgs, WhoArgs
from .close import MANEUVERS
from .damage import MAX_ARMOUR
from .stray import MAX_BYSTANDERS

MODES = ("ranged", "thrown", "melee")
MAX_DISTANCE = 100_000
MAX_ROF = 100
Mode = Literal["ranged", "thrown", "melee"]
Maneuver = Literal["attack", "close", "withdraw"]
assert set(get_args(Mode)) == set(MODES)
assert set(get_args(Maneuver)) == set(MANEUVERS)

#: An aptitude's name as the sheet has it ("shooting: blasters"), matched in lower case.
Aptitude = Annotated[
    str, StringConstraints(strip_whitespace=True, to_lower=True, min_length=1, max_length=60)
]
BYSTANDERS = "'bystanders' lists who stands near the path (ids), nearest the shooter first."
BYSTANDER_FACES = "'bystander_faces' lists the d6s rolled at the table (1-6)."


class AttackArgs(WhoArgs, CheckArgs):
    """``combat.attack``: the check is the attacker's skill roll (the sheet's aptitude
    on Deftness, the NPC's shooting or fighting dice, or ``dice``/``sides``)."""

    target: SeatId | None = optional("who is attacked (seat or NPC id)")
    card: str | None = optional(CARD)
    mode: Mode = optional("ranged (default), thrown or melee", "ranged")
    skill: Annotated[
        str, StringConstraints(strip_whitespace=True, to_lower=True, max_length=60)
    ] = optional("the aptitude on the sheet, e.g. 'shooting: blasters' (none: default roll)", "")
    related: bool = optional("true: a related concentration (-2)", False)
    distance: int | None = optional("meters to the target (ranged, thrown)", ge=0, le=MAX_DISTANCE)
    range_increment: int | None = optional(
        "the weapon's Range Increment in meters (ranged)", ge=1, le=10_000
    )
    running: bool = optional("true: the attacker is running (-4)", False)
    mounted: bool = optional("true: firer is mounted (-2)", False)
    target_moving: bool = optional("true: relative Pace over 20 (-4)", False)
    size: int = optional("target size step, -6..+6", 0, ge=-6, le=6)
    concealed: bool = optional("true: completely concealed, general direction known (-4)", False)
    darkness: int = optional("the lighting penalty, 0-10 (only beyond 10 m)", 0, ge=0, le=10)
    called: Annotated[str, StringConstraints(max_length=40)] | None = optional(
        "called shot: guts, gizzards, head, left_arm, right_hand, eyeball, heart..."
    )
    aim: Annotated[str, StringConstraints(max_length=20)] | None = optional(
        'the weapon\'s Aim value x/y, e.g. "3/2" (markers from combat.aim)'
    )
    two_weapons: bool = optional("true: a weapon in each hand (-2)", False)
    off_hand: bool = optional("true: the off hand (-4 more)", False)
    one_handed_rifle: bool = optional("true: a rifle in one hand (-2)", False)
    rate_of_fire: int = optional(
        "automatic weapons: the rate of fire (each raise one more hit)", 1, ge=1, le=MAX_ROF
    )
    shots: int | None = optional("shots fired (at most the rate of fire)", ge=1, le=MAX_ROF)
    area_effect: bool = optional("true: shotgun/grenade: 4d6 bonus dice, one less per 10 m", False)
    defensive_bonus: int | None = optional(
        "melee: the defender's weapon's Defensive Bonus", ge=0, le=10
    )
    defender_skill: Aptitude | None = optional(
        "melee: the defender's fighting aptitude (sheet name, e.g. 'fighting: sword')"
    )
    bystanders: Annotated[
        Annotated[list[SeatId], MaxLen(MAX_BYSTANDERS)] | None, Says(BYSTANDERS)
    ] = optional("ranged/thrown: ids within 1 m of the path (2: Suppression), nearest first")
    bystander_faces: Annotated[
        Annotated[list[Annotated[int, Ge(1), Le(6)]], MaxLen(MAX_BYSTANDERS * 10)] | None,
        Says(BYSTANDER_FACES),
    ] = optional("the d6s for the bystander checks, rolled at the table")
    weapon: WeaponName | None = optional(
        "a weapon declared with combat.weapon: the shots come out of its rounds"
    )
    maneuver: Maneuver = optional(
        "attack (default); close: get inside a longer weapon's reach (no damage); "
        "withdraw: the longer weapon's wielder generates distance again",
        "attack",
    )
    weapon_bonus: int = optional(
        "close: the Defensive Bonus of your own weapon (shorter than theirs)", 0, ge=0, le=10
    )
    damage: Annotated[str, StringConstraints(max_length=20)] | None = optional(
        "weapon damage dice, e.g. '3d6'"
    )
    unarmed: bool = optional("true: no weapon: half the Strength die, nonlethal", False)
    armour: int = optional("Armour levels of cover hit (0-6)", 0, ge=0, le=MAX_ARMOUR)
    penetration: int | None = optional("the weapon's Penetration", ge=0, le=20)
    height: bool = optional("true: +2 height advantage in a fight (hit location)", False)
    point_blank: Literal[-1, 0, 1] = optional(
        "1: +2 hit location at point-blank, -1: -2 (shot from under a table)", 0
    )
    prone: bool = optional("true: a prone target (only arms, upper torso, head are hit)", False)
    brawling: bool = optional("true: nonlethal damage (3 Wind per level)", False)
    location_face: int | None = optional("the hit location d20 rolled at the table", ge=1, le=20)
    shift: int = optional("hit location shift (-raises..raises)", 0)


COMBAT_ATTACK = CommandType("combat.attack", AttackArgs)
