"""Soak: nine simulated people at a Deadlands table acting at random, for minutes.

    python -m bench.soak [--minutes 10] [--seed 7]

A host in its own process; the GM and eight players are TableClients (each sends and
follows the feed, as a phone does) taking a random action every 0.5-3 s: rolls, chips
spent on them, wounds and negations, awards, notes, undos. Refusals are part of play;
a 5xx is a failure. Per window: host memory (RSS), commands acknowledged, send->ack
and send->everyone-has-it latency. At the end: every client at the last version, and
the log checked (every acknowledged command present once, state == replay, chips
conserved).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from app.client import Applied, Queued, Rejected, TableClient
from app.client.table_client import Seat
from tests.support.drill import check_log

from .common import (
    Child,
    cpu_seconds,
    create_table,
    fmt_ms,
    join_players,
    machine,
    percentile,
    rss_kb,
    running_host,
)

COLOURS = ["white", "red", "blue"]
LOCATIONS = ["head", "left_arm", "right_arm", "upper_torso", "lower_torso", "left_leg", "right_leg"]


def player_action(rng: random.Random, mine: list[str]) -> tuple[str, dict[str, Any]]:
    roll = rng.random()
    if roll < 0.35:
        return "roll.trait", {
            "dice": rng.randint(1, 5),
            "sides": rng.choice([4, 6, 8, 10, 12]),
            "tn": rng.choice([3, 5, 7, 9, 11]),
        }
    if roll < 0.6:
        return "chips.spend", {"colour": rng.choice(COLOURS)}
    if roll < 0.7:
        return "chips.negate", {"colour": rng.choice(COLOURS)}
    if roll < 0.78:
        return "wounds.accept", {}
    if roll < 0.86:
        return "roll.finish", {}
    if roll < 0.93 and mine:
        return "undo", {"command_id": mine[-1]}
    return "note", {"text": rng.choice(["Hmm.", "I draw!", "Run!", "Cover me."])}


def gm_action(rng: random.Random, seats: list[str]) -> tuple[str, dict[str, Any]]:
    who = rng.choice(seats)
    roll = rng.random()
    if roll < 0.3:
        return "chips.award", {"player": who, "colour": rng.choice(COLOURS), "reason": "soak"}
    if roll < 0.55:
        return "wounds.assign", {"player": who, "wounds": {rng.choice(LOCATIONS): 1}}
    if roll < 0.65:
        return "joker.red", {"player": who}
    if roll < 0.75:
        return "wind.lose", {"player": who, "amount": rng.randint(1, 3)}
    if roll < 0.85:
        return "roll.trait", {"dice": 2, "sides": 8, "tn": 5}
    return "note", {"text": "The stage pulls in."}


@dataclass
class Window:
    rss_kb: int = 0
    cpu: float = 0.0
    acked: list[float] = field(default_factory=list)  # send -> 200
    sent: list[tuple[int, float]] = field(default_factory=list)  # (version, send moment)
    refused: int = 0


async def soak(host: Child, seconds: float, seed: int, windows: int = 10) -> dict[str, Any]:
    """Run the table for ``seconds``; returns per-window figures and the final checks."""
    table = create_table(host.url, "deadlands", name="Soak")
    seats = join_players(host.url, table["join_code"], 8)
    tokens = [table["gm_token"]] + [s["player_token"] for s in seats]
    pids = [s["player_id"] for s in seats]
    clients = [TableClient(Seat(host.url, table["table_id"], t)) for t in tokens]
    seen: list[dict[int, float]] = [{} for _ in clients]

    def recorder(i: int) -> Any:
        def on_change(c: TableClient) -> None:
            now = time.monotonic()
            for v in range(max(seen[i], default=0) + 1, c.cursor + 1):
                seen[i][v] = now

        return on_change

    for i, c in enumerate(clients):
        await c.load()
        c.subscribe(recorder(i))
        c.start()
    await clients[0].send("session.start")
    slots = [Window() for _ in range(windows)]
    acked_ids: dict[str, int] = {}
    start = time.monotonic()
    stop_at = start + seconds
    server_errors = 0

    async def person(i: int) -> None:
        nonlocal server_errors
        prng = random.Random(seed * 100 + i)
        mine: list[str] = []
        while time.monotonic() < stop_at:
            await asyncio.sleep(prng.uniform(0.5, 3.0))
            type_, args = gm_action(prng, pids) if i == 0 else player_action(prng, mine)
            t0 = time.monotonic()
            outcome = await clients[i].send(type_, args)
            slot = slots[min(windows - 1, int((t0 - start) / seconds * windows))]
            if isinstance(outcome, Applied):
                slot.acked.append(time.monotonic() - t0)
                slot.sent.append((outcome.version, t0))
                acked_ids[outcome.command_id] = outcome.version
                mine.append(outcome.command_id)
            elif isinstance(outcome, Rejected):
                slot.refused += 1
                server_errors += outcome.status >= 500
            elif isinstance(outcome, Queued):
                server_errors += 1  # the host stopped answering

    async def sampler() -> None:
        for w in range(windows):
            await asyncio.sleep(max(0.0, start + (w + 1) * seconds / windows - time.monotonic()))
            slots[w].rss_kb = rss_kb(host.pid)
            slots[w].cpu = cpu_seconds(host.pid)

    await asyncio.gather(sampler(), *(person(i) for i in range(len(clients))))
    export = check_log(host.url, table["table_id"], table["gm_token"], acked_ids)
    latest = int(export["version"])
    deadline = time.monotonic() + 30
    while any(c.cursor < latest for c in clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    behind = sum(c.cursor < latest for c in clients)
    for c in clients:
        await c.close()
    rows = []
    prev_cpu = slots[0].cpu
    for w, slot in enumerate(slots):
        everyone = [max(s.get(v, float("inf")) for s in seen) - t0 for v, t0 in slot.sent]
        cpu = slot.cpu - (prev_cpu if w else slot.cpu)
        prev_cpu = slot.cpu
        rows.append(
            {
                "window": w,
                "rss_mb": slot.rss_kb / 1024,
                "acked": len(slot.acked),
                "refused": slot.refused,
                "ack_p50": percentile(slot.acked, 50),
                "ack_p99": percentile(slot.acked, 99),
                "all_p50": percentile(everyone, 50),
                "all_p99": percentile(everyone, 99),
                "cpu_s": cpu,
            }
        )
    return {
        "rows": rows,
        "server_errors": server_errors,
        "behind": behind,
        "events": len(export["events"]),
        "acknowledged": len(acked_ids),
    }


def report(result: dict[str, Any], seconds: float) -> str:
    rows = result["rows"]
    lines = [
        f"Soak: 9 people at a Deadlands table for {seconds / 60:.1f} min ({machine()})",
        "| window | host RSS MB | acked | refused | ack p50 | ack p99 | all p50 | all p99 |",
        "|--------|-------------|-------|---------|---------|---------|---------|---------|",
    ]
    for r in rows:
        lines.append(
            f"| {r['window']:>6} | {r['rss_mb']:>11.1f} | {r['acked']:>5} | {r['refused']:>7} "
            f"| {fmt_ms(r['ack_p50']):>7} | {fmt_ms(r['ack_p99']):>7} "
            f"| {fmt_ms(r['all_p50']):>7} | {fmt_ms(r['all_p99']):>7} |"
        )
    half = len(rows) // 2
    growth = rows[-1]["rss_mb"] - rows[half]["rss_mb"]
    early = statistics.median(r["all_p50"] for r in rows[1:half])
    late = statistics.median(r["all_p50"] for r in rows[half:])
    lines.append(
        f"memory second half: {growth:+.1f} MB; all-seen p50 second half / first half: "
        f"{late / early:.2f}; 5xx or unanswered: {result['server_errors']}; clients behind at "
        f"the end: {result['behind']}; log checked: {result['acknowledged']} acknowledged "
        f"commands present once, state == replay, chips conserved"
    )
    return "\n".join(lines)


def run(seconds: float, seed: int) -> tuple[str, dict[str, Any]]:
    with running_host() as host:
        result = asyncio.run(soak(host, seconds, seed))
    return report(result, seconds), result


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(run(args.minutes * 60, args.seed)[0])


if __name__ == "__main__":
    cli()
