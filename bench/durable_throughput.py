"""Durable throughput: commands acknowledged per second, each committed with fsync.

    python -m bench.durable_throughput [--seconds 5]

Baseline, same run, same disk: a raw ``sqlite3`` loop inserting one event-sized row
and committing, in WAL mode with ``synchronous=FULL`` (the host's settings); and the
same loop driven from asyncio with each commit awaited on a database thread (what
keeping the disk off the event loop costs one writer who waits for each answer). Then the
host's write path, in this process without HTTP (``Hub.execute``: decide, commit the
events and the answer in one transaction, adopt): one writer at a time, then eight
concurrent writers on one table (eight players tapping at once). Then the same
through HTTP: a host process and one, then eight, concurrent clients; and eight such
clients against a bare endpoint that stores nothing (bench/trivial.py): the most
acknowledgements per second these clients can collect on this machine at all.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.domain.actors import player
from app.domain.commands import Command
from app.host.hub import Hub

from .common import create_table, join_players, machine, running_host, trivial_server

RECORD = "x" * 400  # about one event record


class RawLoop:
    """The baseline: inserts+commits per second with the host's durability settings."""

    def __init__(self, folder: Path) -> None:
        self.conn = sqlite3.connect(
            str(folder / "raw.sqlite"), isolation_level=None, check_same_thread=False
        )
        self.thread = ThreadPoolExecutor(max_workers=1)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute(
            "CREATE TABLE events (version INTEGER PRIMARY KEY, command_id TEXT, record TEXT)"
        )
        self.n = 0

    def commit_one(self) -> None:
        self.n += 1
        self.conn.execute("BEGIN")
        self.conn.execute("INSERT INTO events VALUES (?, ?, ?)", (self.n, f"c{self.n}", RECORD))
        self.conn.execute("COMMIT")

    def rate(self, seconds: float) -> float:
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            self.commit_one()
            done += 1
        return done / (time.perf_counter() - start)

    async def rate_handed_off(self, seconds: float) -> float:
        """The same loop run from asyncio, each commit on a database thread and awaited:
        the least an event loop that never waits on the disk pays for one writer."""
        loop = asyncio.get_running_loop()
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            await loop.run_in_executor(self.thread, self.commit_one)
            done += 1
        return done / (time.perf_counter() - start)


class HubWriters:
    """``writers`` players of one table, each sending its next command once answered."""

    def __init__(self, folder: Path, writers: int) -> None:
        self.hub = Hub(folder)
        self.writers = writers
        self.n = 0

    async def open(self) -> None:
        self.live = await self.hub.create_table("Bench", "test-ledger", {})
        self.pids = [(await self.hub.join(self.live, f"P{i}"))[0] for i in range(self.writers)]

    async def rate(self, seconds: float) -> float:
        done = 0
        stop = time.perf_counter() + seconds

        async def writer(pid: str) -> None:
            nonlocal done
            while time.perf_counter() < stop:
                self.n += 1
                cmd = Command(f"c{self.n}", "note", {"text": "tap"}, player(pid), time.time())
                status, _ = await self.hub.execute(self.live, cmd)
                assert status == 200
                done += 1

        start = time.perf_counter()
        await asyncio.gather(*(writer(p) for p in self.pids))
        return done / (time.perf_counter() - start)


class HttpWriters:
    """Clients of a server, one per token, each sending its next command once answered."""

    def __init__(self, url: str, path: str, tokens: list[str]) -> None:
        self.url, self.path, self.tokens = url, path, tokens
        self.n = 0

    @classmethod
    def at_a_table(cls, url: str, writers: int) -> HttpWriters:
        """``writers`` players of a new table on the host at ``url``."""
        table = create_table(url, "test-ledger")
        seats = join_players(url, table["join_code"], writers)
        path = f"/api/tables/{table['table_id']}/commands"
        return cls(url, path, [s["player_token"] for s in seats])

    async def rate(self, seconds: float) -> float:
        done = 0
        stop = time.perf_counter() + seconds

        async def writer(token: str) -> None:
            nonlocal done
            headers = {"Authorization": f"Bearer {token}"}
            async with httpx.AsyncClient(base_url=self.url, headers=headers, timeout=30) as http:
                while time.perf_counter() < stop:
                    self.n += 1
                    body = {"id": f"c{self.n}", "type": "note", "args": {"text": "tap"}}
                    r = await http.post(self.path, json=body)
                    assert r.status_code == 200, r.text
                    done += 1

        start = time.perf_counter()
        await asyncio.gather(*(writer(t) for t in self.tokens))
        return done / (time.perf_counter() - start)


async def measure(rounds: int, seconds: float) -> dict[str, list[float]]:
    """Interleave the paths in short slices, so disk and CPU noise hit them alike."""
    with (
        tempfile.TemporaryDirectory(prefix="fatepot-tp-") as tmp,
        running_host() as host,
        trivial_server() as trivial,
    ):
        folder = Path(tmp)
        raw = RawLoop(folder)
        hubs = {}
        for writers in (1, 8):
            (folder / f"hub{writers}").mkdir()
            hubs[writers] = HubWriters(folder / f"hub{writers}", writers)
            await hubs[writers].open()
        http = {w: HttpWriters.at_a_table(host.url, w) for w in (1, 8)}
        bare = HttpWriters(trivial.url, "/", ["-"] * 8)
        rates: dict[str, list[float]] = {name: [] for name in PATHS}
        for _ in range(rounds):
            rates[PATHS[0]].append(raw.rate(seconds))
            rates[PATHS[1]].append(await raw.rate_handed_off(seconds))
            rates[PATHS[2]].append(await hubs[1].rate(seconds))
            rates[PATHS[3]].append(await hubs[8].rate(seconds))
            rates[PATHS[4]].append(await http[1].rate(seconds))
            rates[PATHS[5]].append(await http[8].rate(seconds))
            rates[PATHS[6]].append(await bare.rate(seconds))
        for h in hubs.values():
            h.hub.close()
        raw.thread.shutdown()
    return rates


PATHS = [
    "raw sqlite3 loop (baseline)",
    "raw loop, handed to a thread",
    "Hub.execute, 1 writer",
    "Hub.execute, 8 writers",
    "HTTP, 1 client",
    "HTTP, 8 clients",
    "bare server, 8 HTTP clients",
]


def run(rounds: int, seconds: float) -> tuple[str, dict[str, Any]]:
    rates = asyncio.run(measure(rounds, seconds))
    base = statistics.median(rates[PATHS[0]])
    lines = [
        f"Durable throughput ({machine()}); WAL, synchronous=FULL; median of {rounds} "
        f"interleaved {seconds:g} s slices",
        "| path                         | commands/s | vs raw loop |",
        "|------------------------------|------------|-------------|",
    ]
    results: dict[str, Any] = {}
    for name in PATHS:
        rate = statistics.median(rates[name])
        lines.append(f"| {name:28} | {rate:>10.0f} | {rate / base:>10.0%} |")
        results[name] = {"per_s": rate, "ratio": rate / base}
    return "\n".join(lines), results


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    args = parser.parse_args()
    print(run(args.rounds, args.seconds)[0])


if __name__ == "__main__":
    cli()
