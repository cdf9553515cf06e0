"""Fault drills at full length, with a seed and a fixed count.

    python -m bench.fault_drills [--rounds 50] [--seed 2026] [--cut 60] [--fuzz 200]

1. kill -9: a host process killed with SIGKILL at a random moment of a burst of
   commands from several clients, restarted, ``--rounds`` times; after each restart
   every acknowledged command is in the log once, the state equals a replay of the
   log, tokens are conserved, and the unanswered commands retried with their ids act
   at most once. On the test ledger (tests/support/drill.py) and on Deadlands.
2. offline: a player cut off for ``--cut`` seconds (connections refused, then a link
   that swallows packets) queues taps; back online they drain once, in order, refusals
   with their reasons, the feed catches up (tests/faults/offline.py).
3. fuzz: tests/faults/test_fuzz.py with ``--fuzz`` examples per operation.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

import tests.support.ledger_rules  # noqa: F401  (check_log replays test-ledger logs)
from tests.faults.offline import offline_drill
from tests.support import drill as support_drill
from tests.support.drill import ADMIN, Burst, HostProcess, kill_rounds, run_drill

from .common import ADMIN as BENCH_ADMIN
from .common import ROOT, machine, running_host
from .soak import gm_action, player_action


class PatientHost(HostProcess):
    """The drill's host process, given two minutes to come up on a loaded machine."""

    def start(self) -> None:
        deadline = time.monotonic() + 120
        while True:
            try:
                super().start()
                return
            except RuntimeError:
                self.stop()
                if time.monotonic() > deadline:
                    raise


def deadlands_burst(
    url: str,
    table_id: str,
    tokens: list[str],
    pids: list[str],
    round_no: int,
    rng: random.Random,
    stop: threading.Event,
    out: Burst,
) -> list[threading.Thread]:
    """The GM and players sending random Deadlands commands until the host dies."""

    refused = [0]

    def client(idx: int, token: str) -> None:
        local = random.Random(rng.random())
        mine: list[str] = []
        with httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=5
        ) as http:
            n = 0
            while not stop.is_set():
                n += 1
                cid = f"r{round_no}-c{idx}-{n}"
                type_, args = gm_action(local, pids) if idx == 0 else player_action(local, mine)
                try:
                    r = http.post(
                        f"/api/tables/{table_id}/commands",
                        json={"id": cid, "type": type_, "args": args},
                    )
                except httpx.TransportError:
                    out.unanswered.append((cid, type_, args, token))
                    return
                assert r.status_code < 500, r.text
                if r.status_code == 200:
                    out.acked[cid] = int(r.json()["version"])
                    mine.append(cid)
                else:
                    refused[0] += 1

    threads = [threading.Thread(target=client, args=(i, t)) for i, t in enumerate(tokens)]
    for t in threads:
        t.start()
    return threads


def deadlands_drill(data: Path, rounds: int, seed: int) -> dict[str, int]:
    """run_drill's loop on a real chip system."""
    rng = random.Random(seed)
    host = PatientHost(data)
    host.start()
    try:
        auth = {"Authorization": f"Bearer {ADMIN}"}
        created = httpx.post(
            f"{host.url}/api/tables", headers=auth, json={"name": "Drill", "ruleset": "deadlands"}
        ).json()
        table_id, gm = created["table_id"], created["gm_token"]
        joined = [
            httpx.post(
                f"{host.url}/api/join", json={"join_code": created["join_code"], "name": f"P{i}"}
            ).json()
            for i in range(3)
        ]
        pids = [j["player_id"] for j in joined]
        tokens = [gm] + [j["player_token"] for j in joined]
        r = httpx.post(
            f"{host.url}/api/tables/{table_id}/commands",
            headers={"Authorization": f"Bearer {gm}"},
            json={"id": "start", "type": "session.start", "args": {}},
        )
        assert r.status_code == 200, r.text
        return kill_rounds(
            host,
            table_id,
            gm,
            rounds,
            rng,
            lambda n, stop, out: deadlands_burst(
                host.url, table_id, tokens, pids, n, rng, stop, out
            ),
            pause=(0.3, 1.5),
            retry_ok=lambda status: status < 500,  # a rule may refuse a retried command now
        )
    finally:
        host.stop()


def kill_drills(rounds: int, seed: int) -> list[str]:
    support_drill.HostProcess = PatientHost  # type: ignore[misc]  # run_drill's too
    lines = []
    for name, drill in (("test-ledger", run_drill), ("deadlands", deadlands_drill)):
        with tempfile.TemporaryDirectory(prefix="fatepot-drill-") as tmp:
            start = time.monotonic()
            result = drill(Path(tmp) / "data", rounds, seed)
            lines.append(
                f"| kill -9 x{result['rounds']} ({name}) | {result['acknowledged']} acked, "
                f"{result['retried']} retried with their ids | all present once, state == "
                f"replay, conserved | {time.monotonic() - start:.0f} s |"
            )
            print(lines[-1], flush=True)
    return lines


def offline_drills(cut: float) -> list[str]:
    lines = []
    for mode in ("refuse", "blackhole"):
        with running_host() as host:
            result = asyncio.run(offline_drill(host.url, host.port, cut, mode, admin=BENCH_ADMIN))
        reasons = "; ".join(f"{r.status} {r.message}" for r in result.rejections)
        lines.append(
            f"| offline {cut:.0f} s ({mode}) | {result.queued} taps queued (slowest "
            f"{result.seconds_to_queue:.1f} s), drained {result.drained_seconds:.1f} s after "
            f"the link came back | once each, in order; refused: {reasons} | |"
        )
    return lines


def fuzz(examples: int) -> list[str]:
    start = time.monotonic()
    env = {**os.environ, "FATEPOT_FUZZ_EXAMPLES": str(examples)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/faults/test_fuzz.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-200:]
    return [
        f"| fuzz, {examples} examples per operation | {tail} | zero 5xx, canonical errors "
        f"{'held' if proc.returncode == 0 else 'BROKEN'} | {time.monotonic() - start:.0f} s |"
    ]


def run(rounds: int, seed: int, cut: float, examples: int) -> tuple[str, dict[str, Any]]:
    lines = [
        f"Fault drills, seed {seed} ({machine()})",
        "| drill | what happened | checks | time |",
        "|---|---|---|---|",
    ]
    lines += kill_drills(rounds, seed)
    lines += offline_drills(cut)
    lines += fuzz(examples)
    return "\n".join(lines), {}


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cut", type=float, default=60.0, help="seconds offline")
    parser.add_argument("--fuzz", type=int, default=200, help="fuzz examples per operation")
    args = parser.parse_args()
    print(run(args.rounds, args.seed, args.cut, args.fuzz)[0], flush=True)


if __name__ == "__main__":
    cli()
