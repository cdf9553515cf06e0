"""Savage Worlds dice as Bottlecaps rolls them: acing, the Wild Die, TN 4 and raises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.bottlecaps.dice import (
    DieType,
    TraitDice,
    check_chain,
    outcome,
    parse_die,
    roll_acing,
    successes,
)
from app.domain.errors import DomainError, Forbidden, InvalidArgs
from app.domain.events import UNDO_GM, UNDO_OWNER
from app.domain.rng import Rng

from .driver import GM, P1, table


@pytest.mark.parametrize(
    ("text", "die"),
    [("d4", DieType(4)), ("D8", DieType(8)), ("d12+2", DieType(12, 2)), (" d6 ", DieType(6))],
)
def test_die_types(text: str, die: DieType) -> None:
    """Attributes and skills are die types d4..d12, and d12+N."""
    assert parse_die(text) == die
    assert parse_die(str(die)) == die


@pytest.mark.parametrize("text", ["d5", "d8+1", "d12+11", "8", "", None, 6, "d12-1"])
def test_bad_die_types(text: object) -> None:
    with pytest.raises(InvalidArgs):
        parse_die(text)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([4, 6, 8, 10, 12]))
def test_dice_ace_on_their_highest_face(seed: int, sides: int) -> None:
    """Every die aces: on its highest face it is rolled again and added."""
    faces = roll_acing(Rng(seed), sides)
    assert all(face == sides for face in faces[:-1])
    assert 1 <= faces[-1] < sides
    assert check_chain(faces, sides, "die") == faces


@pytest.mark.parametrize("faces", [[], [8], [8, 8], [3, 2], [9], [0]])
def test_entered_faces_must_be_a_real_acing_chain(faces: list[int]) -> None:
    with pytest.raises(InvalidArgs):
        check_chain(faces, 8, "The d8")


def test_wild_die_takes_the_higher_and_snake_eyes() -> None:
    """Trait die plus a d6 Wild Die, take the higher; both 1s is a critical failure."""
    assert TraitDice((3,), (6, 2)).best == 8
    assert TraitDice((10, 4), (5,)).best == 14
    assert TraitDice((1,), (1,)).snake_eyes
    assert not TraitDice((1,), (2,)).snake_eyes


@pytest.mark.parametrize(
    ("total", "count", "word"),
    [
        (3, 0, "failure"),
        (4, 1, "success"),
        (7, 1, "success"),
        (8, 2, "a raise"),
        (12, 3, "2 raises"),
    ],
)
def test_target_number_four_and_a_raise_per_four_over(total: int, count: int, word: str) -> None:
    """TN 4; each full 4 over it is a raise."""
    assert successes(total, 4) == count
    assert outcome(total, 4) == word


def test_host_roll_records_every_die_and_only_the_gm_may_undo() -> None:
    """Rolls on the host: every die and ace in the event data; only the GM may undo."""
    d = table("Ann")
    d.do(GM, "sheet.update", player="p1", skills={"Shooting": "d8"})
    [event] = d.do(P1, "roll.trait", trait="Shooting", modifier=1)
    roll = event.data["roll"]
    assert event.undo == UNDO_GM
    assert roll["total"] == max(sum(roll["trait_dice"]), sum(roll["wild_dice"])) + 1
    assert not roll["entered"]
    assert isinstance(d.fails(P1, "undo", command_id=f"c{d.n}"), Forbidden)
    d.do(GM, "undo", command_id=f"c{d.n - 1}")
    assert d.roll("p1") is None


def test_entered_faces_follow_the_same_rules() -> None:
    """A player can enter the faces they rolled at the table; the same rules apply."""
    d = table("Ann")
    d.do(GM, "sheet.update", player="p1", attributes={"Agility": "d6"})
    [event] = d.do(P1, "roll.trait", trait="Agility", trait_faces=[6, 6, 1], wild_faces=[1])
    assert event.undo == UNDO_OWNER
    assert d.roll("p1")["total"] == 13 and d.roll("p1")["entered"]
    assert isinstance(d.fails(P1, "roll.trait", trait="Agility", trait_faces=[6]), DomainError)
    d.fails(P1, "roll.trait", trait="Agility", trait_faces=[7], wild_faces=[1])
    d.fails(P1, "roll.trait", trait="Agility", trait_faces=[2], wild_faces=[6])


def test_d12_bonus_and_unskilled_rolls() -> None:
    """d12+N adds N to the result; a skill not on the sheet rolls d4 at -2."""
    d = table("Ann")
    d.do(GM, "sheet.update", player="p1", skills={"Fighting": "d12+2"})
    d.do(P1, "roll.trait", trait="Fighting", trait_faces=[5], wild_faces=[3])
    assert (d.roll("p1")["die"], d.roll("p1")["total"]) == ("d12+2", 7)
    d.do(P1, "roll.trait", trait="Lockpicking", trait_faces=[3], wild_faces=[5])
    assert (d.roll("p1")["die"], d.roll("p1")["total"]) == ("d4", 3)


def test_damage_dice_ace_without_a_wild_die() -> None:
    d = table("Ann")
    d.do(P1, "roll.damage", dice=["d8", "d12+1"], modifier=2, faces=[[8, 3], [4]])
    roll = d.roll("p1")
    assert (roll["best"], roll["modifier"], roll["total"]) == (15, 3, 18)
    assert "wild_dice" not in roll
    d.fails(P1, "roll.damage", dice=["d8"], faces=[[8]])
    d.fails(P1, "roll.damage", dice=["d8"], faces=[[3], [2]])
    d.fails(P1, "roll.damage", dice=[])


def test_white_rerolls_snake_eyes_too_unless_the_table_says_not() -> None:
    """ "Reroll any Trait roll" — the text's only exceptions are Extra Effort and damage,
    so snake eyes may be rerolled; the Savage Worlds reading ("a critical failure
    stands") is the setting ``reroll_snake_eyes: false``."""
    d = table("Ann")
    d.give("p1", white=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[1], wild_faces=[1])
    assert d.roll("p1")["snake_eyes"] and d.roll("p1")["successes"] == 0
    d.do(P1, "cap.spend", use="reroll", trait_faces=[3], wild_faces=[1])
    assert not d.roll("p1")["snake_eyes"]
    strict = table("Ann", reroll_snake_eyes=False)
    strict.give("p1", white=1)
    strict.do(P1, "roll.trait", trait="Agility", trait_faces=[1], wild_faces=[1])
    assert "critical failure" in strict.fails(P1, "cap.spend", use="reroll").message


def test_extra_effort_die_aces_per_setting() -> None:
    d = table("Ann")
    d.give("p1", blue=1)
    d.do(P1, "roll.trait", trait="Agility", trait_faces=[3], wild_faces=[2])
    d.do(P1, "cap.spend", use="extra_effort", effort_faces=[6, 2])
    assert d.roll("p1")["total"] == 11
    flat = table("Ann", extra_effort_aces=False)
    flat.give("p1", blue=1)
    flat.do(P1, "roll.trait", trait="Agility", trait_faces=[3], wild_faces=[2])
    flat.fails(P1, "cap.spend", use="extra_effort", effort_faces=[6, 2])
    flat.do(P1, "cap.spend", use="extra_effort", effort_faces=[6])
    assert flat.roll("p1")["total"] == 9
