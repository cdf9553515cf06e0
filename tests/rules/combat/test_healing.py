"""Healing (spacelands-combat.txt, "Healing")."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .driver import Fight


def wounded(level: int, loc: str = "left_arm") -> Fight:
    """p1 wounded through the damage flow (so the wound is fresh), p2 the medic."""
    f = Fight(settings={"starting_wind": 40, "unskilled_penalty": 0})
    sizes = {
        1: [[6, 1]],
        2: [[6, 6, 1]],
        3: [[6, 6, 6, 1]],
        4: [[6, 6, 6, 6, 1]],
        5: [[6, 6, 6, 6, 6, 1]],
    }
    f.gm("combat.damage", who="p1", location=loc, dice=1, sides=6, faces=sizes[level])
    f.as_("p1", "wounds.accept")
    return f


def test_medicine_reduces_one_level() -> None:
    """ "If successful, the roll reduces the area's wounds by one level. The TN depends on
    the wound level.\""""
    f = wounded(1)
    events = f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[5]])
    assert events[0].data["tn"] == 5
    assert f.wounds("p1") == {}


def test_general_only_light_and_heavy() -> None:
    """ "A character with the medicine.-general Aptitude can heal light and heavy wounds.
    Only a doctor with medicine: surgery can heal more severe wounds.\""""
    f = wounded(3)
    with pytest.raises(RuleViolation, match="surgery"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[6, 4]])
    # the healer's sheet decides, not a flag the client sends
    with pytest.raises(RuleViolation, match="surgery"):
        f.as_(
            "p2", "heal.medicine", patient="p1", location="left_arm", surgery=True, faces=[[6, 4]]
        )
    f.sheet("p2", "aptitudes.medicine: general", {"level": 1})
    with pytest.raises(RuleViolation, match="surgery"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[6, 4]])
    f.sheet("p2", "aptitudes.medicine: surgery", {"level": 1})
    events = f.as_(
        "p2", "heal.medicine", patient="p1", location="left_arm", surgery=True, faces=[[6, 4]]
    )
    assert events[0].data["tn"] == 9
    assert f.wounds("p1") == {"left_arm": 2}


def test_one_roll_per_area_within_the_hour() -> None:
    """ "A medicine roll can be made up to one hour after an injury." / "The doctor has
    to roll once for each wounded area.\""""
    f = wounded(2)
    f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[2]])
    with pytest.raises(RuleViolation, match="one hour"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[6, 6, 2]])
    g = wounded(2)
    g.gm("heal.hour")
    with pytest.raises(RuleViolation, match="one hour"):
        g.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[6, 6, 2]])


def test_maimed_limb_only_stops_bleeding() -> None:
    """ "Maimed limbs cannot be healed by normal means, but you can still try to stop the
    bleeding.\""""
    f = wounded(5)
    f.sheet("p2", "aptitudes.medicine", {"level": 1, "concentrations": "general, surgery"})
    assert f.view("p1")["me"]["body"]["bleeding"] == 3
    f.as_("p2", "heal.medicine", patient="p1", location="left_arm", surgery=True, faces=[[6, 6, 2]])
    assert f.wounds("p1") == {"left_arm": 5}
    assert f.view("p1")["me"]["body"]["bleeding"] == 0


def test_natural_healing_per_area() -> None:
    """ "A character can try to heal a wound every 5 days by making a Vigor roll against
    the same difficulties listed above. If the roll succeeds, the wound improves by one
    level. Natural healing rolls are made for each area.\""""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"left_arm": 1, "guts": 2})
    f.gm("wounds.accept", player="p1")
    # the heavy wound's −2 applies: left arm 7 − 2 = 5 vs 5, guts 4 − 2 = 2 vs 7
    f.gm("heal.natural", who="p1", faces={"left_arm": [[6, 1]], "guts": [[4]]})
    assert f.wounds("p1") == {"guts": 2}


def test_foolproof_medicine_restores_all_wind() -> None:
    """ "On a Foolproof (3) medicine roll of any kind (including default), someone can
    bandage scrapes or give the sufferer some water to restore all Wind.\""""
    f = Fight(settings={"unskilled_penalty": 0})
    f.gm("wind.lose", player="p1", amount=8)
    f.as_("p2", "heal.wind", patient="p1", faces=[[3]])
    assert f.wind("p1") == 10


def test_one_wind_per_minute() -> None:
    """ "Otherwise your hero gets his Wind back at the rate of 1 per minute.\""""
    f = Fight()
    f.gm("wind.lose", player="p1", amount=8)
    f.gm("heal.rest", who="p1", minutes=5)
    assert f.wind("p1") == 7
    f.gm("heal.rest", who="p1", minutes=50)
    assert f.wind("p1") == 10


def test_fair_medicine_wakes() -> None:
    """ "The amount of time he stays down is 1d6 hours or until someone makes a Fair (5)
    medicine roll to wake him up.\""""
    f = Fight(settings={"unskilled_penalty": 0})
    f.gm("combat.condition", who="p1", unconscious=True)
    f.as_("p2", "heal.wake", patient="p1", faces=[[4]])
    assert f.view("p1")["me"]["body"]["unconscious"]
    f.as_("p2", "heal.wake", patient="p1", faces=[[5]])
    assert not f.view("p1")["me"]["body"]["unconscious"]


def test_players_learn_nothing_of_an_npcs_wounds() -> None:
    """No leaks: a player's failed request never reveals an NPC's hidden state (which
    areas are wounded, ids that exist)."""
    f = wounded(1)
    f.npc("Lurker")
    f.gm("combat.damage", who="n1", location="left_arm", dice=1, sides=6, faces=[[6, 1]])
    f.gm("heal.hour")
    unknown = set()
    for who in ("n1", "n99"):  # an NPC the players can't see yet, an id that doesn't exist
        with pytest.raises(InvalidArgs) as bad:
            f.as_("p2", "heal.wind", patient=who, faces=[[5]])
        unknown.add(str(bad.value))
    assert len(unknown) == 1
    f.gm("combat.start")
    answers = set()
    for loc in ("left_arm", "head"):  # wounded (too late) and unwounded: the same answer
        with pytest.raises(RuleViolation) as err:
            f.as_("p2", "heal.medicine", patient="n1", location=loc, faces=[[1]])
        answers.add(str(err.value))
    assert len(answers) == 1 and "Lurker" not in answers.pop()


def test_a_healer_who_cannot_act_cannot_treat() -> None:
    """ "Your character goes unconscious immediately if you go bust on any stun check."
    / "If you fail it, your character's stunned and can't do anything besides limp a
    few meters and cry like a baby until he makes a recovery check." / "Winded
    characters get no Cards add can’t perform actions unless the Master feels like
    letting them whisper or crawl a short way at the end of the round." A medicine
    roll is the healer's act: an unconscious, stunned or Winded healer can't make it
    (not the wound roll, not the Wind, not waking someone); nothing changes."""
    f = wounded(1)
    f.gm("combat.condition", who="p2", unconscious=True)
    with pytest.raises(RuleViolation, match="unconscious"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[5]])
    with pytest.raises(RuleViolation, match="unconscious"):
        f.as_("p2", "heal.wind", patient="p1", faces=[[5]])
    assert f.wounds("p1") == {"left_arm": 1}
    f.gm("combat.condition", who="p2", unconscious=False, stunned=True)
    with pytest.raises(RuleViolation, match="stunned"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[5]])
    f.gm("combat.condition", who="p2", stunned=False)
    f.gm("wind.lose", player="p2", amount=40)
    with pytest.raises(RuleViolation, match="Winded"):
        f.as_("p2", "heal.medicine", patient="p1", location="left_arm", faces=[[5]])
    f.gm("combat.condition", who="p1", unconscious=True)
    with pytest.raises(RuleViolation, match="Winded"):
        f.as_("p2", "heal.wake", patient="p1", faces=[[5]])
    assert f.wounds("p1") == {"left_arm": 1}
    assert f.view("p1")["me"]["body"]["unconscious"]
