"""Time the exact odds engine against icepool on a reference grid of queries.

Run from the repository root: ``python bench/odds_bench.py`` (icepool must be
installed: it is a dev dependency). Both engines answer the same queries in the same
run, in the same order, each with whatever it caches on its own; we also report the
largest disagreement between them (icepool cuts ace chains where less than 1e-13 of
the chance is left). ``--quick`` runs a thinned grid.
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.domain.odds import (  # noqa: E402
    deadlands_odds,
    fates_edge_odds,
    savage_odds,
    wheel_odds,
)
from tests.odds import odds_icepool as ice  # noqa: E402

Query = tuple[Callable[[], dict[str, Any]], Callable[[], dict[str, float]]]
SIDES = (4, 6, 8, 10, 12)
CHIPS = ((0, False), (1, False), (0, True), (1, True))  # (whites, red/blue/legend)


def _ours(odds: Callable[..., Any], args: tuple[Any, ...]) -> dict[str, Any]:
    answer: dict[str, Any] = odds(*args).as_dict()
    return answer


def deadlands_grid(quick: bool) -> Iterator[Query]:
    tns = range(3, 16, 4 if quick else 2)
    for dice in range(1, 7):
        for sides in SIDES:
            for whites, bonus in CHIPS:
                for tn in tns:
                    args = (dice, sides, tn, whites, bonus)
                    yield partial(_ours, deadlands_odds, args), partial(ice.deadlands, *args)


def savage_grid(quick: bool) -> Iterator[Query]:
    for trait in SIDES:
        for effort in (False, True):
            for tn in range(4, 13, 2 if quick else 1):
                args = (trait, tn, 6, 0, effort)
                yield partial(_ours, savage_odds, args), partial(ice.savage, *args)


def fates_edge_grid(quick: bool) -> Iterator[Query]:
    for pool in range(1, 11, 3 if quick else 1):
        for dv in range(1, 5):
            for ladder in ("basic", "detailed", "intricate"):
                args = (pool, dv, ladder)
                yield partial(_ours, fates_edge_odds, args), partial(ice.fates_edge, *args)


def wheel_grid(quick: bool) -> Iterator[Query]:
    for dice in range(1, 7):
        for bonus, penalty in [(0, 0), *((b, 0) for b in (1, 2, 3)), *((0, p) for p in (1, 2, 3))]:
            for difficulty in range(5, 26, 10 if quick else 5):
                args = (dice, difficulty, bonus, penalty)
                yield partial(_ours, wheel_odds, args), partial(ice.wheel, *args)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Wall time of one call, with the collector quiet (neither side pays for the
    other's garbage)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        answer = fn()
        return time.perf_counter() - start, answer
    finally:
        gc.enable()


def run(name: str, queries: list[Query]) -> dict[str, Any]:
    ours, theirs, worst_diff = [], [], 0.0
    for our_fn, ice_fn in queries:
        t_ours, a = timed(our_fn)
        t_ice, b = timed(ice_fn)
        ours.append(t_ours)
        theirs.append(t_ice)
        worst_diff = max(worst_diff, *(abs(a[k] - b[k]) for k in b))
    return {
        "system": name,
        "queries": len(queries),
        "ours_median_ms": statistics.median(ours) * 1e3,
        "ours_worst_ms": max(ours) * 1e3,
        "ice_median_ms": statistics.median(theirs) * 1e3,
        "ice_worst_ms": max(theirs) * 1e3,
        "max_abs_diff": worst_diff,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a thinned grid")
    args = parser.parse_args()
    grids = {
        "deadlands": deadlands_grid,
        "savage": savage_grid,
        "fates-edge": fates_edge_grid,
        "wheel": wheel_grid,
    }
    import icepool

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"icepool {icepool.__version__}, grid {'quick' if args.quick else 'full'}"
    )
    header = (
        f"| {'system':10} | {'queries':>7} | {'ours median':>11} | {'ours worst':>10} "
        f"| {'icepool median':>14} | {'icepool worst':>13} | {'median ratio':>12} "
        f"| {'max diff':>10} |"
    )
    print(header)
    print("|" + "|".join("-" * (len(c)) for c in header.split("|")[1:-1]) + "|")
    for name, grid in grids.items():
        r = run(name, list(grid(args.quick)))
        ratio = r["ice_median_ms"] / r["ours_median_ms"]
        print(
            f"| {name:10} | {r['queries']:>7} | {r['ours_median_ms']:>8.3f} ms "
            f"| {r['ours_worst_ms']:>7.3f} ms | {r['ice_median_ms']:>11.3f} ms "
            f"| {r['ice_worst_ms']:>10.1f} ms | {ratio:>11.0f}x | {r['max_abs_diff']:>10.1e} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
