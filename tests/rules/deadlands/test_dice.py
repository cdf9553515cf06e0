"""The trait-roll engine: aces, the highest die, bust, TNs and raises (shared by both
games; the sentences quoted are the issue's summary of how the dice work)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.errors import InvalidArgs
from app.domain.fatechips import dice
from app.domain.fatechips.view_types import Outcome
from app.domain.rng import Rng


def roll(
    faces: list[list[int]], tn: int | None = None, kind: str = "trait", **extra: Any
) -> Outcome:
    record: Any = {"kind": kind, "dice": faces, "bonus": None, "modifier": 0, "tn": tn, **extra}
    return dice.evaluate(record)


def test_aces_roll_again_and_add() -> None:
    """ "each aces (max face rolls again and adds, open-ended)"."""
    rng = Rng(7)
    chains = [dice.roll_die(rng, 4) for _ in range(400)]
    aced = [c for c in chains if len(c) > 1]
    assert aced, "some d4s must ace in 400 rolls"
    for chain in chains:
        assert all(face == 4 for face in chain[:-1]) and chain[-1] != 4


def test_result_is_the_highest_single_die() -> None:
    """ "result = the highest single die"."""
    assert roll([[3], [8, 2], [5]])["total"] == 10


def test_tn_ladder_names() -> None:
    """ "TN ladder Foolproof 3, Fair 5, Onerous 7, Hard 9, Incredible 11 (and any number)"."""
    assert [dice.target_number(n) for n in ("Foolproof", "fair", "onerous", "HARD")] == [3, 5, 7, 9]
    assert dice.target_number("incredible") == 11
    assert dice.target_number(14) == 14
    with pytest.raises(InvalidArgs):
        dice.target_number("tricky")


def test_a_raise_per_full_five_over_the_tn() -> None:
    """ "a raise per full 5 over TN"."""
    assert roll([[13]], tn=5)["raises"] == 1
    assert roll([[14]], tn=5)["raises"] == 1
    assert roll([[15]], tn=5)["raises"] == 2
    assert roll([[4]], tn=5)["success"] is False


def test_bust_threshold_half_rounded_up_at_least_one() -> None:
    """ "bust when half or more of the dice (rounded up, at least one) show a natural 1"."""
    assert roll([[1]])["bust"]
    assert roll([[1], [6]])["bust"]
    assert not roll([[1], [6], [7]])["bust"]
    assert roll([[1], [1], [7]])["bust"]
    assert not roll([[1], [5], [5], [5]])["bust"] and roll([[1], [1], [5], [5]])["bust"]


def test_bust_is_a_failure_whatever_the_highest_die_shows() -> None:
    """ "a bust is a failure whatever the highest die shows"."""
    outcome = roll([[1], [12, 12, 5]], tn=5)
    assert outcome["bust"] and outcome["success"] is False and outcome["raises"] == 0


def test_only_the_first_roll_of_a_die_counts_for_bust() -> None:
    """ "show a natural 1 on their first roll"."""
    assert not roll([[6, 1], [6, 1]])["bust"]


def test_entered_faces_follow_the_same_rules() -> None:
    """ "a player can instead enter the faces they rolled at the table (each die's ace chain)
    and the same rules apply"."""
    assert dice.parse_faces([[8, 8, 3], 5], 8) == [[8, 8, 3], [5]]
    with pytest.raises(InvalidArgs):
        dice.parse_faces([[8]], 8)  # an ace must be rolled again
    with pytest.raises(InvalidArgs):
        dice.parse_faces([[5, 3]], 8)  # only a maximum face rolls again
    with pytest.raises(InvalidArgs):
        dice.parse_faces([[9]], 8)


def test_damage_dice_are_added_together() -> None:
    """ "Damage dice are always added together. You can still reroll any Aces and add them to
    the final total, however." (spacelands-combat.txt)"""
    assert roll([[6, 2], [3], [1]], kind="firearm") == {
        "dice_totals": [8, 3, 1],
        "base": 12,
        "bonus": 0,
        "total": 12,
        "bust": False,
    }


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(dice.SIDES), st.integers(1, 8))
def test_rolled_dice_are_valid_ace_chains(seed: int, sides: int, n: int) -> None:
    """Every die the host rolls could have been entered by hand (same rules both ways)."""
    rng = Rng(seed)
    chains = [dice.roll_die(rng, sides) for _ in range(n)]
    assert dice.parse_faces(chains, sides, n) == chains
