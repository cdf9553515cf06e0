"""Falling (spacelands-combat.txt, "Falling")."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs
from tests.rules.combat.driver import Fight


def fall(f: Fight, **args: Any) -> list[Any]:
    return f.gm("combat.fall", who="p1", **args)


def test_one_d6_plus_five_per_five_meters_spread() -> None:
    """ "A character takes 1d6+5 damage for every 5 meters fallen, up to a maximum of
    20d6+100. Any wounds are applied randomly to separate body areas, ignoring extra
    damage for heads and gizzards.\""""
    f = Fight()
    events = fall(f, meters=12, damage_faces=[[4], [2]])
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["damage"]["total"] == 4 + 2 + 10
    assert hit.data["wounds"] == 2 and sorted(hit.data["placed"].values()) == [1, 1]
    events = Fight().gm("combat.fall", who="p1", meters=1000)
    assert next(e for e in events if e.type == "combat.fell").data["dice"] == 20
    assert not any(e.type == "combat.damaged" for e in fall(Fight(), meters=4))


def test_water_halves_and_a_fair_swimming_roll_cancels() -> None:
    """ "Landing in water reduces the damage by half or cancels it entirely if the
    character makes a Fair (5) swimming roll.\""""
    f = Fight()
    events = fall(f, meters=10, landing="water", faces=[[2]], damage_faces=[[6, 2], [4]])
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["damage"]["total"] == (8 + 4 + 10) // 2
    f = Fight()
    f.sheet("p1", "aptitudes.swimming", {"level": 1})
    events = fall(f, meters=10, landing="water", faces=[[5]])
    assert not any(e.type == "combat.damaged" for e in events)


def test_a_soft_landing_halves_with_an_onerous_deftness_roll() -> None:
    """ "Landing on a haystack, awning, or other soft obstacle reduces the damage by half
    if the character makes an Onerous (7) Deftness roll.\""""
    events = fall(Fight(), meters=10, landing="soft", faces=[[5]], damage_faces=[[3], [3]])
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["damage"]["total"] == 16  # missed the roll: full damage
    events = fall(Fight(), meters=10, landing="soft", faces=[[6, 2]], damage_faces=[[3], [3]])
    hit = next(e for e in events if e.type == "combat.damaged")
    assert hit.data["damage"]["total"] == 8


def test_a_bad_fall_changes_nothing() -> None:
    """Bad input is a 4xx naming the rule and changes nothing."""
    f = Fight()
    before = f.state
    with pytest.raises(InvalidArgs, match="meters"):
        fall(f, meters=-3)
    with pytest.raises(InvalidArgs, match="landing"):
        fall(f, meters=10, landing="lava")
    assert f.state is before
