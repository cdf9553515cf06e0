"""Fate's Edge pools: d10s, 6+ a success, each 1 a Complication Point (CP).

The rules (fates-edge-srd.txt, 3.1-3.5): "roll that many d10s. Each die of 6 or higher
counts as a success. Each 1 rolled generates a Complication Point." The Description
Ladder, chosen before the roll: Basic "roll the pool as-is"; Detailed "re-roll one
die showing 1"; Intricate "re-roll all dice showing 1". A re-rolled die replaces its
1 (it is re-rolled once: a 1 on the re-roll stays a Complication Point).
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..errors import InvalidArgs
from .results import FatesEdgeOdds

SIDES = 10
P_SUCCESS = 5 / SIDES  # 6..10
P_ONE = 1 / SIDES
P_BLANK = 4 / SIDES  # 2..5
LADDERS = ("basic", "detailed", "intricate")
MAX_POOL = 40

Outcomes = dict[tuple[int, int], float]  # (successes, CP) -> probability


def _trinomial(pool: int, p_s: float, p_c: float, p_b: float) -> Outcomes:
    """Independent dice: each a success, a CP or a blank with the given chances."""
    out: Outcomes = {}
    for s in range(pool + 1):
        for c in range(pool - s + 1):
            ways = math.comb(pool, s) * math.comb(pool - s, c)
            out[(s, c)] = ways * p_s**s * p_c**c * p_b ** (pool - s - c)
    return out


def _detailed(pool: int) -> Outcomes:
    """Re-roll one 1 (if any): condition on k, the number of 1s in the first roll."""
    out: Outcomes = {}
    for k in range(pool + 1):
        p_k = math.comb(pool, k) * P_ONE**k * (1 - P_ONE) ** (pool - k)
        rest = pool - k  # not 1s: each a success with chance 5/9
        for s in range(rest + 1):
            p = p_k * math.comb(rest, s) * (5 / 9) ** s * (4 / 9) ** (rest - s)
            if k == 0:
                cases = [((s, 0), p)]
            else:  # the re-rolled die: a success, a blank, or a 1 again
                cases = [
                    ((s + 1, k - 1), p * P_SUCCESS),
                    ((s, k - 1), p * P_BLANK),
                    ((s, k), p * P_ONE),
                ]
            for key, q in cases:
                out[key] = out.get(key, 0.0) + q
    return out


@lru_cache(maxsize=256)
def pool_outcomes(pool: int, ladder: str) -> tuple[tuple[int, int, float], ...]:
    """The exact joint distribution of (successes, CP) as ``(s, c, p)`` triples."""
    if not 1 <= pool <= MAX_POOL:
        raise InvalidArgs(f"A pool has 1 to {MAX_POOL} dice (got {pool}).")
    if ladder == "basic":
        out = _trinomial(pool, P_SUCCESS, P_ONE, P_BLANK)
    elif ladder == "intricate":  # every die independently: a first 1 is re-rolled once
        out = _trinomial(
            pool, P_SUCCESS + P_ONE * P_SUCCESS, P_ONE * P_ONE, P_BLANK + P_ONE * P_BLANK
        )
    elif ladder == "detailed":
        out = _detailed(pool)
    else:
        raise InvalidArgs(f"The description ladder is one of {', '.join(LADDERS)}.")
    return tuple((s, c, p) for (s, c), p in sorted(out.items()))


def fates_edge_odds(pool: int, dv: int, ladder: str = "basic") -> FatesEdgeOdds:
    """The exact odds of ``pool`` d10s against a DV of ``dv`` successes."""
    if dv < 0:
        raise InvalidArgs("The DV can't be negative.")
    outcomes = pool_outcomes(pool, ladder)
    return FatesEdgeOdds(
        p_success=math.fsum(p for s, _, p in outcomes if s >= dv),
        p_clean=math.fsum(p for s, c, p in outcomes if s >= dv and c == 0),
        expected_cp=math.fsum(c * p for _, c, p in outcomes),
        p_partial=math.fsum(p for s, _, p in outcomes if 0 < s < dv),
        p_miss=math.fsum(p for s, _, p in outcomes if s == 0) if dv > 0 else 0.0,
    )
