"""Worker processes full of real TableClients: followers that time the feed, senders.

A follower records, per table version, the moment (``time.monotonic``, which is one
system-wide clock on Linux, so comparable across processes) its client first had it.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import random
import time
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event as MpEvent
from typing import Any

from app.client import Applied, TableClient
from app.client.table_client import Seat

from .common import cpu_seconds

CATCH_UP_SECONDS = 120.0
#: What the timed senders send at a Deadlands table: dice rolls and notes.
COMMANDS: list[tuple[str, dict[str, Any]]] = [
    ("roll.trait", {"dice": 3, "sides": 8, "tn": 5}),
    ("roll.trait", {"dice": 2, "sides": 6}),
    ("note", {"text": "Draws on the stranger."}),
]
SeatRef = tuple[str, str]  # (table id, bearer token)
Seen = dict[int, float]  # version -> first moment the client had it


def _recorder(seen: Seen) -> Any:
    last = [0]

    def on_change(client: TableClient) -> None:
        if client.cursor > last[0]:
            now = time.monotonic()
            for v in range(last[0] + 1, client.cursor + 1):
                seen.setdefault(v, now)
            last[0] = client.cursor

    return on_change


async def _follow(
    url: str, seats: list[SeatRef], ready: Any, stop: MpEvent, target: Any
) -> list[tuple[str, Seen]]:
    clients = [TableClient(Seat(url, table_id, token)) for table_id, token in seats]
    records: list[tuple[str, Seen]] = []
    for client in clients:
        await client.load()
        seen: Seen = {}
        _recorder(seen)(client)
        client.subscribe(_recorder(seen))
        records.append((client.seat.table_id, seen))
        client.start()
    ready.put(len(clients))
    await asyncio.get_running_loop().run_in_executor(None, stop.wait)
    # Let stragglers catch up to the last version sent (so "missing" means lost).
    deadline = time.monotonic() + CATCH_UP_SECONDS
    while time.monotonic() < deadline and any(c.cursor < target.value for c in clients):
        await asyncio.sleep(0.05)
    for client in clients:
        await client.close()
    return records


def follower_main(
    url: str, seats: list[SeatRef], ready: Any, stop: MpEvent, target: Any, out: Any
) -> None:
    """Process entry: follow every seat until ``stop`` (then until ``target``, if set);
    put the records on ``out``."""
    out.put(asyncio.run(_follow(url, seats, ready, stop, target)))


@dataclass
class Followers:
    """Follower processes over ``seats``, split across ``processes`` workers."""

    url: str
    seats: list[SeatRef]
    processes: int
    ctx: Any = field(default_factory=lambda: mp.get_context("spawn"))

    def __post_init__(self) -> None:
        self.ready = self.ctx.Queue()
        self.out = self.ctx.Queue()
        self.stop_event = self.ctx.Event()
        self.target = self.ctx.Value("q", 0)
        n = max(1, min(self.processes, len(self.seats)))
        self.groups = [self.seats[i::n] for i in range(n)]
        self.procs = [
            self.ctx.Process(
                target=follower_main,
                args=(self.url, group, self.ready, self.stop_event, self.target, self.out),
                daemon=True,
            )
            for group in self.groups
        ]

    def start(self, settle: float = 1.0) -> None:
        for p in self.procs:
            p.start()
        loaded = sum(self.ready.get(timeout=120) for _ in self.procs)
        assert loaded == len(self.seats)
        time.sleep(settle)  # let every long poll park on the host

    def cpu_seconds(self) -> float:
        """CPU seconds the follower processes have used so far (all of them)."""
        return sum(cpu_seconds(p.pid) for p in self.procs if p.pid is not None)

    def stop(self, catch_up_to: int = 0) -> list[tuple[str, Seen]]:
        """Stop (once every client has ``catch_up_to``, or after CATCH_UP_SECONDS) and
        return (table id, record) per seat, in no particular order."""
        self.target.value = catch_up_to
        self.stop_event.set()
        records: list[tuple[str, Seen]] = []
        for _ in self.procs:
            records.extend(self.out.get(timeout=120))
        for p in self.procs:
            p.join(30)
        return records


# ---- senders ------------------------------------------------------------------------


async def _send_loop(
    url: str,
    seat: SeatRef,
    commands: list[tuple[str, dict[str, Any]]],
    gap: tuple[float, float],
    seed: int,
    stop: MpEvent,
) -> list[tuple[str, int, float, float]]:
    """Send commands at random intervals; returns (table, version, sent, acked) each."""
    rng = random.Random(seed)
    client = TableClient(Seat(url, *seat))
    sent: list[tuple[str, int, float, float]] = []
    try:
        while not stop.is_set():
            type_, args = rng.choice(commands)
            t0 = time.monotonic()
            outcome = await client.send(type_, args)
            t1 = time.monotonic()
            if isinstance(outcome, Applied):
                sent.append((seat[0], outcome.version, t0, t1))
            await asyncio.sleep(rng.uniform(*gap))
    finally:
        await client.close()
    return sent


def sender_main(
    url: str,
    seats: list[SeatRef],
    commands: list[tuple[str, dict[str, Any]]],
    gap: tuple[float, float],
    seed: int,
    stop: MpEvent,
    out: Any,
) -> None:
    """Process entry: one sending client per seat, until ``stop``."""

    async def run() -> list[tuple[str, int, float, float]]:
        loops = [
            _send_loop(url, seat, commands, gap, seed + i, stop) for i, seat in enumerate(seats)
        ]
        results = await asyncio.gather(*loops)
        return [row for rows in results for row in rows]

    out.put(asyncio.run(run()))
