"""Fate's Edge pool odds: one test per rule, exhaustive enumeration, icepool."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.errors import InvalidArgs
from app.domain.odds import fates_edge_odds
from tests.odds import odds_icepool, odds_reference

EXACT = 1e-12


def assert_matches_enumeration(pool: int, dv: int, ladder: str) -> None:
    ours = fates_edge_odds(pool, dv, ladder)
    p, clean, cp = odds_reference.fates_edge_roll(pool, dv, ladder)
    assert ours.p_success == pytest.approx(float(p), abs=EXACT)
    assert ours.p_clean == pytest.approx(float(clean), abs=EXACT)
    assert ours.expected_cp == pytest.approx(float(cp), abs=EXACT)


def test_six_or_higher_is_a_success_and_each_1_a_complication() -> None:
    """fates-edge-srd.txt 3.1: "roll that many d10s. Each die of 6 or higher counts as a
    success. Each 1 rolled generates a Complication Point." """
    one = fates_edge_odds(1, 1)
    assert one.p_success == pytest.approx(0.5, abs=1e-15)
    assert one.expected_cp == pytest.approx(0.1, abs=1e-15)
    for pool in (1, 2, 3):
        for dv in (1, 2, 3):
            assert_matches_enumeration(pool, dv, "basic")


def test_basic_rolls_the_pool_as_is() -> None:
    """3.2: "Basic Action Roll the pool as-is. All 1s remain as Complication Points." """
    assert fates_edge_odds(4, 2, "basic").expected_cp == pytest.approx(0.4, abs=1e-15)


def test_detailed_rerolls_one_die_showing_1() -> None:
    """3.2: "Detailed Action A clear, descriptive flourish allows the player to re-roll
    one die showing 1." """
    for pool in (1, 2, 3):
        for dv in (1, 2):
            assert_matches_enumeration(pool, dv, "detailed")
    # One die: a 1 is re-rolled once, so success is 5/10 + 1/10 * 5/10.
    assert fates_edge_odds(1, 1, "detailed").p_success == pytest.approx(0.55, abs=1e-15)


def test_intricate_rerolls_all_dice_showing_1() -> None:
    """3.2: "Intricate Action A richly described, multi-sensory action allows the player
    to re-roll *all* dice showing 1"."""
    for pool in (1, 2, 3):
        for dv in (1, 3):
            assert_matches_enumeration(pool, dv, "intricate")


def test_a_1_on_the_reroll_stays_a_complication() -> None:
    """Issue: "a re-rolled die replaces the 1, and a 1 on the re-roll stays a
    Complication Point"."""
    assert fates_edge_odds(5, 1, "intricate").expected_cp == pytest.approx(0.05, abs=1e-15)


def test_clean_success_has_no_complication() -> None:
    """3.5.2: "S >= DV and C = 0 Clean Success"."""
    # 2 dice, DV 1, basic: at least one 6+ and no 1 = (9/10)^2 - (4/10)^2.
    assert fates_edge_odds(2, 1).p_clean == pytest.approx(0.81 - 0.16, abs=1e-15)


def test_partial_and_miss_complete_the_outcome_matrix() -> None:
    """3.5.2: "0 < S < DV Partial" and "S = 0 Miss"."""
    odds = fates_edge_odds(4, 3, "detailed")
    assert odds.p_success + odds.p_partial + odds.p_miss == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("ladder", ["basic", "detailed", "intricate"])
@pytest.mark.parametrize(("pool", "dv"), [(6, 2), (10, 4), (8, 1)])
def test_agrees_with_icepool(pool: int, dv: int, ladder: str) -> None:
    """The same queries through icepool, an independent dice library."""
    ours = fates_edge_odds(pool, dv, ladder).as_dict()
    for key, value in odds_icepool.fates_edge(pool, dv, ladder).items():
        assert ours[key] == pytest.approx(value, abs=1e-12), key


@settings(max_examples=50, deadline=None)
@given(pool=st.integers(1, 15), dv=st.integers(0, 8))
def test_the_ladder_only_ever_helps(pool: int, dv: int) -> None:
    """More description, more control: success and clean success never drop, CP never
    rise, going basic -> detailed -> intricate."""
    ladder = [fates_edge_odds(pool, dv, x) for x in ("basic", "detailed", "intricate")]
    for less, more in itertools.pairwise(ladder):
        assert less.p_success <= more.p_success + 1e-12
        assert less.p_clean <= more.p_clean + 1e-12
        assert less.expected_cp >= more.expected_cp - 1e-12


def test_bad_queries_are_refused() -> None:
    """A pool needs dice and the ladder is one of three."""
    for args in ((0, 1, "basic"), (3, -1, "basic"), (3, 1, "lavish")):
        with pytest.raises(InvalidArgs):
            fates_edge_odds(*args)
