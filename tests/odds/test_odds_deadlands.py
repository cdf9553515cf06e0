"""Deadlands / Spacelands trait-roll odds: one test per rule, plus cross-checks."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.errors import InvalidArgs
from app.domain.odds import bust_threshold, chip_outlook, deadlands_odds, die_total
from tests.odds import odds_icepool, odds_reference

EXACT = 1e-12  # against exact fractions
CLOSE = 1e-9  # against icepool (ace chains cut below 1e-13)


def assert_matches_reference(dice: int, sides: int, tn: int, bonus: bool = False) -> None:
    ours = deadlands_odds(dice, sides, tn, bonus=bonus)
    p, bust, raises = odds_reference.trait_roll(dice, sides, tn, bonus)
    assert ours.p_success == pytest.approx(float(p), abs=EXACT)
    assert ours.p_bust == pytest.approx(float(bust), abs=EXACT)
    assert ours.expected_raises == pytest.approx(float(raises), abs=EXACT)


def test_a_die_aces_open_ended() -> None:
    """Issue: "each aces (max face rolls again and adds, open-ended, no cap)"."""
    # 1d8 reaching 20 takes two aces then a 4+: (1/8)^2 * 5/8.
    assert deadlands_odds(1, 8, 20).p_success == pytest.approx(5 / 512, abs=1e-15)
    # Eight aces in a row on a d4 and then a 2+ reach 34: still counted, never capped.
    assert deadlands_odds(1, 4, 34).p_success == pytest.approx(0.75 / 4**8, rel=1e-12)


def test_result_is_the_highest_single_die() -> None:
    """Issue: "result = highest single die; TN any number"."""
    for dice, sides, tn in [(2, 6, 5), (3, 8, 7), (2, 10, 13), (3, 4, 9)]:
        assert_matches_reference(dice, sides, tn)


def test_a_raise_per_full_five_over_the_tn() -> None:
    """Issue: "a raise per full 5 over TN" (expected_raises is given success)."""
    # 1d6 vs TN 1: raises = (V - 1) // 5 over every V (no bust with 1 die only if V>1).
    assert_matches_reference(1, 6, 1)
    assert_matches_reference(2, 12, 3)


def test_bust_is_half_or_more_natural_ones_rounded_up() -> None:
    """Issue: "bust when half or more of the dice (rounded up, at least one) show a
    natural 1 on their first roll"."""
    assert [bust_threshold(n) for n in range(1, 8)] == [1, 1, 2, 2, 3, 3, 4]
    for dice in range(1, 7):
        expected = sum(
            Fraction(1, 6) ** k * Fraction(5, 6) ** (dice - k) * comb(dice, k)
            for k in range(bust_threshold(dice), dice + 1)
        )
        assert deadlands_odds(dice, 6, 5).p_bust == pytest.approx(float(expected), abs=EXACT)


def test_a_bust_fails_whatever_the_highest_die_shows() -> None:
    """Issue: "a bust is a failure whatever the highest die shows"."""
    # 2d6 vs TN 2: any 1 busts (threshold 1), so success is exactly "no 1 at all".
    assert deadlands_odds(2, 6, 2).p_success == pytest.approx(25 / 36, abs=1e-15)


def test_a_white_chip_is_one_more_die_of_the_same_type() -> None:
    """fate-chips.txt: "Spend a white chip to roll one extra die of the appropriate
    type. It's like having an extra point of Aptitude or Trait Level for that roll." """
    assert deadlands_odds(2, 8, 9, whites=2) == deadlands_odds(4, 8, 9)


def test_a_white_chip_can_lower_the_chance_of_success() -> None:
    """Issue: "a white chip can LOWER the chance of success without bust on small
    pools — compute it honestly"."""
    # 1d4 vs TN 2: 3/4. With a white chip, 2d4 busts on any 1: both must be 2+ (9/16).
    without = deadlands_odds(1, 4, 2)
    with_white = deadlands_odds(1, 4, 2, whites=1)
    assert without.p_success == pytest.approx(3 / 4, abs=1e-15)
    assert with_white.p_success == pytest.approx(9 / 16, abs=1e-15)
    assert with_white.p_success < without.p_success


def test_a_bonus_die_aces_adds_to_the_highest_and_never_busts() -> None:
    """fate-chips.txt: "Spend a red chip to roll one bonus die and add it to your
    highest current die."; issue: "the bonus die never counts towards bust"."""
    for dice, sides, tn in [(1, 6, 9), (2, 8, 11), (3, 4, 7), (1, 4, 3)]:
        assert_matches_reference(dice, sides, tn, bonus=True)
        assert deadlands_odds(dice, sides, tn, bonus=True).p_bust == pytest.approx(
            deadlands_odds(dice, sides, tn).p_bust
        )


@pytest.mark.parametrize(
    ("dice", "sides", "tn", "whites", "bonus"),
    [
        (1, 4, 3, 0, False),
        (2, 8, 7, 1, True),
        (2, 12, 15, 1, False),
        (1, 20, 25, 1, True),
    ],
)
def test_agrees_with_icepool(dice: int, sides: int, tn: int, whites: int, bonus: bool) -> None:
    """The same queries through icepool, an independent dice library."""
    ours = deadlands_odds(dice, sides, tn, whites, bonus).as_dict()
    theirs = odds_icepool.deadlands(dice, sides, tn, whites, bonus)
    for key, value in theirs.items():
        assert ours[key] == pytest.approx(value, abs=CLOSE), key


def test_large_pools_stay_exact() -> None:
    """Twenty dice: the closed forms lose no precision to cancelling terms."""
    for bonus in (False, True):
        ours = deadlands_odds(20, 12, 30, bonus=bonus)
        p, bust, raises = odds_reference.trait_roll_large(20, 12, 30, bonus)
        assert ours.p_success == pytest.approx(p, abs=CLOSE)
        assert ours.p_bust == pytest.approx(bust, abs=CLOSE)
        assert ours.expected_raises == pytest.approx(raises, abs=CLOSE)


@settings(max_examples=60, deadline=None)
@given(
    dice=st.integers(1, 8),
    sides=st.sampled_from([4, 6, 8, 10, 12, 20]),
    tn=st.integers(-5, 40),
    whites=st.integers(0, 3),
)
def test_probabilities_are_coherent(dice: int, sides: int, tn: int, whites: int) -> None:
    """Chances stay in [0, 1]; a higher TN never helps; a bonus die never hurts."""
    plain = deadlands_odds(dice, sides, tn, whites)
    harder = deadlands_odds(dice, sides, tn + 1, whites)
    boosted = deadlands_odds(dice, sides, tn, whites, bonus=True)
    for odds in (plain, harder, boosted):
        assert 0.0 <= odds.p_success <= 1.0 + 1e-12
        assert odds.p_success + odds.p_bust <= 1.0 + 1e-12
        assert odds.expected_raises >= 0.0
    assert harder.p_success <= plain.p_success + 1e-12
    assert boosted.p_success >= plain.p_success - 1e-12


def test_chip_outlook_after_the_roll() -> None:
    """fate-chips.txt: "You roll 3d10 ... You get 4, 7, and 8. Not great. You spend a
    red chip, roll another d10 ... add that 9 to your highest current die (the 8)"."""
    outlook = chip_outlook([[4], [7], [8]], 10, 11)
    assert outlook.p_now == 0.0
    assert outlook.p_bonus == pytest.approx(0.8, abs=1e-15)  # a 3+ on the bonus die
    # White: a 1 would make 1 of 4 dice ones (threshold 2): safe; needs 10 then any.
    assert outlook.p_white == pytest.approx(0.1, abs=1e-15)
    assert outlook.p_white_then_bonus == pytest.approx(_white_then_bonus([4, 7, 8], 0, 10, 11))


def test_chip_outlook_white_can_bust_the_roll() -> None:
    """Issue: "White chip = one more die of the same type (so it also changes the
    bust threshold)" — after the roll too."""
    # 2d6 showing 3 and 5 vs TN 3: a white 1 would be one 1 of three dice: no bust.
    ok = chip_outlook([[3], [5]], 6, 3)
    assert ok.p_now == 1.0 and ok.p_white == 1.0
    # 1d6 showing 4 vs TN 3: a white 1 makes one 1 of two dice: bust.
    risky = chip_outlook([[4]], 6, 3)
    assert risky.p_now == 1.0
    assert risky.p_white == pytest.approx(5 / 6, abs=1e-15)


def test_no_chip_after_a_bust_or_a_bonus_die() -> None:
    """fate-chips.txt: "You can't spend white, red, or blue Fate Chips if you go bust."
    and "Once you spend a red, blue, or Legend chip on a roll, you can't go back and
    spend white chips on that same roll." """
    bust = chip_outlook([[1], [5]], 6, 3)
    assert bust.bust and bust.p_now == 0.0
    assert (bust.p_white, bust.p_bonus, bust.p_white_then_bonus) == (None, None, None)
    done = chip_outlook([[4], [7], [8]], 10, 11, bonus_roll=[10, 2])
    assert done.p_now == 1.0
    assert (done.p_white, done.p_bonus) == (None, None)


def test_ace_chains_must_be_complete() -> None:
    """An ace chain continues only on the maximum and ends below it."""
    assert die_total([8, 8, 3], 8) == 19
    for chain in ([8], [3, 8], [], [9]):
        with pytest.raises(InvalidArgs):
            die_total(chain, 8)


def test_chip_outlook_averages_to_the_committed_bonus_odds() -> None:
    """Averaging the "after the roll" bonus chance over every first roll gives the
    odds of a roll made with the bonus die committed."""
    sides, tn = 4, 7
    faces = odds_reference.acing_faces(sides)
    total = Fraction(0)
    for a, pa in faces.items():
        for b, pb in faces.items():
            outlook = chip_outlook([_chain(a, sides), _chain(b, sides)], sides, tn)
            total += pa * pb * Fraction(outlook.p_bonus or 0.0)
    expected = deadlands_odds(2, sides, tn, bonus=True).p_success
    assert float(total) == pytest.approx(expected, abs=1e-12)


def _chain(total: int, sides: int) -> list[int]:
    aces, last = divmod(total, sides)
    return [sides] * aces + [last]


def _white_then_bonus(totals: list[int], ones: int, sides: int, tn: int) -> float:
    """Brute force: every white die, every bonus die (enumerated faces)."""
    faces = {v: float(p) for v, p in odds_reference.acing_faces(sides).items()}
    threshold = bust_threshold(len(totals) + 1)
    p = 0.0
    for w, pw in faces.items():
        if ones + (w == 1) >= threshold:
            continue
        p += pw * sum(pb for b, pb in faces.items() if max(*totals, w) + b >= tn)
    return p


@settings(max_examples=40, deadline=None)
@given(
    sides=st.sampled_from([4, 6, 8]),
    totals=st.lists(st.integers(1, 20), min_size=1, max_size=5),
    tn=st.integers(2, 16),
)
def test_chip_outlook_matches_brute_force(sides: int, totals: list[int], tn: int) -> None:
    """Every after-the-roll chance equals a brute force over the new dice, and a
    bonus die never lowers a chance."""
    totals = [t + 1 if t % sides == 0 else t for t in totals]  # a die never totals kX
    rolled = [_chain(t, sides) for t in totals]
    outlook = chip_outlook(rolled, sides, tn)
    if outlook.bust:
        assert outlook.p_white is None and outlook.p_now == 0.0
        return
    ones = totals.count(1)
    assert outlook.p_white_then_bonus == pytest.approx(
        _white_then_bonus(totals, ones, sides, tn), abs=1e-12
    )
    assert outlook.p_bonus is not None and outlook.p_white is not None
    assert outlook.p_white_then_bonus is not None
    assert outlook.p_bonus >= outlook.p_now
    assert outlook.p_white_then_bonus >= outlook.p_white - 1e-12
