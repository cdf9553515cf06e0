"""The fan-out floor: sync latency through a feed that does no work at all.

    python -m bench.fanout_floor [--clients 9] [--commands 200]

The same shape as bench/sync_latency.py's table of N (one sender, N-1 followers in
their own processes, each holding one server-sent-events stream open with httpx and
httpx-sse, on the same two cores), against bench/trivial.py: a send only bumps a
counter and every stream gets ``{"version":V}``. Nothing is decided, committed,
viewed or patched, and a follower only parses the line. Whatever this measures, no
host could beat on this machine with these clients; bench/sync_latency.py reports the
host's p50 against it next to the bare round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import random
import time
from dataclasses import dataclass
from multiprocessing.synchronize import Event as MpEvent
from typing import Any

import httpx
from httpx_sse import aconnect_sse

from .common import cpu_seconds, fmt_ms, machine, percentile, trivial_server

Seen = dict[int, float]  # version -> first moment this follower had it


async def _follow(url: str, ready: Any, stop: MpEvent) -> Seen:
    seen: Seen = {}
    async with httpx.AsyncClient(base_url=url, timeout=None) as http:

        async def read() -> None:
            async with aconnect_sse(http, "GET", "/stream") as source:
                ready.put(1)
                async for message in source.aiter_sse():
                    seen.setdefault(json.loads(message.data)["version"], time.monotonic())

        reading = asyncio.create_task(read())
        await asyncio.get_running_loop().run_in_executor(None, stop.wait)
        reading.cancel()
    return seen


def follower_main(url: str, ready: Any, stop: MpEvent, out: Any) -> None:
    """Process entry: follow one stream until ``stop``; put what it saw on ``out``."""
    out.put(asyncio.run(_follow(url, ready, stop)))


@dataclass
class Floor:
    """Per send: send -> the last follower had it; CPU seconds per send."""

    all_seen: list[float]
    server_cpu: float
    followers_cpu: float


def measure(url: str, pid: int, followers: int, commands: int, gap: float, seed: int = 7) -> Floor:
    """Send ``commands`` bumps to the server (process ``pid``) with ``followers``."""
    ctx = mp.get_context("spawn")
    ready, out, stop = ctx.Queue(), ctx.Queue(), ctx.Event()
    procs = [
        ctx.Process(target=follower_main, args=(url, ready, stop, out), daemon=True)
        for _ in range(followers)
    ]
    for p in procs:
        p.start()
    for _ in procs:
        ready.get(timeout=120)
    rng = random.Random(seed)
    sent: list[tuple[int, float]] = []
    cpu0 = cpu_seconds(pid), sum(cpu_seconds(p.pid) for p in procs if p.pid)
    with httpx.Client(base_url=url) as http:
        for _ in range(commands):
            t0 = time.monotonic()
            version = http.post("/send", json={"type": "note"}).json()["version"]
            sent.append((version, t0))
            time.sleep(gap * rng.uniform(0.5, 1.5))
    time.sleep(0.5)  # let the last message reach everyone
    server_cpu = (cpu_seconds(pid) - cpu0[0]) / commands
    followers_cpu = (sum(cpu_seconds(p.pid) for p in procs if p.pid) - cpu0[1]) / commands
    stop.set()
    records = [out.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    times = [max(r[v] for r in records) - t0 for v, t0 in sent if all(v in r for r in records)]
    return Floor(times, server_cpu, followers_cpu)


def floor(clients: int, commands: int, gap: float = 0.05) -> Floor:
    """The fan-out floor for a table of ``clients`` (one sends, the others follow)."""
    with trivial_server() as server:
        return measure(server.url, server.pid, clients - 1, commands, gap)


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=9)
    parser.add_argument("--commands", type=int, default=200)
    args = parser.parse_args()
    result = floor(args.clients, args.commands)
    p = [fmt_ms(percentile(result.all_seen, q)) for q in (50, 95, 99)]
    print(f"Fan-out floor ({machine()}), N={args.clients}, {len(result.all_seen)} sends")
    print(
        f"send -> all {args.clients - 1} followers: p50 {p[0]} ms, p95 {p[1]} ms, "
        f"p99 {p[2]} ms; CPU per send: server {fmt_ms(result.server_cpu)} ms, "
        f"followers {fmt_ms(result.followers_cpu)} ms"
    )


if __name__ == "__main__":
    cli()
