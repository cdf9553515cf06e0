"""Automatic fire split between targets as one action (spacelands-combat.txt,
"Automatic Weapons")."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def gunner() -> Fight:
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]}, npc=["10S", "4C"])
    f.sheet("p1", "traits.deftness.die", 8)
    f.sheet("p1", "aptitudes.shooting: blasters", {"level": 4})
    for cid in ("p1", "p2"):
        f.sheet(cid, "wind.max", 200)
        f.sheet(cid, "wind.current", 200)
    f.as_("p1", "combat.weapon", weapon="heavy blaster", capacity=6)
    return f


BURST = {
    "card": "KD",
    "skill": "shooting: blasters",
    "weapon": "heavy blaster",
    "rate_of_fire": 3,
    "range_increment": 10,
    "damage": "2d6",
}


def test_a_burst_split_between_two_targets_is_one_action() -> None:
    """ "If the gunner wants to fire at multiple targets, he needs to decide how many
    shots each target gets, and then he splits his dice among them." / "Every raise
    above the TN means an additional shot hits the target. Obviously, a target cannot be
    hit by more shots than were fired.\""""
    f = gunner()
    events = f.as_(
        "p1",
        "combat.autofire",
        **BURST,
        parts=[
            {"target": "n1", "shots": 2, "dice": 2, "distance": 5, "faces": [[8, 8, 3], [2]]},
            {"target": "p2", "shots": 1, "dice": 2, "distance": 12, "faces": [[3], [2]]},
        ],
    )
    assert [e.type for e in events].count("combat.acted") == 1  # one card, one action
    attacked = [e for e in events if e.type == "combat.attacked"]
    assert [a.data["target"] for a in attacked] == ["n1", "p2"]
    assert attacked[0].data["hits"] == 2  # 19 vs TN 5: three raises, but only 2 shots
    assert attacked[0].data["roll"]["dice"] == [[8, 8, 3], [2]]
    assert attacked[1].data["tn"] == 6 and attacked[1].data["hits"] == 0
    assert f.fighter("p1")["hand"] == ["JS"]
    assert f.rules("ammo", "p1", "heavy blaster", "loaded") == 3


def test_a_split_beyond_the_rate_of_fire_or_the_dice_is_refused() -> None:
    """ "he needs to decide how many shots each target gets, and then he splits his dice
    among them" — no more shots than the rate of fire, no more dice than he has."""
    f = gunner()
    before = f.state
    too_many = [
        {"target": "n1", "shots": 2, "dice": 2, "distance": 5},
        {"target": "p2", "shots": 2, "dice": 2, "distance": 5},
    ]
    with pytest.raises(RuleViolation, match=r"no more than the rate of fire \(3\)"):
        f.as_("p1", "combat.autofire", **BURST, parts=too_many)
    greedy = [
        {"target": "n1", "shots": 2, "dice": 3, "distance": 5},
        {"target": "p2", "shots": 1, "dice": 2, "distance": 5},
    ]
    with pytest.raises(RuleViolation, match="add up to 5: you have 4"):
        f.as_("p1", "combat.autofire", **BURST, parts=greedy)
    single = {**BURST, "rate_of_fire": 1}
    with pytest.raises(RuleViolation, match="Only automatic weapons"):
        f.as_("p1", "combat.autofire", **single, parts=greedy)
    assert f.state is before


def test_a_split_burst_fires_the_full_rate() -> None:
    """ "When a character fires an automatic weapon, he usually has to fire the weapon’s
    full "rate of fire”." / "he needs to decide how many shots each target gets": the
    parts add up to the rate of fire (the rounds left, if fewer)."""
    f = gunner()
    with pytest.raises(RuleViolation, match=r"full .rate of fire"):
        f.as_(
            "p1",
            "combat.autofire",
            **BURST,
            parts=[
                {"target": "p2", "shots": 1, "dice": 2, "distance": 5, "faces": [[1], [1]]},
                {"target": "n1", "shots": 1, "dice": 2, "distance": 5, "faces": [[1], [1]]},
            ],
        )
    assert "KD" in f.fighter("p1")["hand"]
