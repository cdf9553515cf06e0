"""Run every benchmark and print its table (and keep each in bench/results/<name>.txt).

    python -m bench.run_all [--only NAME ...] [--skip NAME ...] [--quick]

Names: sync_latency, durable_throughput, footprint, scale, soak, odds, first_load,
browser_tap, convention, render_cost, session_path, command_path, fault_drills. ``--quick``
shortens each (fewer commands, shorter soak, thinned grids) for a smoke run; the
figures in docs/benchmarks.md come from the full run. Each benchmark reports its own
baseline, measured in the same run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from . import durable_throughput, fault_drills, footprint, scale, soak, sync_latency
from .common import ROOT, machine

RESULTS = Path(__file__).resolve().parent / "results"


def script(*args: str) -> Callable[[bool], str]:
    """A benchmark that belongs to someone else, run as its own command."""

    def run(quick: bool) -> str:
        extra = {
            "bench/odds_bench.py": ["--quick"],
            "bench.first_load": ["--runs", "1"],
            "bench.browser_tap": ["--phones", "1", "4", "--taps", "5"],
            "bench.convention": ["--tables", "2", "--phones", "2", "--taps", "5", "--serial", "1"],
            "bench.render_cost": ["--phones", "1", "4", "--taps", "5"],
            "bench.session_path": ["--phones", "2", "--log", "0", "--taps", "4"],
            "bench.command_path": ["--reps", "1", "--rounds", "10"],
        }
        cmd = [sys.executable, *args, *(extra.get(args[-1], []) if quick else [])]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        return proc.stdout.strip() + (
            f"\n(exit {proc.returncode}: {proc.stderr[-500:]})" if proc.returncode else ""
        )

    return run


BENCHES: dict[str, Callable[[bool], str]] = {
    "sync_latency": lambda q: sync_latency.run([9, 100], 60 if q else 200, not q)[0],
    "durable_throughput": lambda q: durable_throughput.run(2 if q else 5, 1.0 if q else 3.0)[0],
    "footprint": lambda q: footprint.run(5 if q else 20, 20 if q else 50, 1 if q else 3)[0],
    "scale": lambda q: scale.run([1, 2] if q else [1, 2, 4, 8, 12, 16, 24, 32], 10 if q else 30)[0],
    "soak": lambda q: soak.run(60 if q else 600, 7)[0],
    "odds": script("bench/odds_bench.py"),
    "first_load": script("-m", "bench.first_load"),
    "browser_tap": script("-m", "bench.browser_tap"),
    "convention": script("-m", "bench.convention"),
    "render_cost": script("-m", "bench.render_cost"),
    "session_path": script("-m", "bench.session_path"),
    "command_path": script("-m", "bench.command_path"),
    "fault_drills": lambda q: fault_drills.run(
        5 if q else 50, 2026, 10 if q else 60, 20 if q else 200
    )[0],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHES), default=None)
    parser.add_argument("--skip", nargs="+", choices=sorted(BENCHES), default=[])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    names = [n for n in (args.only or BENCHES) if n not in args.skip]
    RESULTS.mkdir(exist_ok=True)
    print(f"Fate Pot benchmarks on {machine()}\n", flush=True)
    for name in names:
        start = time.monotonic()
        try:
            table = BENCHES[name](args.quick)
        except Exception as exc:  # one broken benchmark must not hide the others
            table = f"{name}: FAILED: {exc!r}"
        took = time.monotonic() - start
        text = f"## {name} ({took:.0f} s)\n{table}\n"
        print(text, flush=True)
        (RESULTS / f"{name}.txt").write_text(text)


if __name__ == "__main__":
    main()
