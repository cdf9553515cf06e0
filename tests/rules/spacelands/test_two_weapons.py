"""Two weapons (spacelands-combat.txt, "Two Weapons", "Weapon Speed")."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.test_countdown import dealt


def swing(f: Any, **args: Any) -> Any:
    events = f.as_(
        "p1",
        "combat.attack",
        target="p2",
        mode="melee",
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[1]],
        **args,
    )
    return next(e for e in events if e.type == "combat.attacked")


def test_a_weapon_in_each_hand_two_attacks_on_one_action() -> None:
    """ "If a character has a weapon in each hand he can make two attacks during one
    action. Each of these are rolled separately with a penalty of -2 to each attack. The
    off-hand attack takes an additional -4 penalty too, so that attack suffers a total
    -6." One card plays both; a third attack needs a card of its own."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    first = swing(f, card="KD", two_weapons=True)
    assert dict(map(tuple, first.data["modifiers"]))["two weapons"] == -2
    assert f.view("p1")["me"]["second_hand"]
    second = swing(f, two_weapons=True, off_hand=True)
    assert sum(v for _, v in second.data["modifiers"]) == -6
    assert "JS" in f.fighter("p1")["hand"]  # no card went for the second
    assert not f.view("p1")["me"]["second_hand"]
    with pytest.raises(InvalidArgs, match="card"):
        swing(f, two_weapons=True, off_hand=True)


def test_one_weapon_gets_no_second_attack() -> None:
    """Only "a weapon in each hand" gives the second attack."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    swing(f, card="KD")
    with pytest.raises(InvalidArgs, match="card"):
        swing(f, two_weapons=True)


def test_the_second_attack_is_the_other_hand() -> None:
    """ "If a character has a weapon in each hand he can make two attacks during one
    action. Each of these are rolled separately with a penalty of -2 to each attack. The
    off-hand attack takes an additional -4 penalty too, so that attack suffers a total
    -6." The two attacks are one with each hand: after a main-hand attack the second is
    the off hand's (−6), after an off-hand attack the main hand's (−2); the host refuses
    the same hand twice and nothing changes."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    swing(f, card="KD", two_weapons=True)
    before = len(list(f.table.events))
    with pytest.raises(RuleViolation, match="off hand"):
        swing(f, two_weapons=True)  # the main hand again, at −2
    assert len(list(f.table.events)) == before and f.view("p1")["me"]["second_hand"]
    assert f.view("p1")["me"]["other_hand"] == "off"
    second = swing(f, two_weapons=True, off_hand=True)
    assert sum(v for _, v in second.data["modifiers"]) == -6

    g = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    swing(g, card="KD", two_weapons=True, off_hand=True)
    with pytest.raises(RuleViolation, match="main hand"):
        swing(g, two_weapons=True, off_hand=True)  # the off hand again
    assert g.view("p1")["me"]["other_hand"] == "main"
    second = swing(g, two_weapons=True)
    assert sum(v for _, v in second.data["modifiers"]) == -2


def test_no_weapon_in_a_maimed_hand() -> None:
    """ "If a limb becomes maimed, it is severed, crushed, burned to a cinder, or
    otherwise out of action forever." A maimed arm holds no weapon: "a weapon in each
    hand" is refused (nothing played), one weapon still attacks."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p1", "wounds.left_arm", 5)
    with pytest.raises(RuleViolation, match="left arm is maimed"):
        swing(f, card="KD", two_weapons=True)
    assert "KD" in f.fighter("p1")["hand"]
    swing(f, card="KD")
