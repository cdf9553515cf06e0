"""Savage Worlds (bottlecaps) trait + Wild Die odds: one test per rule, cross-checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.odds import savage_odds
from tests.odds import odds_icepool, odds_reference

EXACT = 1e-12


def assert_matches_reference(
    trait: int, tn: int, wild: int = 6, mod: int = 0, effort: str = ""
) -> None:
    ours = savage_odds(
        trait, tn, wild, mod, extra_effort=bool(effort), effort_aces=effort == "aces"
    )
    p, raises, snake = odds_reference.savage_roll(trait, tn, wild, mod, effort)
    assert ours.p_success == pytest.approx(float(p), abs=EXACT)
    assert ours.expected_raises == pytest.approx(float(raises), abs=EXACT)
    assert ours.p_snake_eyes == pytest.approx(float(snake), abs=EXACT)


def test_trait_and_wild_die_both_ace_and_the_higher_counts() -> None:
    """Issue: "trait die dT ... plus a d6 Wild Die, both ace, take the higher"."""
    for trait in (4, 6, 8, 10, 12):
        assert_matches_reference(trait, 4)
    # d4 vs TN 8: the trait die needs 4 then 4 (1/16), the Wild Die 6 then 2+ (5/36).
    assert savage_odds(4, 8).p_success == pytest.approx(1 - (1 - 1 / 16) * (1 - 5 / 36), abs=1e-15)


def test_the_tn_is_four_unless_told() -> None:
    """Issue: "TN 4 default (any TN)"."""
    assert savage_odds(8) == savage_odds(8, 4)
    assert_matches_reference(8, 11)


def test_a_raise_per_full_four_over_the_tn() -> None:
    """Issue: "a raise per full 4 over TN"."""
    assert_matches_reference(12, 4)
    assert_matches_reference(6, 2, mod=1)


def test_modifiers_and_d12_plus_n() -> None:
    """Issue: "trait die dT (d4..d12, and d12+N modifiers optional)"."""
    assert_matches_reference(12, 8, mod=2)
    assert_matches_reference(8, 6, mod=-2)


def test_snake_eyes_is_both_natural_ones_and_always_fails() -> None:
    """Issue: "`p_snake_eyes` (both natural 1s)"; a critical failure whatever the
    modifier (our reading, see docs/odds.md)."""
    odds = savage_odds(4, 4, mod=3)  # any roll but snake eyes makes 4 with +3
    assert odds.p_snake_eyes == pytest.approx(1 / 24, abs=1e-15)
    assert odds.p_success == pytest.approx(1 - 1 / 24, abs=1e-15)


def test_extra_effort_adds_1d6_to_the_result() -> None:
    """bottlecaps.txt: "Extra Effort (add 1d6 to the result of any Ability or Skill
    roll, but not a damage roll)"."""
    assert_matches_reference(6, 8, effort="flat")
    assert_matches_reference(10, 9, mod=-1, effort="flat")
    assert savage_odds(6, 8, extra_effort=True).p_success > savage_odds(6, 8).p_success


def test_extra_effort_that_aces_as_a_table_option() -> None:
    """Our option: a table that aces every die may ace the Extra Effort d6 too."""
    assert_matches_reference(6, 10, effort="aces")
    assert_matches_reference(8, 5, mod=1, effort="aces")


@pytest.mark.parametrize(
    ("trait", "tn", "wild", "mod", "effort"),
    [(4, 4, 6, 0, False), (8, 7, 6, 1, True), (12, 12, 6, -2, False), (6, 9, 8, 0, True)],
)
def test_agrees_with_icepool(trait: int, tn: int, wild: int, mod: int, effort: bool) -> None:
    """The same queries through icepool, an independent dice library."""
    ours = savage_odds(trait, tn, wild, mod, extra_effort=effort).as_dict()
    theirs = odds_icepool.savage(trait, tn, wild, mod, effort)
    for key, value in theirs.items():
        assert ours[key] == pytest.approx(value, abs=1e-9), key


@settings(max_examples=60, deadline=None)
@given(
    trait=st.sampled_from([4, 6, 8, 10, 12]),
    tn=st.integers(-3, 30),
    mod=st.integers(-4, 4),
    effort=st.booleans(),
    aces=st.booleans(),
)
def test_probabilities_are_coherent(
    trait: int, tn: int, mod: int, effort: bool, aces: bool
) -> None:
    """Chances stay in [0, 1]; a higher TN never helps; success never includes snake
    eyes."""
    odds = savage_odds(trait, tn, mod=mod, extra_effort=effort, effort_aces=aces)
    harder = savage_odds(trait, tn + 1, mod=mod, extra_effort=effort, effort_aces=aces)
    assert 0.0 <= odds.p_success <= 1.0 - odds.p_snake_eyes + 1e-12
    assert harder.p_success <= odds.p_success + 1e-12
    assert odds.expected_raises >= 0.0
