"""The close manoeuvre (spacelands-combat.txt, "Defensive Bonus"), checked on the
chapter's own example: the constable's powered truncheon (DB 1, fighting 2) against
Ronan's fists (fighting: brawling 3)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def alley() -> Fight:
    """Ronan (p1, brawling 3) and the constable (p2, fighting: clubs 2, truncheon DB 1)."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p1", "aptitudes.fighting: brawling", {"level": 3})
    f.sheet("p2", "aptitudes.fighting: clubs", {"level": 2})
    return f


def swing(f: Fight, who: str, target: str, **args: Any) -> Any:
    events = f.gm("combat.attack", who=who, target=target, mode="melee", **args)
    return next(e for e in events if e.type == "combat.attacked"), events


def test_close_then_the_bonus_becomes_a_penalty_and_no_strength() -> None:
    """ "Instead of doing damage, an attacker can designate a Close maneuver. The TN is a
    standard attack roll, modified as above. ... If successful, the attacker has gotten
    in so close that the longer weapon cannot be effectively used. The Defensive Bonus of
    the longer weapon now becomes a penalty, and they may no longer add their strength to
    any damage dealt." / "His TN is 8 (5+2, plus 1 for weapon DB). Luckily, he rolls an 8
    and closes the distance. Now he can attack with a TN of 7, while his opponent will
    attack at 9. Additionally, no Strength will be added to hits against Ronan.\""""
    f = alley()
    e, events = swing(
        f,
        "p1",
        "p2",
        maneuver="close",
        unarmed=True,
        defensive_bonus=1,
        defender_skill="fighting: clubs",
        dice=1,
        sides=8,
        faces=[[8, 1]],
    )
    assert e.data["tn"] == 8 and e.data["roll"]["success"]
    assert not any(x.type == "combat.damaged" for x in events)  # "Instead of doing damage"
    assert f.fighter("p1")["closed"] == {"p2": 1}
    assert f.view("p2")["combatants"]["p1"]["closed"] == ["p2"]
    # Ronan, inside: the truncheon's DB is gone (5 + 2)
    e, _ = swing(
        f,
        "p1",
        "p2",
        unarmed=True,
        defensive_bonus=1,
        defender_skill="fighting: clubs",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    assert e.data["tn"] == 7
    # the constable: 5 + brawling 3 + the DB as a penalty, and his hit has no Strength
    e, events = swing(f, "p2", "p1", damage="1d6", dice=1, sides=12, faces=[[11]])
    assert e.data["tn"] == 9 and e.data["roll"]["success"]
    hit = next(x for x in events if x.type == "combat.damaged")
    assert not hit.data["damage"].get("strength")


def test_withdraw_generates_distance_with_the_penalty() -> None:
    """ "To regain their previous position, the wielder of the longer weapon must
    generate some distance. This is done exactly as the Close maneuver, with the
    Defensive Bonus penalty still applying.\""""
    f = alley()
    swing(
        f,
        "p1",
        "p2",
        maneuver="close",
        unarmed=True,
        defensive_bonus=1,
        dice=1,
        sides=12,
        faces=[[11]],
    )
    e, _ = swing(f, "p2", "p1", maneuver="withdraw", dice=1, sides=8, faces=[[7]])
    assert e.data["tn"] == 9 and not e.data["roll"]["success"]
    assert f.fighter("p1")["closed"] == {"p2": 1}
    e, _ = swing(f, "p2", "p1", maneuver="withdraw", dice=1, sides=10, faces=[[9]])
    assert e.data["roll"]["success"] and not f.fighter("p1").get("closed")
    e, _ = swing(
        f,
        "p1",
        "p2",
        unarmed=True,
        defensive_bonus=1,
        defender_skill="fighting: clubs",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    assert e.data["tn"] == 8  # the truncheon's reach counts again


def test_only_a_shorter_weapon_or_empty_hands_may_close() -> None:
    """ "The attacker must be wielding a weapon that is shorter than the defender, or be
    unarmed." Refused cleanly, changing nothing."""
    f = alley()
    before = f.state
    with pytest.raises(RuleViolation, match="shorter than the defender"):
        swing(f, "p1", "p2", maneuver="close", damage="2d6", weapon_bonus=1, defensive_bonus=1)
    with pytest.raises(RuleViolation, match="Defensive Bonus"):
        swing(f, "p1", "p2", maneuver="close", unarmed=True)
    with pytest.raises(RuleViolation, match="longer weapon"):
        swing(f, "p2", "p1", maneuver="withdraw")
    with pytest.raises(InvalidArgs, match="melee"):
        f.gm(
            "combat.attack",
            who="p1",
            target="p2",
            maneuver="close",
            unarmed=True,
            defensive_bonus=1,
            distance=1,
            range_increment=10,
        )
    assert f.state is before


def test_martial_arts_defends_at_one() -> None:
    """ "Martial arts has a Defense value of 1, brawling 0.\""""
    f = alley()
    f.sheet("p2", "aptitudes.fighting: martial arts", {"level": 2})
    e, _ = swing(
        f,
        "p1",
        "p2",
        damage="1d6",
        defender_skill="fighting: martial arts",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    assert e.data["tn"] == 8  # 5 + 2 + 1
    e, _ = swing(f, "p2", "p1", damage="1d6", dice=1, sides=6, faces=[[1]])
    assert e.data["tn"] == 8  # brawling 3, Defense 0


def test_a_brawling_level_of_three_rolls_three_dice() -> None:
    """ "If your brawling or martial arts level is 3, roll that many dice for your check
    and apply damage normally." Ronan's brawling 3 rolls three of his Deftness dice."""
    f = alley()
    e, events = swing(f, "p1", "p2", skill="fighting: brawling", damage="1d6", unarmed=True,
                      faces=[[2], [3], [6, 5]])  # fmt: skip
    assert e.data["how"] == "skilled" and len(e.data["roll"]["dice"]) == 3
    assert any(x.type == "combat.damaged" for x in events)
