"""Kill -9 drill: a subprocess host killed in the middle of a burst of commands.

Used by the test suite (a few rounds) and by bench/fault_drills.py (50+ rounds).
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from app.domain.events import Event
from app.domain.table import Table

ADMIN = "drill-admin"
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class HostProcess:
    """A host in a child process on 127.0.0.1."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.support.host_process",
                "--data",
                str(self.data),
                "--port",
                str(self.port),
                "--admin-token",
                ADMIN,
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 120  # a loaded CI machine starts slowly
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=0.5).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("host process did not come up")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@dataclass
class Burst:
    """What the clients saw: acknowledged ids, and ids sent without an answer."""

    acked: dict[str, int] = field(default_factory=dict)
    unanswered: list[tuple[str, str, dict[str, Any], str]] = field(default_factory=list)


def burst(
    url: str,
    table_id: str,
    tokens: list[str],
    round_no: int,
    rng: random.Random,
    stop: threading.Event,
    out: Burst,
) -> list[threading.Thread]:
    """Clients that keep sending commands until ``stop`` or the host dies."""

    def client(idx: int, token: str) -> None:
        n = 0
        with httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=5
        ) as http:
            while not stop.is_set():
                n += 1
                cid = f"r{round_no}-c{idx}-{n}"
                choices: list[tuple[str, dict[str, Any]]] = [
                    ("ledger.draw", {"n": 1}),
                    ("note", {"text": cid}),
                    ("ledger.return", {"kind": "white"}),
                ]
                type_, args = rng.choice(choices)
                try:
                    r = http.post(
                        f"/api/tables/{table_id}/commands",
                        json={"id": cid, "type": type_, "args": args},
                    )
                except httpx.TransportError:
                    out.unanswered.append((cid, type_, args, token))
                    return
                if r.status_code == 200:
                    out.acked[cid] = int(r.json()["version"])

    threads = [threading.Thread(target=client, args=(i, t)) for i, t in enumerate(tokens)]
    for t in threads:
        t.start()
    return threads


def check_log(url: str, table_id: str, gm_token: str, acked: dict[str, int]) -> dict[str, Any]:
    """Every acknowledged command present once, state == replay, tokens conserved."""
    export: dict[str, Any] = httpx.get(
        f"{url}/api/tables/{table_id}/export",
        headers={"Authorization": f"Bearer {gm_token}"},
        timeout=10,
    ).json()
    events = [Event.from_record(r) for r in export["events"]]
    present = {e.command_id for e in events}
    missing = set(acked) - present
    assert not missing, f"acknowledged but lost: {sorted(missing)[:5]}"
    # One command = one contiguous run of versions: a repeat would start a second run.
    runs = Counter(
        cid
        for i, cid in enumerate(e.command_id for e in events)
        if i == 0 or events[i - 1].command_id != cid
    )
    assert all(n == 1 for n in runs.values()), "a command was applied twice"
    assert Table.replay(table_id, events).state == export["state"]
    totals: Counter[str] = Counter()
    for held in export["state"].get("tokens", {}).values():
        totals.update(held)
    assert all(v == 0 for v in totals.values()), f"tokens not conserved: {totals}"
    return export


StartBurst = Callable[[int, threading.Event, Burst], list[threading.Thread]]


def kill_rounds(
    host: HostProcess,
    table_id: str,
    gm_token: str,
    rounds: int,
    rng: random.Random,
    start_burst: StartBurst,
    *,
    pause: tuple[float, float],
    retry_ok: Callable[[int], bool],
) -> dict[str, int]:
    """Each round: a burst of commands, SIGKILL after a random pause, restart, check the
    log, retry every unanswered command with its own id (``retry_ok`` judges the answer
    status), check again. Returns counts."""
    acked: dict[str, int] = {}
    retried = 0
    for round_no in range(rounds):
        out, stop = Burst(), threading.Event()
        threads = start_burst(round_no, stop, out)
        time.sleep(rng.uniform(*pause))
        host.kill()
        stop.set()
        for t in threads:
            t.join(10)
        acked.update(out.acked)
        host.start()
        check_log(host.url, table_id, gm_token, acked)
        for cid, type_, args, token in out.unanswered:  # retry with the same id
            r = httpx.post(
                f"{host.url}/api/tables/{table_id}/commands",
                json={"id": cid, "type": type_, "args": args},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert retry_ok(r.status_code), r.text
            if r.status_code == 200:
                acked[cid] = int(r.json()["version"])
            retried += 1
        check_log(host.url, table_id, gm_token, acked)
    return {"rounds": rounds, "acknowledged": len(acked), "retried": retried}


def run_drill(
    data: Path, rounds: int, seed: int, burst_seconds: tuple[float, float] = (0.2, 0.6)
) -> dict[str, int]:
    """Kill and restart the host ``rounds`` times during bursts; returns counts."""
    rng = random.Random(seed)
    host = HostProcess(data)
    host.start()
    try:
        created = httpx.post(
            f"{host.url}/api/tables",
            json={"name": "Drill", "ruleset": "test-ledger"},
            headers={"Authorization": f"Bearer {ADMIN}"},
        ).json()
        table_id, gm = created["table_id"], created["gm_token"]
        tokens = [
            httpx.post(
                f"{host.url}/api/join", json={"join_code": created["join_code"], "name": f"P{i}"}
            ).json()["player_token"]
            for i in range(3)
        ]
        return kill_rounds(
            host,
            table_id,
            gm,
            rounds,
            rng,
            lambda n, stop, out: burst(host.url, table_id, tokens, n, rng, stop, out),
            pause=burst_seconds,
            retry_ok=lambda status: status in (200, 409),
        )
    finally:
        host.stop()
