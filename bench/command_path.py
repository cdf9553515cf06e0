"""The domain's hot path per command: decode the JSON body, decide the command (its
arguments parsed and checked on the way), adopt the events, and build the acting
player's view — for this checkout and for a base commit, in the same run.

    python -m bench.command_path [--base REF] [--reps N]

The base (default: the last commit before command arguments became typed models) is
exported with ``git archive`` into a temporary folder and the same workload runs there
in a child process, so "before" and "after" share the machine, the moment and the
Python. Each line is the median over ``--reps`` fresh tables of the mean time per
command, in microseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The last commit whose commands read raw JSON arguments by hand.
BASE = "b1b02ff"

# (who, type, args): "gm" or a seat id. Each system's workload is the same in both
# checkouts: a note, a rename, the system's roll (its chips handed out once, before).
COMMON: list[tuple[str, str, dict[str, Any]]] = [
    ("p1", "note", {"text": "We ride for the ford before the rain."}),
    ("gm", "seat.rename", {"player": "p1", "name": "Ann"}),
]
WORKLOADS: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "deadlands": [
        ("p1", "roll.trait", {"dice": 3, "sides": 8, "tn": 5}),
        ("p1", "roll.finish", {}),
    ],
    "spacelands": [
        ("p1", "roll.trait", {"dice": 2, "sides": 10, "tn": 7, "modifier": 1}),
        ("p1", "roll.finish", {}),
    ],
    "bottlecaps": [
        ("p1", "roll.trait", {"trait": "Agility", "modifier": 1}),
    ],
    "fates-edge": [
        ("p1", "roll.pool", {"attribute": "wits", "skill": "stealth"}),
    ],
    "wheel-of-fate": [
        ("p1", "roll", {"attribute": "mental", "faces": [2, 3, 6]}),
    ],
}

#: Steps run once before the timed ones (a Wheel of Fate hero rolls only once made).
SETUP: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "deadlands": [("gm", "chips.award", {"player": "p1", "colour": "white"})],
    "spacelands": [("gm", "chips.award", {"player": "p1", "colour": "white"})],
    "wheel-of-fate": [
        ("gm", "char.attributes", {"player": "p1", "physical": 3, "mental": 3, "social": 2}),
    ],
}

WORKER = r"""
import json, sys, time
from app.domain.actors import GM, player
from app.domain.commands import Command
from app.domain.table import Table

spec = json.loads(sys.argv[1])
out = {}
for system, steps in spec["workloads"].items():
    bodies = [(who, json.dumps({"id": "x", "type": t, "args": a}).encode()) for who, t, a in steps]
    means = []
    for rep in range(spec["reps"]):
        table, first = Table.create("t", "Bench", system, {}, 7 + rep, 0.0)
        table.accept(first)
        gm = GM
        for name in ("Ann", "Bob"):
            table.accept(table.decide(Command(f"s-{name}", "seat.add", {"name": name}, gm, 0.0)))
        if "session.start" in table.command_specs():
            table.accept(table.decide(Command("s", "session.start", {}, gm, 0.0)))
        actors = {"gm": gm, "p1": player("p1"), "p2": player("p2")}
        for k, (who, t, a) in enumerate(spec["setup"].get(system, [])):
            table.accept(table.decide(Command(f"setup-{k}", t, a, actors[who], 0.0)))
        n = 0
        start = time.perf_counter()
        for round_ in range(spec["rounds"]):
            for i, (who, raw) in enumerate(bodies):
                body = json.loads(raw)
                actor = actors[who]
                command = Command(f"c{round_}-{i}", body["type"], body["args"], actor, 0.0)
                try:
                    table.accept(table.decide(command))
                except Exception as error:  # the workload must be valid in both
                    raise SystemExit(f"{system} {body['type']}: {error}") from error
                table.view(actor)
                n += 1
        means.append((time.perf_counter() - start) / n * 1e6)
    out[system] = means
print(json.dumps(out))
"""


def measure(code_root: Path, reps: int, rounds: int) -> dict[str, list[float]]:
    """Run the workload against the ``app`` package under ``code_root``."""
    workloads = {s: [*COMMON, *w] for s, w in WORKLOADS.items()}
    spec = json.dumps({"workloads": workloads, "setup": SETUP, "reps": reps, "rounds": rounds})
    done = subprocess.run(
        [sys.executable, "-c", WORKER, spec],
        cwd=code_root,
        env={"PYTHONPATH": str(code_root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"workload failed under {code_root}:\n{done.stderr[-3000:]}")
    result: dict[str, list[float]] = json.loads(done.stdout)
    return result


def export(ref: str, into: Path) -> Path:
    """``git archive`` of ``ref``'s app/ into ``into``."""
    tar = subprocess.run(
        ["git", "archive", ref, "app"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def run(base: str, reps: int, rounds: int) -> str:
    """Before and after, interleaved (base, here, base, here) to share the moment."""
    with tempfile.TemporaryDirectory() as tmp:
        old_root = export(base, Path(tmp))
        before: dict[str, list[float]] = {}
        after: dict[str, list[float]] = {}
        started = time.time()
        for _ in range(2):
            for into, root in ((before, old_root), (after, ROOT)):
                for system, means in measure(root, reps, rounds).items():
                    into.setdefault(system, []).extend(means)
    lines = [
        f"command decode + decide + view, µs per command (median of {2 * reps} tables x "
        f"{rounds} rounds), base {base} vs this checkout, {time.time() - started:.0f} s",
        f"{'system':<16}{'base':>10}{'now':>10}{'ratio':>8}",
    ]
    for system in WORKLOADS:
        b, a = statistics.median(before[system]), statistics.median(after[system])
        lines.append(f"{system:<16}{b:>10.1f}{a:>10.1f}{a / b:>8.2f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=60)
    args = parser.parse_args()
    print(run(args.base, args.reps, args.rounds))


if __name__ == "__main__":
    main()
