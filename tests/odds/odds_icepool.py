"""The same odds computed with icepool (an independent dice-probability library).

icepool cannot explode forever, so ace chains stop at a depth where what is cut off
has a chance below 1e-13 (far inside the 1e-9 we compare at). Used by the tests and
by bench/odds_bench.py.
"""

from __future__ import annotations

import math
from typing import Any

import icepool
from icepool import Die, MultisetEvaluator

CUT = 1e-13


def ace_depth(sides: int) -> int:
    """Extra rolls kept so that the chance of more aces than that is below CUT."""
    return math.ceil(-math.log(CUT) / math.log(sides))


def acing(sides: int) -> Die[int]:
    """An acing d``sides`` (a natural 1 is exactly the outcome 1)."""
    return icepool.d(sides).explode(depth=ace_depth(sides))


class _HighestAndOnes(MultisetEvaluator[int, tuple[int, int]]):
    """(highest die, number of dice showing 1) of a pool."""

    def next_state(self, state: Any, order: Any, outcome: int, count: int) -> Any:
        best, ones = state or (0, 0)
        if count:
            best = max(best, outcome)
        if outcome == 1:
            ones += count
        return best, ones

    @property
    def next_state_key(self) -> Any:
        return (_HighestAndOnes,)


class _SuccessesAndOnes(MultisetEvaluator[int, tuple[int, int]]):
    """(dice showing 6+, dice showing 1) of a d10 pool."""

    def next_state(self, state: Any, order: Any, outcome: int, count: int) -> Any:
        successes, ones = state or (0, 0)
        if outcome >= 6:
            successes += count
        if outcome == 1:
            ones += count
        return successes, ones

    @property
    def next_state_key(self) -> Any:
        return (_SuccessesAndOnes,)


def _ratio(num: Any, den: Any) -> float:
    return float(num) / float(den) if den else 0.0


def deadlands(
    dice: int, sides: int, tn: int, whites: int = 0, bonus: bool = False
) -> dict[str, float]:
    """p_success, p_bust, expected_raises for a trait roll, via icepool."""
    n = dice + whites
    bust_at = max(1, (n + 1) // 2)
    joint = _HighestAndOnes().evaluate(acing(sides).pool(n))
    extra = acing(sides) if bonus else Die([0])

    def outcome(pair: tuple[int, int], add: int) -> int:
        best, ones = pair
        if ones >= bust_at:
            return -1  # bust
        total = best + add
        return (total - tn) // 5 if total >= tn else -2

    result = icepool.map(outcome, joint, extra)
    p_success = result.probability(">=", 0)
    raises = sum(
        r * q for r, q in zip(result.outcomes(), result.probabilities(), strict=True) if r >= 0
    )
    return {
        "p_success": float(p_success),
        "p_bust": float(result.probability("==", -1)),
        "expected_raises": _ratio(raises, p_success),
    }


def savage(
    trait: int, tn: int = 4, wild: int = 6, mod: int = 0, extra_effort: bool = False
) -> dict[str, float]:
    """p_success, expected_raises, p_snake_eyes (plain-d6 Extra Effort), via icepool."""
    effort = icepool.d6 if extra_effort else Die([0])

    def outcome(t: int, w: int, e: int) -> int:
        if t == 1 and w == 1:
            return -1  # snake eyes
        total = max(t, w) + mod + e
        return (total - tn) // 4 if total >= tn else -2

    result = icepool.map(outcome, acing(trait), acing(wild), effort)
    p_success = result.probability(">=", 0)
    raises = sum(
        r * q for r, q in zip(result.outcomes(), result.probabilities(), strict=True) if r >= 0
    )
    return {
        "p_success": float(p_success),
        "expected_raises": _ratio(raises, p_success),
        "p_snake_eyes": float(result.probability("==", -1)),
    }


def _face(x: int) -> tuple[int, int]:
    """(successes, CP) of one final d10 face."""
    return (1 if x >= 6 else 0, 1 if x == 1 else 0)


def fates_edge(pool: int, dv: int, ladder: str = "basic") -> dict[str, float]:
    """p_success, p_clean, expected_cp for a d10 pool, via icepool."""
    d10 = icepool.d10
    if ladder == "detailed":
        # (successes, ones) of the first roll, then one 1 (if any) re-rolled.
        first = _SuccessesAndOnes().evaluate(d10.pool(pool))

        def reroll(sc: tuple[int, int], r: int) -> tuple[int, int]:
            s, c = sc
            if c == 0:
                return s, c
            ds, dc = _face(r)
            return s + ds, c - 1 + dc

        joint = icepool.map(reroll, first, d10)
    else:
        die = d10.map(lambda x: d10 if x == 1 else x) if ladder == "intricate" else d10
        per_die = die.map(lambda x: icepool.Vector(_face(x)))
        joint = per_die.pool(pool).sum()
    pairs = list(zip(joint.outcomes(), joint.probabilities(), strict=True))
    return {
        "p_success": float(sum(q for (s, _), q in pairs if s >= dv)),
        "p_clean": float(sum(q for (s, c), q in pairs if s >= dv and c == 0)),
        "expected_cp": float(sum(c * q for (_, c), q in pairs)),
    }


def wheel(dice: int, difficulty: int, bonus: int = 0, penalty: int = 0) -> dict[str, float]:
    """p_success, expected_whammies for kept d6s, via icepool."""
    net = bonus - penalty
    if dice == 0 or -net > dice:
        return {"p_success": 0.0, "expected_whammies": 0.0}
    pool = icepool.d6.pool(dice + abs(net))
    total = (pool.highest(dice) if net >= 0 else pool.lowest(dice)).sum()
    whammies = total.map(lambda t: (t - difficulty) // 5 if t >= difficulty else 0)
    return {
        "p_success": float(total.probability(">=", difficulty)),
        "expected_whammies": float(whammies.mean()),
    }
