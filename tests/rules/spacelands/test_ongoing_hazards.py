"""Smoke, rough water and fire hold, and come back each round (spacelands-combat.txt,
"Drowning", "Fire"); issue #26."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def test_rough_water_the_first_action_each_round_is_the_swimming_roll() -> None:
    """ "Every round a character swims in rough water, his first action must be a
    swimming roll. The TN depends on the water as shown below. If the swimmer doesn't
    make the TN, he takes the difference in Wind.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.gm("combat.hazard_on", who="p1", kind="rapid_river")
    with pytest.raises(RuleViolation, match="Ann is in a rapid river: the first action each"):
        f.as_("p1", "combat.act", card="KD")
    with pytest.raises(Forbidden):
        f.as_("p2", "combat.hazard", kind="rapid_river")  # Bob isn't in it
    wind = f.wind("p1")
    swim = f.as_("p1", "combat.hazard", kind="rapid_river", card="KD", faces=[[4]])
    checked = next(e for e in swim if e.type == "combat.hazard")
    assert checked.data["tn"] == 7 and f.wind("p1") == wind - 7  # unskilled: 4 - 4 = 0
    assert "KD" not in f.fighter("p1")["hand"]  # the swimming roll was the first action
    f.gm("combat.next")
    f.gm("combat.next")  # Jack
    f.as_("p1", "combat.act", card="JS")  # the roll is made: free to act this round
    f.gm("combat.round")
    f.as_("p1", "combat.draw", faces=[[4]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    card = f.fighter("p1")["hand"][0]
    with pytest.raises(RuleViolation, match="must be a swimming roll"):
        f.as_("p1", "combat.defend")  # a new round: the roll again first
    f.gm("combat.hazard_on", who="p1", kind="rapid_river", off=True)
    f.as_("p1", "combat.defend")
    assert card not in f.fighter("p1")["hand"]


def test_dense_smoke_vigor_with_the_first_action_and_the_unconscious_go_on_losing() -> None:
    """ "Characters in dense smoke have to make an Onerous (7) Vigor check during their
    first action each round to avoid suffocation. A wet cloth over the mouth and nose—or
    similar makeshift protection—adds +2 to the roll. If the character fails the Vigor
    roll, he takes the difference between the roll and the Target Number in Wind. Should
    he ever happen to fall unconscious, he continues to lose Wind in this way every round
    until he dies.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p2", "wind.max", 40)
    f.sheet("p2", "wind.current", 40)
    f.gm("combat.hazard_on", who="p1", kind="smoke", wet_cloth=True)
    with pytest.raises(RuleViolation, match="Onerous \\(7\\) Vigor check comes with the first"):
        f.as_("p1", "combat.act", card="KD")
    vigor = f.as_("p1", "combat.hazard", kind="smoke", faces=[[3]])
    assert vigor[0].data["modifier"] == 2  # the wet cloth, remembered
    f.as_("p1", "combat.act", card="KD")
    f.gm("combat.hazard_on", who="p2", kind="smoke")
    f.gm("combat.condition", who="p2", unconscious=True)
    before = f.wind("p2")
    checks, lost = 0, 0
    for _ in range(3):  # the host rolls it every round (1d6 vs 7: an ace to make it)
        events = f.gm("combat.round")
        checks += sum(e.type == "combat.hazard" and e.data["who"] == "p2" for e in events)
        lost += sum(e.data["amount"] for e in events if e.type == "combat.wind_lost")
    assert checks == 3 and lost > 0 and f.wind("p2") == before - lost


def test_on_fire_burns_at_the_start_of_every_round_until_put_out() -> None:
    """ "A small fire, such as a burning sleeve, causes 1d12 damage at the beginning of
    every turn to whatever area is on fire. A larger fire causes 2d12 to the affected
    areas. A character totally consumed by flames takes 3d12 damage, with the wounds
    applied to every area at once.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.gm("combat.hazard_on", who="p1", kind="fire", fire="small", location="left_arm")
    f.gm("combat.hazard_on", who="p2", kind="fire", fire="consumed")
    events = f.gm("combat.round")
    burns = [e for e in events if e.type == "combat.damaged"]
    assert [(b.data["who"], len(b.data["damage"]["dice"])) for b in burns] == [("p1", 1), ("p2", 3)]
    assert burns[0].data["location"]["part"] == "left_arm"
    f.gm("combat.hazard_on", who="p1", kind="fire", off=True)
    f.gm("combat.hazard_on", who="p2", kind="fire", off=True)
    assert not [e for e in f.gm("combat.round") if e.type == "combat.damaged"]


def test_in_rough_water_the_swimming_roll_is_the_first_action() -> None:
    """ "Every round a character swims in rough water, his first action must be a
    swimming roll." / "Complex: ... any kind of movement that requires an Aptitude roll."
    The roll takes the action: a hero makes it with the card that is called (the card up
    the sleeve goes with it, as with any action), not for free; the Master may roll it
    for someone with no card to play."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.gm("combat.hazard_on", who="p1", kind="rapid_river")
    with pytest.raises(RuleViolation, match="swimming roll is an action"):
        f.as_("p1", "combat.hazard", kind="rapid_river", faces=[[6, 2]])
    assert f.fighter("p1")["hand"] == ["KD", "JS"]
    swim = f.as_("p1", "combat.hazard", kind="rapid_river", card="KD", faces=[[6, 2]])
    assert any(e.type == "combat.acted" for e in swim)
    assert f.fighter("p1")["hand"] == ["JS"]
    f.gm("combat.hazard_on", who="p2", kind="rapid_river")
    f.gm("combat.hazard", who="p2", kind="rapid_river", faces=[[6, 2]])  # the Master's call
    assert f.fighter("p2")["hand"] == ["QH", "3C"]


def test_an_npcs_swimming_action_keeps_its_water_the_masters() -> None:
    """Hidden stays hidden: an NPC in rough water is the Master's to know; its swimming
    roll plays its card, and the table hears only that it acts on the card."""
    f = dealt({"p1": ["2C", "3C"]}, npc=["KH", "4D"])
    f.gm("combat.hazard_on", who="n1", kind="rapid_river")
    events = f.gm(
        "combat.hazard", who="n1", kind="rapid_river", card="KH", dice=1, sides=6, faces=[[4]]
    )
    acted = next(e for e in events if e.type == "combat.acted")
    assert acted.visible_to == "all" and "swim" not in acted.text.lower()
    assert all(e.visible_to == "gm" for e in events if e.type != "combat.acted")


def test_an_npc_swims_with_its_swimming_dice() -> None:
    """ "Every round a character swims in rough water, his first action must be a
    swimming roll." / "A character without the swimming Aptitude is in big trouble." An
    NPC's swimming dice are given like its other dice (``npc.add`` / ``npc.update``), so
    the Master needn't type them at every roll (there was no field for them)."""
    f = Fight()
    n = f.npc("Eel", swimming="3d8")
    assert f.rules("npcs", n, "dice", "swimming") == {"dice": 3, "sides": 8}
    f.gm("npc.update", who=n, swimming="2d10")
    assert f.rules("npcs", n, "dice", "swimming") == {"dice": 2, "sides": 10}
    swim = f.gm("combat.hazard", who=n, kind="swift_creek", faces=[[9], [2]])
    assert swim[0].data["total"] == 9 and swim[0].data["tn"] == 5
