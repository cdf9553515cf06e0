"""Unintended targets (spacelands-combat.txt, "Unintended Targets")."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs
from tests.rules.combat.driver import Fight


def crowd() -> Fight:
    f = Fight(players=("Ann", "Bob", "Cy", "Di"))
    for pid in ("p2", "p3", "p4"):
        f.sheet(pid, "wind.max", 60)
        f.sheet(pid, "wind.current", 60)
    return f


def shoot(f: Fight, **args: Any) -> list[Any]:
    return f.gm(
        "combat.attack",
        who="p1",
        target="p2",
        distance=5,
        range_increment=10,
        damage="2d6",
        dice=1,
        sides=6,
        **args,
    )


def test_a_missed_shot_checks_the_nearest_bystander_first() -> None:
    """ "A bullet has a 1 in 6 chance of hitting anyone within 1 meter of the bullet's
    path. Start at the bystander closest to the shooter and roll a d6. If it comes up a
    1, he's hit. Roll hit location and damage normally. If the roll is anything but a 1,
    check any other bystanders in the path until you run out of bystanders or the bullet
    finds a home.\""""
    f = crowd()
    events = shoot(f, faces=[[2]], bystanders=["p3", "p4"], bystander_faces=[3, 1])
    stray = next(e for e in events if e.type == "combat.stray")
    assert stray.data["rolls"] == [["p3", 3], ["p4", 1]] and stray.data["hit"] == "p4"
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["who"] == "p4"
    # a hit on the target checks nobody
    events = shoot(f, faces=[[5]], bystanders=["p3"], bystander_faces=[1])
    assert not any(e.type == "combat.stray" for e in events)


def test_a_spray_hits_bystanders_on_one_or_two() -> None:
    """ "A spray of bullets fired from an automatic or area affect weapon hits bystanders
    on a 1-2. Continue to check each target until all the missed rounds have checked each
    bystander at least once.\""""
    f = crowd()
    events = shoot(
        f, rate_of_fire=3, faces=[[5]], bystanders=["p3", "p4"], bystander_faces=[2, 3, 4]
    )
    strays = [e for e in events if e.type == "combat.stray"]
    # one of the three rounds hit the target: the two missed rounds check the bystanders
    assert [s.data["hit"] for s in strays] == ["p3", None]
    assert all(s.data["on"] == 2 for s in strays)


def test_bad_bystanders_change_nothing() -> None:
    """Bad input is a 4xx naming the rule and changes nothing."""
    f = crowd()
    before = f.state
    with pytest.raises(InvalidArgs, match="bystanders"):
        shoot(f, faces=[[2]], bystanders=["p2"])
    with pytest.raises(InvalidArgs, match="bystander_faces"):
        shoot(f, faces=[[2]], bystanders=["p3"], bystander_faces=[7])
    with pytest.raises(InvalidArgs, match="not a blow"):
        f.gm("combat.attack", who="p1", target="p2", mode="melee", damage="1d6", bystanders=["p3"])
    assert f.state is before
