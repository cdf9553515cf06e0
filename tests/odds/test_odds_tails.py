"""The closed forms underneath: acing-die tails and infinite progression sums."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.odds.tails import Survival, Term, ace_tail, die_survival, plus_flat_die
from tests.odds import odds_reference


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 12, 20])
def test_ace_tail_matches_enumeration(sides: int) -> None:
    """P(V >= t) of an acing die equals the enumerated chance, far past several aces."""
    faces = odds_reference.acing_faces(sides)
    for t in range(-2, 5 * sides):
        expected = sum(p for v, p in faces.items() if v >= t)
        assert ace_tail(sides, t) == pytest.approx(float(expected), rel=1e-12, abs=1e-15)


@settings(max_examples=50, deadline=None)
@given(
    sides=st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20]),
    start=st.integers(-10, 40),
    step=st.integers(1, 7),
)
def test_progression_sum_is_the_infinite_sum(sides: int, start: int, step: int) -> None:
    """sum_{j>=0} P(V >= start + j*step), in closed form, equals the long direct sum."""
    surv = die_survival(sides)
    direct = sum(surv(start + j * step) for j in range(600))
    assert surv.progression_sum(start, step) == pytest.approx(direct, rel=1e-12)


def test_products_of_tails_sum_in_closed_form() -> None:
    """Two different dice together (the Savage trait and Wild Die) repeat every lcm."""
    surv = Survival(1, 1.0, (), (Term(1.0, (4, 6), 0), Term(0.5, (8,), 2)))
    direct = sum(surv(3 + 5 * j) for j in range(600))
    assert surv.progression_sum(3, 5) == pytest.approx(direct, rel=1e-12)


def test_a_plain_die_added_shifts_the_distribution() -> None:
    """Adding a plain d6 averages six shifted copies of the survival function."""
    base = die_survival(8)
    added = plus_flat_die(base, 6)
    for t in range(-3, 60):
        expected = sum(base(t - e) for e in range(1, 7)) / 6
        assert added(t) == pytest.approx(expected, abs=1e-15)
    direct = sum(added(4 + 4 * j) for j in range(600))
    assert added.progression_sum(4, 4) == pytest.approx(direct, rel=1e-12)
