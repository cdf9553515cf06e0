"""Attacks as the chapter computes them (spacelands-combat.txt, "Shooting", "Special
Maneuvers", "Aiming", "Two Weapons", "Throwing Things", "Melee Weapons", "Defensive
Bonus", "Defense", "Hit Locations" raises)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def shooter(**sheet: Any) -> Fight:
    f = Fight()
    f.sheet("p1", "traits.deftness.die", 8)
    f.sheet("p1", "aptitudes.shooting: blasters", {"level": 3})
    f.sheet("p2", "aptitudes.fighting: brawling", {"level": 2})
    return f


def attacked(f: Fight, **args: Any) -> Any:
    events = f.as_("p1", "combat.attack", target="p2", **args)
    return next(e for e in events if e.type == "combat.attacked")


def test_range_tn_fair_plus_increments() -> None:
    """ "The Target Number you're looking for is Fair (5) plus the range modifier. To
    figure the modifier, count the number of meters between the shooter and the target
    and then divide it by the weapon's Range Increment, rounding down as usual.\""""
    f = shooter()
    e = attacked(
        f,
        skill="shooting: blasters",
        distance=29,
        range_increment=10,
        damage="3d6",
        faces=[[7], [2], [3]],
    )
    assert e.data["tn"] == 7 and e.data["roll"]["success"]
    assert e.data["roll"]["dice"] == [[7], [2], [3]]


def test_bad_range_is_refused() -> None:
    """Bad input (a range of -3) gets a clear 4xx and changes nothing."""
    f = shooter()
    before = f.state
    with pytest.raises(InvalidArgs, match="distance"):
        attacked(f, distance=-3, range_increment=10, damage="3d6")
    assert f.state is before


def test_situation_modifiers() -> None:
    """ "Situation Modifier Firer is running -4 Firer is mounted -2 Firer is wounded
    Varies Size Varies Target is moving -4\""""
    f = shooter()
    f.sheet("p1", "wounds.left_arm", 1)
    e = attacked(
        f,
        skill="shooting: blasters",
        distance=5,
        range_increment=10,
        damage="3d6",
        running=True,
        mounted=True,
        target_moving=True,
        size=-2,
        faces=[[8, 8, 8, 1], [2], [3]],
    )
    assert e.data["roll"]["modifier"] == -1 - 4 - 2 - 4 - 2
    assert dict(map(tuple, e.data["modifiers"]))["target size"] == -2


def test_default_roll_is_halved() -> None:
    """ "If he doesn't have it, he can use his Deftness instead, but since this is a
    "default" roll, you must halve the total (round down).\""""
    f = shooter()
    e = attacked(
        f, skill="shooting: lasers", distance=1, range_increment=10, damage="3d6", faces=[[8, 3]]
    )
    assert e.data["how"] == "default" and e.data["roll"]["total"] == 5


@pytest.mark.parametrize("skill", ["shooting: blaster", "shooting: blasters"])
def test_a_concentration_kept_on_its_aptitude_is_skilled(skill: str) -> None:
    """ "Whichever weapon your character uses, that's the kind of shooting concentration
    he needs." The ready-made Blaster hand keeps it as shooting 3 with the
    concentration "blaster": a blaster shot is skilled (3 dice), not a default roll."""
    f = Fight()
    f.sheet("p1", "traits.deftness.die", 8)
    f.sheet("p1", "aptitudes.shooting", {"level": 3, "concentrations": "blaster"})
    e = attacked(
        f, skill=skill, distance=1, range_increment=10, damage="3d6", faces=[[6], [2], [3]]
    )
    assert e.data["how"] == "skilled" and e.data["roll"]["total"] == 6
    other = attacked(
        f, skill="shooting: lasers", distance=1, range_increment=10, damage="3d6", faces=[[8, 3]]
    )
    assert other.data["how"] == "default"


def test_related_concentration_minus_two() -> None:
    """ "If your character has a related concentration ... you can use the related
    concentration but you have to subtract 2 from the roll.\""""
    f = shooter()
    e = attacked(
        f,
        skill="shooting: blasters",
        related=True,
        distance=1,
        range_increment=10,
        damage="3d6",
        faces=[[6], [2], [3]],
    )
    assert e.data["roll"]["total"] == 4 and not e.data["roll"]["success"]


def test_raises_flow_into_the_hit_location() -> None:
    """ "Every raise on an attack roll lets the shooter adjust his hit location by 1
    point up or down." — the attack's raises reach the damage unretyped."""
    f = shooter()
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        skill="shooting: blasters",
        distance=1,
        range_increment=10,
        damage="1d6",
        faces=[[8, 8, 1], [2], [3]],
        shift=2,
        location_face=8,
    )
    e = next(x for x in events if x.type == "combat.attacked")
    assert e.data["roll"]["raises"] == 2
    hit = next(x for x in events if x.type == "combat.damaged")
    assert hit.data["location"]["result"] == 10 and hit.data["location"]["part"] == "gizzards"


def test_shift_beyond_the_raises_is_refused() -> None:
    """Each raise moves the location by one point, no more."""
    f = shooter()
    with pytest.raises(InvalidArgs):
        attacked(
            f,
            skill="shooting: blasters",
            distance=1,
            range_increment=10,
            damage="1d6",
            faces=[[6], [2], [3]],
            shift=1,
        )


def test_called_shot_penalty_and_location() -> None:
    """ "Size Penalty Guts -2 Legs, arms -4 Heads, hands, feet -6 Eyeball, heart -10\""""
    f = shooter()
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        skill="shooting: blasters",
        distance=1,
        range_increment=10,
        damage="1d6",
        called="head",
        faces=[[8, 8, 8, 5], [2], [3]],
    )
    e = next(x for x in events if x.type == "combat.attacked")
    assert ["called shot (head)", -6] in e.data["modifiers"]
    hit = next(x for x in events if x.type == "combat.damaged")
    assert hit.data["location"]["part"] == "head"
    with pytest.raises(InvalidArgs, match="called shot"):
        attacked(f, distance=1, range_increment=10, damage="1d6", called="tail")


def test_automatic_one_more_hit_per_raise() -> None:
    """ "Every raise above the TN means an additional shot hits the target. Obviously,
    a target cannot be hit by more shots than were fired.\""""
    f = shooter()
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        skill="shooting: blasters",
        distance=10,
        range_increment=10,
        damage="1d6",
        rate_of_fire=3,
        faces=[[8, 4], [2], [3]],
    )
    e = next(x for x in events if x.type == "combat.attacked")
    assert e.data["tn"] == 6 and e.data["roll"]["raises"] == 1 and e.data["hits"] == 2
    assert sum(1 for x in events if x.type == "combat.damaged") == 2
    with pytest.raises(RuleViolation, match="never aim or make called shots"):
        attacked(f, distance=1, range_increment=10, damage="1d6", rate_of_fire=3, called="head")


def test_area_effect_bonus_dice_and_damage() -> None:
    """ "Anyone firing an AE weapon adds 4d6 bonus dice to his shooting roll. Subtract
    one bonus die every 10 meters after the first." / "However many bonus Aptitude dice
    are left ... is the number of bonus damage dice he can add if he hits.\""""
    f = shooter()
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        skill="shooting: blasters",
        distance=19,
        range_increment=10,
        damage="2d6",
        area_effect=True,
        faces=[[8, 5], [2], [3]],
        location_face=3,
    )
    e = next(x for x in events if x.type == "combat.attacked")
    assert len(e.data["ae_dice"]) == 3
    hit = next(x for x in events if x.type == "combat.damaged")
    assert len(hit.data["damage"]["dice"]) == 5


def test_two_weapons_and_off_hand() -> None:
    """ "A Hero using weapons in each hand suffers -2 to each attack. Any action taken
    with an off hand is made at an additional -4 (for a total of -6).\""""
    f = shooter()
    e = attacked(
        f,
        skill="shooting: blasters",
        distance=1,
        range_increment=10,
        damage="1d6",
        two_weapons=True,
        off_hand=True,
        faces=[[8, 2], [2], [3]],
    )
    assert e.data["roll"]["modifier"] == -6


def test_throwing_range_and_maximum() -> None:
    """ "The Range Increment for all thrown weapons is +1/5 ... A target at 10 meters is
    TN 7. The maximum range ... is his Strength die type x 5 meters.\""""
    f = shooter()
    e = attacked(f, mode="thrown", distance=10, damage="1d6", faces=[[1]], dice=1, sides=6)
    assert e.data["tn"] == 7
    with pytest.raises(RuleViolation, match="Strength die type x 5"):
        attacked(f, mode="thrown", distance=31, damage="1d6")


def test_aim_bonus_and_unaimed_penalty() -> None:
    """ "A blast rifle has an aim value of 3, so aiming for 4 steps will grant +3 (the
    first three cancel the unaimed penalty, the fourth adds a bonus)." / "The number
    after the slash is the to-hit penalty the weapon receives when it is not aimed\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["4H", "3C"]})
    f.as_("p1", "combat.aim", card="KD", steps=4)
    f.gm("combat.next")  # J: 2 markers (Q, J)
    f.as_("p1", "combat.sleeve", card="JS")
    for _ in range(2):
        f.gm("combat.next")
    assert f.fighter("p1")["aim"]["markers"] >= 4  # the 4 steps declared are complete
    e = attacked(
        f,
        card="JS",
        distance=5,
        range_increment=10,
        damage="1d6",
        aim="3/2",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    assert ["aimed", 3] in e.data["modifiers"]
    f2 = shooter()
    e2 = attacked(
        f2, distance=5, range_increment=10, damage="1d6", aim="3/2", dice=1, sides=6, faces=[[5]]
    )
    assert ["unaimed", -2] in e2.data["modifiers"]


def test_melee_tn_fighting_and_defensive_bonus() -> None:
    """ "The Target Number of the attack is Fair (5) plus the opponent's fighting
    Aptitude for whatever weapon is currently in his hand." / "The Defensive Bonus is
    applied directly to the attacker's TN" / "If one combatant has a greater Size than
    the other, he may add the size difference to their Defensive Bonus.\""""
    f = shooter()
    e = attacked(f, mode="melee", damage="2d6", defensive_bonus=1, dice=1, sides=6, faces=[[1]])
    assert e.data["tn"] == 8
    f.gm("combat.condition", who="p2", size=8)
    e = attacked(f, mode="melee", damage="2d6", dice=1, sides=6, faces=[[1]])
    assert e.data["tn"] == 9


def test_active_defence_roll_becomes_the_tn() -> None:
    """ "Now you can make a dodge or fighting Aptitude roll as appropriate. The TN for
    the bad guy to hit you is now the greater of either his normal TN or your dodge or
    fighting roll.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p2", "aptitudes.dodge", {"level": 1})
    f.as_("p2", "combat.defend", skill="dodge", faces=[[6, 5]])
    assert f.fighter("p2")["defence"] == 11 - 0
    e = attacked(
        f,
        card="KD",
        skill="shooting: blasters",
        distance=1,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=8,
        faces=[[8, 2]],
    )
    assert e.data["tn"] == 11 and not e.data["roll"]["success"]
    assert f.fighter("p2").get("defence") is None


def test_a_low_defence_roll_is_not_told_as_the_tn() -> None:
    """ "The TN for the bad guy to hit you is now the greater of either his normal TN or
    your dodge or fighting roll": a dodge of 3 does not make attacks "need 3 to hit"."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p2", "aptitudes.dodge", {"level": 2})
    told = next(
        e.text
        for e in f.as_("p2", "combat.defend", skill="dodge", faces=[[3], [2]])
        if e.type == "combat.defence"
    )
    assert "need 3 to hit" not in told
    assert "3, or their usual TN if higher" in told


def test_fighting_defence_without_giving_ground() -> None:
    """ "In hand-to-hand combat, an actively defending character has to give ground by
    backing up 1 meter. Otherwise, subtract 4 from his roll.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p2", "aptitudes.fighting: brawling", {"level": 1})
    events = f.as_("p2", "combat.defend", skill="fighting", give_ground=False, faces=[[5]])
    assert events[-1].data["roll"]["modifier"] == -4


def test_melee_adds_capped_strength() -> None:
    """ "When a hand to hand weapon hits, the weapon damage is added to a Strength check
    ... the value of the Strength check cannot exceed the value of the weapon damage.\""""
    f = shooter()
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        mode="melee",
        damage="2d6",
        dice=1,
        sides=6,
        faces=[[6, 6, 2]],
    )
    hit = next(x for x in events if x.type == "combat.damaged")
    dmg = hit.data["damage"]
    weapon = sum(sum(c) for c in dmg["dice"])
    assert 0 < dmg["strength"] <= weapon and dmg["total"] == weapon + dmg["strength"]


def test_unarmed_half_strength_die() -> None:
    """ "If a Hero or alien isn't using a weapon, halve its Strength die type plus any
    bonuses and round down to the nearest damage die.\""""
    f = shooter()
    f.sheet("p1", "traits.strength.die", 8)
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        mode="melee",
        unarmed=True,
        dice=1,
        sides=6,
        faces=[[6, 6, 2]],
    )
    hit = next(x for x in events if x.type == "combat.damaged")
    assert hit.data["damage"]["sides"] == 4


def test_players_cannot_target_hidden_npcs() -> None:
    """A player's failed request reveals no ids that exist: an NPC outside the fight and
    an id that doesn't exist get the same answer."""
    f = shooter()
    f.npc("Lurker", quickness="1d6")
    msgs = []
    for target in ("n1", "n9"):
        with pytest.raises(InvalidArgs) as err:
            f.as_(
                "p1", "combat.attack", target=target, distance=1, range_increment=10, damage="1d6"
            )
        msgs.append(str(err.value))
    assert msgs[0] == msgs[1]


def test_one_handed_rifle_concealed_and_darkness() -> None:
    """ "Subtract 2 from any one-handed rifle attack." / "If a target is completely
    concealed but an attacker knows about where the target is …, he can attack at -4."
    / "The penalties for partial lighting apply to targets greater than 10 meters
    away.\""""
    f = shooter()
    e = attacked(
        f,
        distance=10,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[5]],
        one_handed_rifle=True,
        concealed=True,
        darkness=2,
    )
    mods = dict(map(tuple, e.data["modifiers"]))
    assert mods["one-handed rifle"] == -2 and mods["target completely concealed"] == -4
    assert "darkness" not in mods  # 10 m: no lighting penalty
    e = attacked(
        f, distance=11, range_increment=10, damage="1d6", dice=1, sides=6, faces=[[5]], darkness=2
    )
    assert dict(map(tuple, e.data["modifiers"]))["darkness"] == -2


def test_in_a_fight_a_player_attacks_with_a_card() -> None:
    """ "When one of your cards is called, flip it over and tell the Master what your
    character is attempting to do." — a player's attack in a fight plays the called
    card; the Master may resolve one whose card was already played."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    with pytest.raises(InvalidArgs, match="card"):
        attacked(f, distance=1, range_increment=10, damage="1d6")
    with pytest.raises(RuleViolation, match="Wait until"):
        attacked(f, card="JS", distance=1, range_increment=10, damage="1d6")
    attacked(
        f, card="KD", distance=1, range_increment=10, damage="1d6", dice=1, sides=6, faces=[[1]]
    )
    assert "KD" not in f.fighter("p1")["hand"]
    f.gm(
        "combat.attack",
        who="p2",
        target="p1",
        distance=1,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[1]],
    )


def test_markers_equal_to_the_aim_value_fire_without_penalty() -> None:
    """ "If they are equal or greater than the aim number, resolve the shot as aimed,
    otherwise the shot is unaimed." / "Ronan checks his counters and notes he has three on
    his card, so he can fire now without penalty." (A blast rifle's aim value is 3.)"""
    f = dealt({"p1": ["KD", "JS"], "p2": ["10C", "3C"]})
    f.as_("p1", "combat.aim", card="KD", steps=4)
    f.gm("combat.next")  # J: 2 markers (Q, J)
    f.as_("p1", "combat.sleeve", card="JS")
    f.gm("combat.next")  # 10: the third marker; the bug is getting away
    assert f.fighter("p1")["aim"]["markers"] == 3
    e = attacked(
        f,
        card="JS",
        distance=5,
        range_increment=10,
        damage="1d6",
        aim="3/2",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    assert ["aimed", 0] in e.data["modifiers"]
    assert not any(m[0] == "unaimed" for m in e.data["modifiers"])


def test_an_attack_made_from_a_roll_keeps_the_chips_bonus_die() -> None:
    """ "Spend a red chip to roll one bonus die and add it to your highest current die."
    — an attack made from the Roll tab's roll (``from_roll``) is that roll's total: the
    red chip's die bought on it counts (it was dropped: the attack read a key rolls no
    longer write, and missed a TN the roll made)."""
    f = shooter()
    f.award("p1", red=1)
    f.as_(
        "p1", "roll.trait", trait="deftness", aptitude="shooting: blasters", faces=[[3], [2], [1]]
    )
    f.as_("p1", "chips.spend", colour="red", faces=[4])
    e = attacked(f, from_roll=True, distance=29, range_increment=10, damage="3d6")
    assert e.data["tn"] == 7
    assert e.data["roll"]["total"] == 7 and e.data["roll"]["success"]


def test_bad_damage_dice_are_refused_in_words() -> None:
    """A refusal names the weapon's damage as the form does, not the argument
    ("'damage' is dice like '2d8'" was seen on the GM's tablet)."""
    f = shooter()
    with pytest.raises(InvalidArgs, match=r"^The weapon's damage: dice like 2d8"):
        attacked(f, skill="shooting: blasters", distance=5, range_increment=10, damage="2d7")


def test_no_more_chips_on_the_defence_once_the_attack_comes() -> None:
    """ "You can’t spend any more Fate Chips on your roll once the bad guy starts his
    attack roll, however." The defence made from the hero's roll (chips spent on it)
    closes that roll: a chip after it is refused and the TN the attack meets stays."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.award("p2", white=2)
    f.sheet("p2", "aptitudes.dodge", {"level": 1})
    f.as_("p2", "roll.trait", trait="deftness", aptitude="dodge", faces=[[4]])
    f.as_("p2", "chips.spend", colour="white", faces=[5])
    f.as_("p2", "combat.defend", skill="dodge", from_roll=True)
    defence = f.fighter("p2")["defence"]
    assert defence == 5
    with pytest.raises(RuleViolation, match="no more chips"):
        f.as_("p2", "chips.spend", colour="white", faces=[5])
    assert f.fighter("p2")["defence"] == defence and f.hand("p2")["white"] == 1
    e = attacked(
        f,
        card="KD",
        skill="shooting: blasters",
        distance=1,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=8,
        faces=[[4]],
    )
    assert e.data["tn"] == 5 and not e.data["roll"]["success"]


def test_no_aim_on_automatic() -> None:
    """ "A gunner can never aim or make called shots when firing on automatic (see
    Special Maneuvers)." A burst from an aimed card is refused with the aim's bonus;
    nothing is fired."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["4H", "3C"]})
    f.as_("p1", "combat.aim", card="KD", steps=3)
    f.gm("combat.next")
    f.as_("p1", "combat.sleeve", card="JS")
    for _ in range(2):
        f.gm("combat.next")
    with pytest.raises(RuleViolation, match="never aim"):
        attacked(
            f,
            card="JS",
            distance=5,
            range_increment=10,
            damage="1d6",
            aim="3/2",
            rate_of_fire=3,
            dice=1,
            sides=6,
            faces=[[5]],
        )
    assert f.fighter("p1")["sleeve"] == "JS" and f.fighter("p1")["aim"]


def test_an_automatic_fires_its_full_rate() -> None:
    """ "When a character fires an automatic weapon, he usually has to fire the weapon’s
    full "rate of fire”." Fewer shots than the rate are refused (nothing fired) unless
    the table's setting ``full_rate_of_fire`` is off ("usually"); a gun with fewer
    rounds left than its rate fires what it has (sl/test_ammo.py)."""
    f = shooter()
    shot = {
        "skill": "shooting: blasters",
        "distance": 1,
        "range_increment": 10,
        "damage": "1d6",
        "rate_of_fire": 3,
    }
    with pytest.raises(RuleViolation, match=r"full .rate of fire"):
        attacked(f, **shot, shots=2, faces=[[8, 8, 1], [2], [3]])
    full = attacked(f, **shot, shots=3, faces=[[8, 8, 1], [2], [3]])
    assert full.data["hits"] == 3
    g = Fight(settings={"full_rate_of_fire": False})
    g.sheet("p1", "traits.deftness.die", 8)
    g.sheet("p1", "aptitudes.shooting: blasters", {"level": 3})
    short = attacked(g, **shot, shots=2, faces=[[8, 8, 1], [2], [3]])
    assert short.data["hits"] == 2
