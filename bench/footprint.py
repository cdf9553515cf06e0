"""Host footprint: memory per table, per API client and per browser session; idle CPU.

    python -m bench.footprint [--tables 20] [--clients 50] [--browsers 3]

All on a host in its own process, read from /proc (resident memory, CPU ticks):
- per table: RSS growth over ``--tables`` Deadlands tables of 9 seats, in session,
  with 60 events each, divided by the count;
- per API client: growth with ``--clients`` TableClients following one table's feed
  (long poll with state, in worker processes), divided by the count;
- idle CPU: host (and client) CPU over 30 s while nine clients sit on one table;
- per browser session: a host with the Flet web UI; one headless Chromium page opened
  first to warm it (Flet's runtime, compressed web files), then ``--browsers`` more
  pages on /join/<code>; growth divided by the count.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

import httpx

from .common import (
    cpu_seconds,
    create_table,
    gm_command,
    join_players,
    machine,
    rss_kb,
    running_host,
)
from .feedclients import Followers

IDLE_SECONDS = 30.0


def settle(pid: int, seconds: float = 2.0) -> int:
    """RSS once the process has been quiet for a moment."""
    gc.collect()
    time.sleep(seconds)
    return rss_kb(pid)


def busy_table(url: str, name: str, commands: int = 60) -> dict[str, Any]:
    table = create_table(url, "deadlands", name=name)
    seats = join_players(url, table["join_code"], 9)
    gm_command(url, table, "start", "session.start")
    with httpx.Client(base_url=url, timeout=30) as http:
        for i in range(commands):
            seat = seats[i % len(seats)]
            http.post(
                f"/api/tables/{table['table_id']}/commands",
                headers={"Authorization": f"Bearer {seat['player_token']}"},
                json={
                    "id": f"c{i}",
                    "type": "roll.trait",
                    "args": {"dice": 3, "sides": 8, "tn": 5},
                },
            )
    table["seats"] = seats
    return table


def api_footprint(tables: int, clients: int) -> dict[str, float]:
    out: dict[str, float] = {}
    with running_host() as host:
        base = settle(host.pid)
        out["host_start_mb"] = base / 1024
        first = busy_table(host.url, "T0")
        one = settle(host.pid)
        for i in range(1, tables):
            busy_table(host.url, f"T{i}")
        many = settle(host.pid)
        out["per_table_mb"] = (many - one) / (tables - 1) / 1024
        # Nine idle clients on one table: CPU while nothing happens.
        nine = Followers(
            host.url, [(first["table_id"], s["player_token"]) for s in first["seats"]], processes=3
        )
        nine.start(settle=2.0)
        cpu0, t0 = cpu_seconds(host.pid), time.monotonic()
        time.sleep(IDLE_SECONDS)
        out["idle_cpu_pct"] = (cpu_seconds(host.pid) - cpu0) / (time.monotonic() - t0) * 100
        nine.stop()
        # Many clients following one table.
        table = busy_table(host.url, "Crowd", commands=1)
        extra = join_players(host.url, table["join_code"], clients - 9, prefix="Q")
        tokens = [s["player_token"] for s in table["seats"] + extra]
        before = settle(host.pid)
        crowd = Followers(host.url, [(table["table_id"], t) for t in tokens], processes=5)
        crowd.start(settle=3.0)
        during = settle(host.pid)
        crowd.stop()
        out["per_client_kb"] = (during - before) / clients
    return out


def browser_footprint(browsers: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, enable_semantics

    out: dict[str, float] = {}
    with running_host(web=True) as host:
        table = create_table(host.url, "deadlands", name="Web")
        url = f"{host.url}/join/{table['join_code']}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages: list[Any] = []

            def open_page() -> None:
                """A phone opens the join link, types a name and takes a seat."""
                context = browser.new_context(**PHONE)
                page = context.new_page()
                page.set_default_timeout(120_000)
                page.goto(url)
                enable_semantics(page)
                page.get_by_role("textbox").first.click()
                page.keyboard.type(f"Phone {len(pages) + 1}")
                page.get_by_role("button", name="Join the table").click()
                page.wait_for_timeout(5_000)  # the player view loads and follows the feed
                pages.append(page)

            start = settle(host.pid)
            open_page()
            warm = settle(host.pid, 5.0)
            out["first_session_mb"] = (warm - start) / 1024
            for _ in range(browsers):
                open_page()
            loaded = settle(host.pid, 5.0)
            out["per_session_mb"] = (loaded - warm) / browsers / 1024
            cpu0, t0 = cpu_seconds(host.pid), time.monotonic()
            time.sleep(IDLE_SECONDS)
            out["idle_cpu_pct_browsers"] = (
                (cpu_seconds(host.pid) - cpu0) / (time.monotonic() - t0) * 100
            )
            out["browser_sessions"] = browsers + 1
            seated = httpx.get(
                f"{host.url}/api/tables/{table['table_id']}",
                headers={"Authorization": f"Bearer {table['gm_token']}"},
            ).json()
            out["seated_by_browsers"] = len(seated["seats"])
            browser.close()
    return out


def run(tables: int, clients: int, browsers: int) -> tuple[str, dict[str, Any]]:
    api = api_footprint(tables, clients)
    lines = [
        f"Host footprint ({machine()})",
        "| measure | value | target |",
        "|---|---|---|",
        f"| host RSS at start (API only) | {api['host_start_mb']:.0f} MB | |",
        f"| per table (9 seats, in session, 60 events) | {api['per_table_mb']:.2f} MB | |",
        f"| per API client following the feed | {api['per_client_kb']:.0f} KB | ≤ 15 MB |",
        f"| host CPU, 9 idle clients connected, {IDLE_SECONDS:.0f} s | "
        f"{api['idle_cpu_pct']:.2f} % | ≤ 2 % |",
    ]
    results: dict[str, Any] = dict(api)
    if browsers:
        try:
            web = browser_footprint(browsers)
        except Exception as exc:  # a browser that can't start must not hide the rest
            lines.append(f"| per browser session | not measured: {exc!r:.120} | ≤ 15 MB |")
        else:
            results.update(web)
            lines += [
                f"| first browser session (warms Flet and the web files) | "
                f"{web['first_session_mb']:.0f} MB | |",
                f"| per further browser session (Flet session + its TableClient) | "
                f"{web['per_session_mb']:.1f} MB | ≤ 15 MB |",
                f"| seats taken through the browser UI | {web['seated_by_browsers']:.0f} of "
                f"{web['browser_sessions']:.0f} | |",
                f"| host CPU, {web['browser_sessions']:.0f} idle browser sessions, "
                f"{IDLE_SECONDS:.0f} s | {web['idle_cpu_pct_browsers']:.2f} % | ≤ 2 % |",
            ]
    return "\n".join(lines), results


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--browsers", type=int, default=3)
    args = parser.parse_args()
    print(run(args.tables, args.clients, args.browsers)[0])


if __name__ == "__main__":
    cli()
