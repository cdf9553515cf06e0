"""Damage as written (spacelands-combat.txt, Wind, "Boom!", "Falling", "Fire",
"Drowning"): maimed locations, explosions, spread wounds, Wind from the world."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight


def test_hit_on_a_maimed_location_still_costs_wind() -> None:
    """ "If he's hit by an attack but doesn't actually take a wound (because the damage
    total was less than his size), he still takes at least 1d6 Wind." — a location that
    can take no more wounds is hit without a wound, and costs the d6 too."""
    f = Fight()
    f.sheet("p1", "wounds.left_leg", 5)
    wind = f.wind("p1")
    events = f.gm(
        "combat.damage", who="p1", location_face=3, dice=2, sides=6, faces=[[6, 6, 1], [5]]
    )
    lost = next(e for e in events if e.type == "combat.wind")
    assert len(lost.data["dice"]) == 1 and f.wind("p1") == wind - lost.data["amount"]


def test_explosion_loses_a_die_per_ten_meters() -> None:
    """ "A hero standing up to 10 meters away from a single stick of dynamite would take
    all 3 dice. The damage at 10-20 meters would be 2 dice. 21-30 meters is a single
    die, and targets at greater than 30 meters take no damage.\""""
    for distance, count in ((10, 3), (15, 2), (25, 1)):
        f = Fight()
        events = f.gm("combat.damage", who="p1", dice=3, sides=20, blast_distance=distance)
        hit = next(e for e in events if e.type == "combat.damaged")
        assert len(hit.data["damage"]["dice"]) == count
    with pytest.raises(RuleViolation, match="lost all 3 dice"):
        Fight().gm("combat.damage", who="p1", dice=3, sides=20, blast_distance=31)


def test_a_big_explosion_names_more_dice_than_are_rolled() -> None:
    """ "Every 10 meters afterward, the damage of the explosion drops by a die": a blast
    may name up to 50 dice, but no more than 20 are rolled once the distance has taken
    its dice off (the same limit as any damage roll)."""
    far = Fight().gm("combat.damage", who="p1", dice=30, sides=4, blast_distance=111)
    hit = next(e for e in far if e.type == "combat.damaged")
    assert len(hit.data["damage"]["dice"]) == 30 - 11
    with pytest.raises(InvalidArgs, match="'dice' must be between 1 and 20"):
        Fight().gm("combat.damage", who="p1", dice=30, sides=4, blast_distance=100)
    with pytest.raises(InvalidArgs, match="'dice' must be between 1 and 20"):
        Fight().gm("combat.damage", who="p1", dice=21, sides=4)


def test_explosion_wounds_each_get_a_location_after_negation_window() -> None:
    """ "Once you've figured how many wounds the characters take and given them the
    chance to cancel some or all of the wounds with Fate Chips ..., you need to see
    where the characters take the wounds. Roll a hit location for each. Hits to the
    head and gizzards don't do extra damage in this case.\""""
    f = Fight()
    events = f.gm(
        "combat.damage",
        who="p1",
        dice=3,
        sides=20,
        blast_distance=5,
        faces=[[20, 20, 5], [20, 4], [3]],
    )
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["wounds"] == 72 // 6
    assert len(hit.data["placed"]) == 6  # separate areas while there are any
    assert len(hit.data["damage"]["dice"]) == 3  # no extra dice to the head


def test_falling_spreads_to_separate_areas() -> None:
    """ "A character takes 1d6+5 damage for every 5 meters fallen ... Any wounds are
    applied randomly to separate body areas, ignoring extra damage for heads and
    gizzards.\""""
    f = Fight()
    events = f.gm(
        "combat.damage",
        who="p1",
        dice=2,
        sides=6,
        bonus=10,
        faces=[[4], [2]],
        spread="random",
        extra_dice=False,
    )
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["wounds"] == 2 and sorted(hit.data["placed"].values()) == [1, 1]


def test_consumed_by_flames_every_area() -> None:
    """ "A character totally consumed by flames takes 3d12 damage, with the wounds
    applied to every area at once.\""""
    f = Fight()
    events = f.gm(
        "combat.damage",
        who="p1",
        dice=3,
        sides=12,
        faces=[[5], [4], [3]],
        spread="every",
        extra_dice=False,
    )
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["placed"] == dict.fromkeys(
        ("head", "guts", "left_arm", "right_arm", "left_leg", "right_leg"), 2
    )


def test_gm_takes_wind_from_npcs() -> None:
    """Drowning, smoke and picking up the Pace cost Wind: the Master takes it from NPCs
    too ("If the swimmer doesn't make the TN, he takes the difference in Wind.")."""
    f = Fight()
    n = f.npc("Bug")
    f.gm("combat.wind_loss", who=n, amount=3, reason="drowning")
    assert f.wind(n) == 7
    f.gm("combat.hazard", who=n, kind="rapid_river", dice=1, sides=6, faces=[[3]])
    assert f.wind(n) == 3


def test_smoke_onerous_vigor_wet_cloth() -> None:
    """ "Characters in dense smoke have to make an Onerous (7) Vigor check ... A wet
    cloth over the mouth and nose ... adds +2 to the roll. If the character fails the
    Vigor roll, he takes the difference between the roll and the Target Number in
    Wind.\""""
    f = Fight()
    events = f.gm("combat.hazard", who="p1", kind="smoke", wet_cloth=True, faces=[[4]])
    check = next(e for e in events if e.type == "combat.hazard")
    assert check.data["total"] == 6 and check.data["wind_lost"] == 1


def test_stun_and_bleeding_outlast_the_fight() -> None:
    """ "Whenever a character takes a serious wound, he begins bleeding, losing 1 Wind
    per round." — ending the fight ends neither the stun nor the bleeding; rounds passing
    afterwards still bleed."""
    f = Fight(settings={"starting_wind": 30})
    f.gm("combat.start")
    f.gm("combat.damage", who="p1", location="left_arm", dice=1, sides=6, faces=[[6, 6, 6, 1]])
    f.as_("p1", "wounds.accept")
    f.gm("combat.condition", who="p1", stunned=True)
    f.gm("combat.end")
    body = f.view("p1")["me"]["body"]
    assert body["stunned"] and body["bleeding"] == 1 and "left_arm" in body["fresh"]
    wind = f.wind("p1")
    f.gm("combat.bleed", rounds=3)
    assert f.wind("p1") == wind - 3
