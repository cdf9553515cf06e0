"""Wheel of Fate odds: one test per rule, exhaustive enumeration, icepool."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.odds import wheel_odds
from tests.odds import odds_icepool, odds_reference


def assert_matches_enumeration(
    dice: int, difficulty: int, bonus: int = 0, penalty: int = 0
) -> None:
    ours = wheel_odds(dice, difficulty, bonus, penalty)
    p, whammies = odds_reference.wheel_roll(dice, difficulty, bonus, penalty)
    assert ours.p_success == pytest.approx(float(p), abs=1e-15)
    assert ours.expected_whammies == pytest.approx(float(whammies), abs=1e-15)


def test_add_the_dice_and_match_or_beat_the_difficulty() -> None:
    """wheel-of-fate.txt: "You add the dice up and try to match or beat a number,
    usually 5, 10, 15 or 20, called the difficulty." """
    assert wheel_odds(1, 6).p_success == pytest.approx(1 / 6, abs=1e-15)  # match: 6
    assert wheel_odds(3, 10).p_success == pytest.approx(0.625, abs=1e-15)
    for dice in (1, 2, 3):
        for difficulty in (3, 5, 10, 15):
            assert_matches_enumeration(dice, difficulty)


def test_bonus_dice_count_the_best() -> None:
    """ "you roll 5 dice, but only add up the best three"."""
    for dice, bonus in [(1, 1), (2, 2), (3, 1)]:
        assert_matches_enumeration(dice, 10, bonus=bonus)


def test_penalty_dice_count_the_lowest() -> None:
    """ "Penalty Dice are the inverse of bonus dice. When they're added to a roll, you
    count the _lowest_ dice." """
    for dice, penalty in [(1, 1), (2, 2), (3, 1)]:
        assert_matches_enumeration(dice, 7, penalty=penalty)


def test_bonus_and_penalty_dice_cancel_out() -> None:
    """ "Bonus dies and penalty dice cancel out, so a roll with two bonus dice and one
    penalty die will effectively have one bonus die." """
    assert wheel_odds(3, 12, bonus=2, penalty=1) == wheel_odds(3, 12, bonus=1)


def test_more_penalty_dice_than_base_dice_always_loses() -> None:
    """ "If the number of penalty dice ever exceed the base number of dice, the
    character automatically loses" """
    assert wheel_odds(2, 2, penalty=3).p_success == 0.0
    assert wheel_odds(2, 2, penalty=2).p_success > 0.0  # equal is still a roll


def test_every_five_points_over_is_a_whammy() -> None:
    """ "Every 5 points a roll beats the difficulty by is a "whammy"." """
    # 1d6 vs 1: a 6 beats it by 5 (one whammy); everything else none.
    assert wheel_odds(1, 1).expected_whammies == pytest.approx(1 / 6, abs=1e-15)
    assert_matches_enumeration(3, 5)
    assert_matches_enumeration(2, 2, bonus=2)


def test_zero_dice_is_incapable() -> None:
    """ "Od The character is entirely incapable in this regard." """
    assert wheel_odds(0, 1).p_success == 0.0


@pytest.mark.parametrize(("dice", "bonus", "penalty"), [(4, 2, 0), (5, 0, 3), (6, 3, 0)])
def test_agrees_with_icepool(dice: int, bonus: int, penalty: int) -> None:
    """The same queries through icepool, an independent dice library."""
    for difficulty in (5, 15, 25):
        ours = wheel_odds(dice, difficulty, bonus, penalty).as_dict()
        for key, value in odds_icepool.wheel(dice, difficulty, bonus, penalty).items():
            assert ours[key] == pytest.approx(value, abs=1e-15), key


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(1, 6), extra=st.integers(0, 4), difficulty=st.integers(0, 40))
def test_bonus_helps_and_penalty_hurts(dice: int, extra: int, difficulty: int) -> None:
    """Each bonus die can only raise the chance, each penalty die only lower it."""
    plain = wheel_odds(dice, difficulty).p_success
    assert wheel_odds(dice, difficulty, bonus=extra).p_success >= plain - 1e-15
    assert wheel_odds(dice, difficulty, penalty=extra).p_success <= plain + 1e-15
