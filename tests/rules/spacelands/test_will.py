"""Tests of will, Fear and Terror (spacelands-combat.txt, "Test of Wills", "Simple Tests
of Will", "Fear and Terror")."""

from __future__ import annotations

import pytest

from app.domain.combat.will import simple_tn
from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def test_opposed_overawe_against_guts_unnerves() -> None:
    """ "A test of wills is an opposed roll versus one of the target's Aptitudes." /
    "Test Opposed Bluff Scrutinize Overawe Guts Ridicule Ridicule" / "Successes Effect 1
    Unnerved" — "The target suffers -4 to his next action. This includes any "passive"
    defense Aptitudes like fighting or resisting further tests of wills.\""""
    f = Fight()
    events = f.as_(
        "p1", "combat.will", target="p2", test="overawe", faces=[[5]], against_faces=[[4]]
    )
    will = next(e for e in events if e.type == "combat.will")
    assert will.data["against"]["check"] == "guts" and will.data["successes"] == 1
    assert will.data["effect"] == "unnerved"
    assert f.view("p2")["me"]["body"]["unnerved"]
    events = f.as_(
        "p2", "combat.will", target="p1", test="bluff", faces=[[6, 3]], against_faces=[[1]]
    )
    assert next(e for e in events if e.type == "combat.will").data["roll"]["modifier"] == -8
    assert not f.view("p2")["me"]["body"]["unnerved"]  # the next action is made


def test_distracted_loses_the_highest_card_broken_draws_a_chip() -> None:
    """ "Distracted ... The target is unnerved, and in addition loses his highest Action
    Card." / "Broken ... He's unnerved and distracted and you get to draw a Fate Chip
    from the pot.\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["KH", "3C"]})
    f.as_(
        "p1",
        "combat.will",
        target="p2",
        test="ridicule",
        card="AS",
        faces=[[6, 6, 6, 2]],
        against_faces=[[2]],
    )
    assert f.fighter("p2")["hand"] == ["3C"]
    assert sum(f.hand("p1").values()) == 1  # broken: a chip from the pot


def test_a_test_of_will_against_nobody_is_refused() -> None:
    """Bad input (a test of will against nobody) gets a clear 4xx and changes nothing."""
    f = Fight()
    before = f.state
    with pytest.raises(InvalidArgs, match="target"):
        f.as_("p1", "combat.will", test="bluff")
    with pytest.raises(InvalidArgs, match="target"):
        f.as_("p1", "combat.will", target="n7", test="bluff")
    assert f.state is before


def test_initiating_is_an_action_stunned_cannot() -> None:
    """ "Initiating a test of wills is an action. Resisting one is not and is done
    automatically.\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["KH", "3C"]})
    f.gm("combat.condition", who="p1", stunned=True)
    with pytest.raises(RuleViolation, match="stunned"):
        f.as_("p1", "combat.will", target="p2", test="bluff", card="AS")
    f.gm("combat.condition", who="p2", stunned=True)
    f.gm("combat.condition", who="p1", stunned=False)
    f.as_(
        "p1", "combat.will", target="p2", test="bluff", card="AS", faces=[[2]], against_faces=[[5]]
    )  # the stunned target still resists


def test_simple_test_of_will_tn_table() -> None:
    """ "Opposing die type is TN Less 3 Equal 5 Greater 7 More than 2 greater 9" / "If
    the target has 3 or more levels in the appropriate skill, add one to the TN.\""""
    assert simple_tn(8, 6, 0) == 3
    assert simple_tn(8, 8, 0) == 5
    assert simple_tn(6, 10, 0) == 7
    assert simple_tn(4, 12, 0) == 9
    assert simple_tn(8, 8, 3) == 6


def test_fear_successes_table() -> None:
    """ "When the Master calls for a Fear test, the Hero rolls his Guts with a difficulty
    TN set by the Master ... Successes Effect 0 Broken 1 Distracted 2 Unnerved 3+ No
    Effect\""""
    expected = {2: "broken", 7: "distracted", 12: "unnerved", 17: "no effect"}
    for total, effect in expected.items():
        f = Fight()
        f.sheet("p1", "aptitudes.guts", {"level": 1})
        faces = [[6] * (total // 6) + [total % 6]] if total % 6 else [[6] * (total // 6) + [1]]
        events = f.gm("combat.fear", who="p1", tn=7, faces=faces)
        fear = next(e for e in events if e.type == "combat.fear")
        assert fear.data["effect"] == effect, (total, fear.data)


def test_fear_bust_terrified_terror_bust_catatonic() -> None:
    """ "Going bust on a Fear test results in the Hero being terrified." / "If a Hero
    goes bust on a Terror test, he draws no cards in the next draw phase ... During the
    following draw phase he becomes terrified." / "A terrified Hero ... draws a single
    card\""""
    f = dealt({"p1": ["AS", "4H"], "p2": ["KH", "3C"]})
    f.sheet("p1", "aptitudes.guts", {"level": 1})
    f.gm("combat.fear", who="p2", tn=5, faces=[[1]])
    assert f.fighter("p2")["one_card"] == "terrified"
    f.gm("combat.fear", who="p1", tn=5, terror=True, faces=[[1]])
    assert f.fighter("p1")["no_cards"] == "catatonic"
    f.gm("combat.next")
    f.gm("combat.round")
    with pytest.raises(RuleViolation, match="catatonic"):
        f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    assert f.fighter("p1")["one_card"] == "terrified"
    f.gm("combat.round")
    events = f.as_("p1", "combat.draw", faces=[[6, 6, 2]])
    assert len(f.fighter("p1")["hand"]) == 1 and events


def test_no_chips_in_a_terror_test() -> None:
    """ "A Hero may not spend Fate Chips in any way during a Terror test.\""""
    f = Fight()
    f.award("p1", white=1)
    f.as_("p1", "roll.trait", trait="spirit", faces=[[2]])
    f.as_("p1", "chips.spend", colour="white", faces=[5])
    with pytest.raises(RuleViolation, match="Terror test"):
        f.gm("combat.fear", who="p1", tn=5, terror=True, from_roll=True)


def test_an_npcs_will_rolls_are_the_masters() -> None:
    """Hidden stays hidden: a test of will against an NPC tells the table what it did
    (unnerved...), not the NPC's guts roll that set the TN; the rolls are the GM's."""
    f = dealt({"p1": ["AS", "4H"]}, npc=["KH", "3C"])
    events = f.as_(
        "p1",
        "combat.will",
        target="n1",
        test="overawe",
        card="AS",
        faces=[[6, 6, 5]],
        against_faces=[[7], [2], [1]],
        against_dice=3,
        against_sides=8,
    )
    public = next(e for e in events if e.type == "combat.will")
    assert public.visible_to == "all" and public.data["against"] is None
    assert "7" not in public.text and "Bug is" in public.text
    rolls = next(e for e in events if e.type == "combat.will_rolls")
    assert rolls.visible_to == "gm" and rolls.data["against"]["total"] == 7


def test_an_npc_without_the_resisting_dice_is_refused_in_a_players_words() -> None:
    """ "Resisting one is not and is done automatically": an NPC the GM gave no guts
    dice can't resist yet; the player who tried is told what is missing and who can
    add it, not the command's argument names."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.gm("npc.add", name="Rattler", quickness="1d4", fighting="2d6")
    with pytest.raises(InvalidArgs) as refused:
        f.as_("p1", "combat.will", target="n1", test="overawe", card="KD", faces=[[5]])
    said = str(refused.value)
    assert "Rattler has no Guts dice" in said and "NPCs tab" in said
    assert "'dice'" not in said and "'sides'" not in said
