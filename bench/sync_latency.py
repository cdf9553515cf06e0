"""Sync latency: from one client's send to every other client having the event.

    python -m bench.sync_latency [--clients 9 100] [--commands 200] [--one-table]

A host in its own process on 127.0.0.1 (Deadlands, ``synchronous=FULL``), TableClients
following the feed in worker processes (exactly what a phone runs: the stream with
state and view patches), on the same two cores as the host.

- N up to 20, a table: one Deadlands table of N seats; one client in this process sends
  commands (dice rolls and notes), one at a time with a pause between them; for each,
  the moment the last of the other N-1 had it, minus the moment it was sent.
- N above 20, a convention room: N/10 tables of ten clients on one host, each a busy
  table (one player sends every 0.5-1.5 s, nine follow): send -> the other nine at that
  table have it, over every command of every table (bench.scale's step).
- ``--one-table`` adds the stress case of one table of N seats (every view lists every
  seat, so one event costs O(N^2)).

Baselines, same run: a bare HTTP round trip (httpx, kept-alive connection) to a trivial
ASGI endpoint under the same uvicorn; and for a table, the fan-out floor
(bench/fanout_floor.py): the same processes following a server that does no work, the
best any host could do here. CPU per command is the host's and all followers' together.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx

from app.client import Applied, Queued, TableClient
from app.client.table_client import Seat

from . import fanout_floor
from .common import (
    cpu_seconds,
    create_table,
    fmt_ms,
    gm_command,
    join_players,
    machine,
    percentile,
    running_host,
    trivial_server,
)
from .feedclients import COMMANDS, Followers
from .scale import step as room_step

ONE_TABLE_MAX = 20
ROOM_TABLE_SEATS = 10
ROOM_SECONDS = 30.0


@dataclass
class Latency:
    clients: int | str
    commands: int
    all_seen: list[float]  # per command: send -> last follower had it
    acked: list[float]  # per command: send -> the sender's 200
    missing: int  # (follower, version) pairs never seen: must be 0
    host_cpu: float  # host process CPU seconds per command (its followers' feeds included)
    followers_cpu: float | None = None  # all follower processes' CPU seconds per command

    def row(self, bare_p50: float, floor_p50: float | None = None) -> str:
        p = [percentile(self.all_seen, q) for q in (50, 95, 99)]
        vs_floor = "-" if floor_p50 is None else f"{p[0] / floor_p50:.1f}x"
        followers = "-" if self.followers_cpu is None else fmt_ms(self.followers_cpu)
        return (
            f"| {self.clients!s:<16} | {self.commands:>8} "
            f"| {fmt_ms(percentile(self.acked, 50)):>7} "
            f"| {fmt_ms(p[0]):>7} | {fmt_ms(p[1]):>7} | {fmt_ms(p[2]):>7} "
            f"| {p[0] / bare_p50:>8.1f}x | {vs_floor:>9} "
            f"| {fmt_ms(self.host_cpu):>8} | {followers:>13} | {self.missing:>7} |"
        )


HEADER = (
    "| N                | commands | ack p50 | all p50 | all p95 | all p99 | p50/bare  "
    "| p50/floor | host CPU | followers CPU | missing |\n"
    "|------------------|----------|---------|---------|---------|---------|-----------"
    "|-----------|----------|---------------|---------|"
)


def bare_round_trip(samples: int = 300) -> list[float]:
    """Round trips to the trivial endpoint over one kept-alive connection."""
    with trivial_server() as server, httpx.Client(base_url=server.url) as http:
        for _ in range(20):
            http.get("/")
        times = []
        for _ in range(samples):
            t0 = time.perf_counter()
            http.get("/")
            times.append(time.perf_counter() - t0)
    return times


async def _send_all(
    url: str, table_id: str, token: str, n: int, gap: float, seed: int
) -> list[tuple[int, float, float]]:
    rng = random.Random(seed)
    client = TableClient(Seat(url, table_id, token))
    sent = []
    try:
        for _ in range(n):
            type_, args = rng.choice(COMMANDS)
            t0 = time.monotonic()
            outcome = await client.send(type_, args)
            while isinstance(outcome, Queued):  # no answer in time: ask again, same id
                client.outbox.clear()  # (the host answers a repeat with its first answer)
                outcome = await client.send(type_, args, command_id=outcome.command_id)
            t1 = time.monotonic()
            assert isinstance(outcome, Applied), outcome
            sent.append((outcome.version, t0, t1))
            await asyncio.sleep(gap * rng.uniform(0.5, 1.5))
    finally:
        await client.close()
    return sent


def measure(clients: int, commands: int, gap: float, seed: int = 7) -> Latency:
    """One table, ``clients`` seats: one sends, the others follow."""
    with running_host() as host:
        table = create_table(host.url, "deadlands")
        seats = join_players(host.url, table["join_code"], clients)
        gm_command(host.url, table, "start", "session.start")
        followers = Followers(
            host.url,
            [(table["table_id"], s["player_token"]) for s in seats[1:]],
            processes=min(clients - 1, 10),
        )
        followers.start()
        cpu0 = cpu_seconds(host.pid), followers.cpu_seconds()
        sent: list[tuple[int, float, float]] = []
        try:
            sent = asyncio.run(
                _send_all(
                    host.url, table["table_id"], seats[0]["player_token"], commands, gap, seed
                )
            )
            cpu = (cpu_seconds(host.pid) - cpu0[0]) / max(1, len(sent))
            followers_cpu = (followers.cpu_seconds() - cpu0[1]) / max(1, len(sent))
        finally:
            last = max((v for v, _, _ in sent), default=0)
            records = [seen for _, seen in followers.stop(catch_up_to=last)]
    all_seen, acked, missing = [], [], 0
    for version, t0, t1 in sent:
        moments = [r.get(version) for r in records]
        missing += sum(m is None for m in moments)
        all_seen.append(max(m for m in moments if m is not None) - t0)
        acked.append(t1 - t0)
    return Latency(clients, len(sent), all_seen, acked, missing, cpu, followers_cpu)


def measure_room(clients: int, seconds: float = ROOM_SECONDS) -> Latency:
    """A convention room: ``clients`` spread over busy tables of ten."""
    tables = max(1, clients // ROOM_TABLE_SEATS)
    r = room_step(tables, seconds, ROOM_TABLE_SEATS)
    cpu_per_command = r["host_cpu"] * seconds / max(1, r["commands"])
    label = f"{tables * ROOM_TABLE_SEATS} ({tables}x{ROOM_TABLE_SEATS} room)"
    return Latency(label, r["commands"], r["latencies"], r["acked"], r["missing"], cpu_per_command)


def run(clients: list[int], commands: int, one_table: bool = False) -> tuple[str, dict[str, Any]]:
    bare = bare_round_trip()
    bare_p50 = percentile(bare, 50)
    lines = [
        f"Sync latency ({machine()})",
        f"bare HTTP round trip: p50 {fmt_ms(bare_p50)} ms, p99 {fmt_ms(percentile(bare, 99))} ms",
    ]
    results: dict[str, Any] = {"bare_p50_ms": bare_p50 * 1e3}
    runs: list[tuple[str, Latency, float | None]] = []
    for n in clients:
        if n <= ONE_TABLE_MAX:
            floor = fanout_floor.floor(n, commands)
            floor_p50 = percentile(floor.all_seen, 50)
            lines.append(
                f"fan-out floor, N={n} (bench.fanout_floor): p50 {fmt_ms(floor_p50)} ms, "
                f"p99 {fmt_ms(percentile(floor.all_seen, 99))} ms; CPU per send: server "
                f"{fmt_ms(floor.server_cpu)} ms, followers {fmt_ms(floor.followers_cpu)} ms"
            )
            results[f"floor N={n}"] = {"p50": floor_p50 * 1e3}
            runs.append((f"N={n}", measure(n, commands, 0.05), floor_p50))
        else:
            runs.append((f"N={n}", measure_room(n), None))
            if one_table:
                runs.append((f"N={n} one table", measure(n, commands, 0.15), None))
    lines.append(HEADER)
    for name, lat, its_floor in runs:
        lines.append(lat.row(bare_p50, its_floor))
        results[name] = {
            q: percentile(lat.all_seen, int(q[1:])) * 1e3 for q in ("p50", "p95", "p99")
        } | {"missing": lat.missing}
    return "\n".join(lines), results


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[9, 100])
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--one-table", action="store_true", help="also N seats at one table")
    args = parser.parse_args()
    print(run(args.clients, args.commands, args.one_table)[0])


if __name__ == "__main__":
    cli()
