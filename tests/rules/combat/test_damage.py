"""Hit locations and damage (spacelands-combat.txt, "Hit Locations", "Armor",
"Rolling damage", "Hand to hand damage", "Brawling")."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.combat import hitloc
from app.domain.errors import InvalidArgs

from .driver import Fight


def hit(f: Fight, who: str = "p1", /, **args: object) -> dict[str, Any]:
    """The ``combat.damaged`` event's data (JSON) when the GM deals damage to ``who``."""
    events = f.gm("combat.damage", who=who, **args)
    return dict(next(e for e in events if e.type == "combat.damaged").data)


@pytest.mark.parametrize(
    ("face", "part"),
    [
        (1, "left_leg"),
        (4, "right_leg"),
        (5, "lower_torso"),
        (9, "lower_torso"),
        (10, "gizzards"),
        (11, "left_arm"),
        (14, "right_arm"),
        (15, "upper_torso"),
        (19, "upper_torso"),
        (20, "head"),
    ],
)
def test_hit_location_table(face: int, part: str) -> None:
    """ "1d20 Location 1-4 Legs 5-9 Lower Torso 10 Gizzards 11-14 Arms 15-19 Upper Torso
    20 Head" / "When arms or legs are hit, an odd number is the left side, an even
    number the right.\""""
    assert hitloc.part(face) == part


def test_gizzards_are_part_of_the_torso() -> None:
    """ "Wounds taken to the gizzards and upper and lower guts add to those in the guts
    area.\""""
    f = Fight("spacelands")
    data = hit(f, location_face=10, dice=1, sides=20, faces=[[19], [19]])
    assert data["location"]["location"] == "guts"
    g = Fight("deadlands")
    data = hit(g, location_face=10, dice=1, sides=20, faces=[[19], [19]])
    assert data["location"]["location"] == "lower_torso"


def test_raises_shift_the_location() -> None:
    """ "Every raise on an attack roll lets the shooter adjust his hit location by 1 point
    up or down.\""""
    f = Fight()
    data = hit(
        f, location_face=18, raises=2, shift=2, dice=1, sides=4, faces=[[1]], extra_dice=False
    )
    assert data["location"]["part"] == "head"
    with pytest.raises(InvalidArgs):
        hit(f, location_face=18, raises=1, shift=2, dice=1, sides=4, faces=[[1]], extra_dice=False)


@pytest.mark.parametrize("flag", ["fighting", "height"])
def test_plus_two_fighting_and_height(flag: str) -> None:
    """ "+2 When fighting +2 Height advantage when fighting\""""
    f = Fight()
    data = hit(f, location_face=8, dice=1, sides=4, faces=[[1]], extra_dice=False, **{flag: True})
    assert data["location"]["result"] == 10


def test_point_blank_either_way() -> None:
    """ "+2 Point-blank range when firing" / "Occasionally you might want to subtract
    this modifier—such as when someone shoots somebody under a table.\""""
    f = Fight()
    assert (
        hit(f, location_face=8, point_blank=1, dice=1, sides=4, faces=[[1]], extra_dice=False)[
            "location"
        ]["result"]
        == 10
    )
    assert (
        hit(f, location_face=8, point_blank=-1, dice=1, sides=4, faces=[[1]], extra_dice=False)[
            "location"
        ]["result"]
        == 6
    )


def test_prone_target() -> None:
    """ "Unless the attack hits the arms, upper guts, or head, it's a miss.\""""
    f = Fight()
    events = f.gm("combat.damage", who="p1", location_face=3, prone=True, dice=3, sides=6)
    assert events[0].type == "combat.missed"
    assert f.wounds("p1") == {}


def test_damage_dice_add_and_ace() -> None:
    """ "Damage dice are always added together. You can still reroll any Aces and add
    them to the final total, however.\""""
    f = Fight()
    data = hit(f, location_face=3, dice=2, sides=6, faces=[[6, 6, 2], [3]])
    assert data["damage"]["total"] == 17
    assert data["wounds"] == 2


@pytest.mark.parametrize(("face", "extra"), [(10, 1), (20, 2), (15, 0)])
def test_extra_dice_to_gizzards_and_head(face: int, extra: int) -> None:
    """ "Whenever a character is hit in the gizzards, you can add 1 extra die to the
    damage roll, head adds 2 extra dice.\""""
    f = Fight()
    data = hit(f, location_face=face, dice=2, sides=6)
    assert len(data["damage"]["dice"]) == 2 + extra


def test_no_extra_dice_for_explosions() -> None:
    """ "Roll a hit location for each. Hits to the head and gizzards don't do extra
    damage in this case.\""""
    f = Fight()
    data = hit(f, location_face=20, dice=2, sides=6, extra_dice=False)
    assert len(data["damage"]["dice"]) == 2


def test_wounds_per_full_multiple_of_size() -> None:
    """ "For every full multiple of your target's Size you do in damage, your attack
    causes one wound. As always, remember to truncate any fractions.\""""
    f = Fight()
    n = f.npc("Ogre", size=8)
    data = hit(f, n, location_face=3, dice=2, sides=10, faces=[[9], [6]])
    assert data["wounds"] == 1 and data["size"] == 8
    data = hit(f, "p1", location_face=3, dice=2, sides=10, faces=[[9], [6]])
    assert data["wounds"] == 2


def test_armour_lowers_die_type() -> None:
    """ "A 3d6 bullet that goes through something with an Armor value of 1, for instance,
    is reduced to 3d4. A 3d6 bullet that hits something with an Armor of 2 is stopped
    entirely.\""""
    f = Fight()
    assert hit(f, location_face=3, dice=3, sides=6, armour=1)["damage"]["sides"] == 4
    stopped = hit(f, location_face=3, dice=3, sides=6, armour=2)
    assert stopped["damage"]["stopped"] and stopped["wounds"] == 0
    assert hit(f, location_face=3, dice=1, sides=20, armour=1)["damage"]["sides"] == 12


def test_penetration() -> None:
    """ "If the penetration value is equal or greater, apply the armor normally,
    subtracting one from the armor value for each Penetration over the Armor. If it is
    less, the shot is deflected.\""""
    f = Fight()
    assert hit(f, location_face=3, dice=3, sides=6, armour=2, penetration=3)["damage"]["sides"] == 4
    assert hit(f, location_face=3, dice=3, sides=6, armour=2, penetration=1)["damage"]["deflected"]


def test_strength_capped_at_weapon_damage() -> None:
    """ "the value of the Strength check cannot exceed the value of the weapon damage. If
    the Strength roll is higher, reduce it to equal the weapon damage." (Ronan's knife:
    2d8 Strength 4 and 7, 2d6 knife 2 and 2: total 8.)"""
    f = Fight()
    f.sheet("p2", "traits.strength.die", 8)
    f.gm("session.end")
    f.gm("session.start")
    f.sheet("p2", "traits.strength.coordination", 2)
    data = hit(
        f,
        location_face=3,
        dice=2,
        sides=6,
        faces=[[2], [2]],
        hand_to_hand=True,
        attacker="p2",
        strength_faces=[[4], [7]],
    )
    assert data["damage"]["strength"] == 4 and data["damage"]["total"] == 8


def test_strength_from_a_chip_roll() -> None:
    """fate-chips.txt: "You can spend chips to add dice to your Trait and Aptitude rolls,
    including the Strength portion of hand-to-hand damage rolls" — the GM passes the
    finished Strength roll's total."""
    f = Fight()
    data = hit(f, location_face=3, dice=2, sides=6, faces=[[5], [5]], strength_total=7)
    assert data["damage"]["total"] == 17


def test_armour_stops_strength_with_the_weapon() -> None:
    """ "If the armor stops the weapon's damage dice, it stops the character's Strength
    roll as well—assuming the character's using a weapon.\""""
    f = Fight()
    data = hit(f, location_face=3, dice=2, sides=4, armour=1, strength_total=9)
    assert data["damage"]["total"] == 0


def test_brawling_wind_and_wounds() -> None:
    """ "he rolls his damage dice and causes 3 points of Wind for every wound level he
    would normally have caused. Every full 2 wound levels causes a real wound." (A
    bottle for 15 against Size 6: 6 Wind and one wound.)"""
    f = Fight()
    before = f.wind("p1")
    data = hit(f, location_face=3, dice=2, sides=6, faces=[[6, 4], [5]], brawling=True)
    assert data["brawl_wind"] == 6 and data["wounds"] == 1
    f.as_("p1", "wounds.accept")
    assert f.wind("p1") == before - 6
