"""Scale: how many tables of nine one host serves before the table latency target breaks.

    python -m bench.scale [--tables 1 2 4 8 12 16] [--seconds 30]

For each step, T Deadlands tables on one host process; at each table one player
sends a command every 0.5-1.5 s (a busy table: a roll or a chip every second) and
eight TableClients follow the feed; followers and senders run in worker processes
on the same two cores (as the Flet sessions of browser players would: they run in
the host process). Reported: send -> all eight followers have it, p50/p99 over every
command of every table but each sender's first (which also opens its connection),
host CPU, and whether p99 is within the N=9 target (25 ms).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time
from typing import Any

from .common import (
    cpu_seconds,
    create_table,
    fmt_ms,
    gm_command,
    join_players,
    machine,
    percentile,
    running_host,
)
from .feedclients import COMMANDS, Followers, sender_main

TARGET_P99 = 0.025


def step(tables: int, seconds: float, seats_per_table: int = 9) -> dict[str, Any]:
    """``tables`` busy tables of ``seats_per_table`` clients each (one sends, the rest
    follow): send -> every other client at that table has it, over every command."""
    with running_host() as host:
        followers_seats, senders = [], []
        for t in range(tables):
            table = create_table(host.url, "deadlands", name=f"T{t}")
            seats = join_players(host.url, table["join_code"], seats_per_table)
            gm_command(host.url, table, "start", "session.start")
            senders.append((table["table_id"], seats[0]["player_token"]))
            followers_seats += [(table["table_id"], s["player_token"]) for s in seats[1:]]
        followers = Followers(host.url, followers_seats, processes=min(10, 2 + tables))
        followers.start(settle=2.0)
        ctx = mp.get_context("spawn")
        out, stop = ctx.Queue(), ctx.Event()
        groups = [senders[i::2] for i in range(min(2, tables))]
        procs = [
            ctx.Process(
                target=sender_main,
                args=(host.url, g, COMMANDS, (0.5, 1.5), 100 + i, stop, out),
                daemon=True,
            )
            for i, g in enumerate(groups)
        ]
        cpu0 = cpu_seconds(host.pid)
        for p in procs:
            p.start()
        time.sleep(seconds)
        stop.set()
        sent = [row for _ in procs for row in out.get(timeout=120)]
        cpu = (cpu_seconds(host.pid) - cpu0) / seconds
        for p in procs:
            p.join(30)
        time.sleep(1.0)
        records = followers.stop()
    by_table: dict[str, list[dict[int, float]]] = {}
    for table_id, seen in records:
        by_table.setdefault(table_id, []).append(seen)
    # Each sender's first command also opens its connection: warm-up, not sync latency.
    firsts = {
        min(rows, key=lambda r: r[2]) for t in by_table if (rows := [r for r in sent if r[0] == t])
    }
    latencies, acked, missing = [], [], 0
    for table_id, version, t0, t1 in (r for r in sent if r not in firsts):
        moments = [s.get(version) for s in by_table[table_id]]
        missing += sum(m is None for m in moments)
        acked.append(t1 - t0)
        if all(m is not None for m in moments):
            latencies.append(max(m for m in moments if m is not None) - t0)
    return {
        "tables": tables,
        "clients": tables * seats_per_table,
        "commands": len(acked),
        "p50": percentile(latencies, 50),
        "p99": percentile(latencies, 99),
        "host_cpu": cpu,
        "missing": missing,
        "latencies": latencies,
        "acked": acked,
    }


def run(steps: list[int], seconds: float) -> tuple[str, dict[str, Any]]:
    lines = [
        f"Scale: tables of 9 on one host ({machine()}), {seconds:.0f} s per step",
        "| tables | clients | commands | all p50 ms | all p99 ms | host CPU | p99≤25ms | missing |",
        "|--------|---------|----------|------------|------------|----------|----------|---------|",
    ]
    results = []
    for tables in steps:
        r = step(tables, seconds)
        results.append(r)
        ok = "yes" if r["p99"] <= TARGET_P99 else "no"
        lines.append(
            f"| {tables:>6} | {tables * 9:>7} | {r['commands']:>8} | {fmt_ms(r['p50']):>10} "
            f"| {fmt_ms(r['p99']):>10} | {r['host_cpu']:>7.0%} | {ok:>8} | {r['missing']:>7} |"
        )
        print(lines[-1], flush=True)
    within = [r["tables"] for r in results if r["p99"] <= TARGET_P99]
    lines.append(f"largest step within the N=9 target: {max(within) if within else 'none'}")
    return "\n".join(lines), {"steps": results}


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 2, 4, 8, 12, 16, 24, 32])
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    print(run(args.tables, args.seconds)[0])


if __name__ == "__main__":
    cli()
