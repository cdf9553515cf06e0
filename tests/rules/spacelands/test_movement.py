"""Movement (spacelands-combat.txt, "Movement", "Movement Rates", "Encumbrance")."""

from __future__ import annotations

import pytest

from app.domain.combat.movement import load
from app.domain.errors import RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def runner() -> Fight:
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p1", "traits.deftness.die", 8)
    return f


def test_pace_is_deftness_run_twice_in_a_round() -> None:
    """ "The Pace of characters and most aliens is its Deftness." / "Any move up to half
    the Pace in a single action is considered walking. A move over half (and up to the
    full Pace) is considered running." / "His Deftness is 8. Since he's running, he
    moves 16 meters per round.\""""
    f = runner()
    e = f.as_("p1", "combat.move", meters=4)[0]
    assert e.data["pace"] == 8 and not e.data["running"]
    with pytest.raises(RuleViolation, match="at most 8 m"):
        f.as_("p1", "combat.move", meters=9)
    e = f.as_("p1", "combat.move", meters=8)[0]
    assert e.data["running"]


def test_two_move_actions_a_round() -> None:
    """ "You can't get extra movement by playing a cheat card. Your character is still
    limited to two move actions\""""
    f = runner()
    f.as_("p1", "combat.move", meters=8)
    f.as_("p1", "combat.move", meters=8)
    with pytest.raises(RuleViolation, match="two move actions"):
        f.as_("p1", "combat.move", meters=1)


def test_running_minus_four_to_other_actions() -> None:
    """ "Running incurs a -4 penalty to a character or creature's other actions.\""""
    f = runner()
    f.as_("p1", "combat.move", meters=8)
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        card="KD",
        distance=5,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[5]],
    )
    e = next(x for x in events if x.type == "combat.attacked")
    assert ["firer is running", -4] in e.data["modifiers"]


def test_pick_up_the_pace_costs_wind() -> None:
    """ "roll the die type listed under "Pickup." Add that many meters to the character's
    running movement" / "If he picks up the Pace, he can move an extra d4 meters at the
    cost of 1 Wind." / "Transhumans take no Wind when picking up the pace.\""""
    f = runner()
    wind = f.wind("p1")
    e = f.as_("p1", "combat.move", meters=9, pick_up=True)[0]
    assert 1 <= e.data["pickup"][0] <= 4 and f.wind("p1") == wind - 1
    e = f.as_("p1", "combat.move", meters=8, pick_up=True, race="transhuman")[0]
    assert f.wind("p1") == wind - 1 and e.data["pickup"][1] == 1


def test_climbing_pace_and_max() -> None:
    """ "Climbing 2+ climbing d2 1 8" / "You can't "run" (double your movement) when
    swimming or climbing\""""
    f = runner()
    f.sheet("p1", "aptitudes.climbing", {"level": 4})
    e = f.as_("p1", "combat.move", mode="climb", meters=3)[0]
    assert e.data["pace"] == 6
    with pytest.raises(RuleViolation, match="at most 3 m"):
        f.as_("p1", "combat.move", mode="climb", meters=4)


def test_encumbrance() -> None:
    """ "Ronan's Strength is 6. He can carry up to 18 pounds with no problems. From 18
    pounds up to 36 pounds is a light load. From 36 pounds up to 60 pounds is a medium
    load. From 60 pounds on up is a heavy load." / "If a character with an 8 Pace is
    carrying a heavy load, his Pace is effectively reduced to a 2" / "5 x Strength is a
    light load for an Ursoid.\""""
    assert load(6, 17, "human")[0] == "none"
    assert load(6, 18, "human")[0] == "light"
    assert load(6, 36, "human")[0] == "medium"
    assert load(6, 60, "human")[0] == "heavy"
    assert load(6, 30, "ursoid")[0] == "light"
    f = runner()
    e = f.as_("p1", "combat.move", meters=2, load=60)[0]
    assert e.data["pace"] == 2 and e.data["load"] == "heavy"


def test_stunned_only_limps() -> None:
    """ "can't do anything besides limp a few meters\""""
    f = runner()
    f.gm("combat.condition", who="p1", stunned=True)
    f.as_("p1", "combat.move", meters=2)
    with pytest.raises(RuleViolation, match="at most 2 m"):
        f.as_("p1", "combat.move", meters=3)


def test_riders_on_a_running_mount_suffer_the_penalty_too() -> None:
    """ "Running incurs a -4 penalty to a character or creature's other actions. Riders
    in "running" vehicles or on animals suffer the penalty too. The faster you go, the
    bumpier the ride." / "A vehicle's Pace is listed in its statistics.\""""
    f = runner()
    f.sheet("p1", "aptitudes.overawe", {"level": 1})
    with pytest.raises(RuleViolation, match="at most 20 m"):
        f.as_("p1", "combat.move", meters=21, riding=20)
    ride = f.as_("p1", "combat.move", meters=15, riding=20)[0]
    assert ride.data["running"] and ride.data["pace"] == 20 and "rides, running" in ride.text
    will = f.as_(
        "p1",
        "combat.will",
        target="p2",
        test="overawe",
        card="KD",
        faces=[[5]],
        against_faces=[[2]],
    )
    assert next(e for e in will if e.type == "combat.will").data["roll"]["modifier"] == -4
