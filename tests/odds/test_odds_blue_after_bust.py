"""Spacelands' blue chip is "allowed even after going bust": odds that count it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.domain.odds import chip_outlook, deadlands_odds
from tests.odds.odds_reference import acing_faces


def reference(dice: int, sides: int, tn: int) -> Fraction:
    """P(highest + acing bonus die >= tn), busts included, die by die."""
    faces = acing_faces(sides)
    best: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for b, p in best.items():
            for v, q in faces.items():
                nxt[max(b, v)] = nxt.get(max(b, v), Fraction(0)) + p * q
        best = nxt
    return sum(
        (p * q for b, p in best.items() for add, q in faces.items() if b + add >= tn), Fraction(0)
    )


@pytest.mark.parametrize(("dice", "sides", "tn"), [(1, 4, 5), (2, 6, 7), (3, 8, 11), (2, 10, 3)])
def test_blue_chip_before_the_roll_counts_busted_rolls(dice: int, sides: int, tn: int) -> None:
    """Spacelands: "Blue chips ... can be used even if you go bust"."""
    odds = deadlands_odds(dice, sides, tn, bonus=True, bonus_cancels_bust=True)
    assert odds.p_success == pytest.approx(float(reference(dice, sides, tn)), abs=1e-9)
    assert odds.p_success > deadlands_odds(dice, sides, tn, bonus=True).p_success
    assert odds.p_bust == 0.0


def test_blue_chip_after_a_bust() -> None:
    """After a bust only the blue bonus die can help; white chips stay forbidden."""
    out = chip_outlook([[1], [1], [5]], 6, 9, bonus_cancels_bust=True)
    assert out.bust and out.p_now == 0.0 and out.p_white is None
    assert out.p_bonus == pytest.approx(3 / 6)  # 5 + (4, 5 or an ace) >= 9
    assert chip_outlook([[1], [1], [5]], 6, 9).p_bonus is None  # Deadlands: no chip helps
    spent = chip_outlook([[1], [1], [5]], 6, 9, bonus_roll=[4], bonus_cancels_bust=True)
    assert spent.p_now == 1.0 and not spent.bust
