"""The host's own sessions: a GM's note until every open page has drawn it, per adapter.

    python -m bench.session_path [--phones 2 8] [--log 0 200] [--taps 12] [--profile]

A real hub (a table on disk, group commit, fsync) and real Flet sessions
(``tests/ui/live.py``: the pages draw, nothing goes on a wire) for the GM and K
phones, each page following the table as a browser page on the host does, through
the gateway the host's web UI gives its sessions: ``http`` (TableClient over
``httpx.ASGITransport`` into the fast lane, long-polling with the view: the path
before issue #24, still `mount_ui(via_http=True)`) or ``inproc`` (app.inproc). Both
run in the same process, alternating per configuration, so before and after are
measured in the same run.

Per tap: the wall time from the GM's send until every page has the note in its log
and has drawn it, and the process's CPU for it (the command, its commit, every
follower's wake-up, view and redraw), per tap and per open page. ``--profile`` prints
where the time goes on each path (cProfile, the biggest functions by own time, then
the session path's own functions by cumulative time).

``--bare``: the same taps followed by the same gateways' clients with no page (no
Flet session, no redraw): what the path itself costs the host per tap per follower.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import app.compose.web
import app.ui.app
from app.client.lobby import Seat
from app.client.outcomes import Applied
from app.domain.actors import GM
from app.domain.commands import Command
from app.domain.table_commands import NOTE
from app.host.hub import Hub
from app.host.server import host_api
from app.ui.device import Device, MemoryStore
from app.ui.gateway import LOCAL_BASE
from app.ui.model import AppModel, Gateway
from app.ui.model.contracts import PerPhone
from app.ui.routes import parse_route
from tests.conftest import ADMIN
from tests.ui.live import LivePage, settle

PATHS = ("http", "inproc")
ADAPTER = r"app/inproc|app/client|httpx/_client|fast_lane|host/feed|host/hub"


def sessions_gateway(hub: Hub, via_http: bool) -> Gateway:
    """The gateway the host's web UI hands its sessions on that path."""
    given: list[Gateway] = []
    real = app.ui.app.build_main

    def recording(gateway: Gateway, **kwargs: Any) -> Any:
        given.append(gateway)
        return real(gateway, **kwargs)

    app.compose.web.build_main = recording  # type: ignore[attr-defined]
    try:
        api = host_api(hub, admin_token=ADMIN)
        app.compose.web.mount_ui(api, hub, ADMIN, via_http=via_http)
    finally:
        app.compose.web.build_main = real  # type: ignore[attr-defined]
    return given[0]


def page_model(gateway: Gateway, phone: str) -> AppModel:
    if isinstance(gateway, PerPhone):
        gateway = gateway.for_client(phone)
    return AppModel(gateway, Device(MemoryStore()), "http://192.168.1.9:8000")


async def all_heard(models: list[AppModel], text: str) -> None:
    """Until every page's log has ``text`` (the newest line: no scan of the log)."""
    while not all(m.log and m.log[0]["text"].endswith(text) for m in models):
        await asyncio.sleep(0)


async def measure(
    path: str, phones: int, log: int, taps: int, data: Path, profile: bool
) -> dict[str, float]:
    hub = Hub(data)
    models: list[AppModel] = []
    try:
        live = await hub.create_table("Saloon", "deadlands", {})
        for i in range(log):
            note = NOTE(text=f"earlier line {i}")
            await hub.execute(live, Command(f"pre{i}", note.type, note.args, GM, time.time()))
        gateway = sessions_gateway(hub, path == "http")
        gm = page_model(gateway, "192.168.1.10")
        await gm.open_route(parse_route(f"/gm?table={live.table_id}&token={live.gm_token}"))
        models.append(gm)
        for i in range(phones):
            model = page_model(gateway, f"192.168.1.{20 + i}")
            await model.open_route(parse_route(f"/join/{live.join_code}"))
            await model.join(live.join_code, f"P{i}")
            models.append(model)
        pages = [LivePage(m) for m in models]
        await settle()
        for page in pages[1:]:
            await page.open_tab("Log")
        await asyncio.sleep(0.5)  # every follower parked on the feed
        wall, cpu = [], []
        profiler = cProfile.Profile() if profile else None
        for n in range(taps + 2):
            text = f"tap {n}"
            if profiler is not None and n == 2:
                profiler.enable()
            start, start_cpu = time.perf_counter(), time.process_time()
            await gm.send(NOTE(text=text))
            await all_heard(models, text)
            await settle()
            if n >= 2:  # warm-up
                wall.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
            await asyncio.sleep(0.05)  # the toast's and presence's after-effects
        if profiler is not None:
            profiler.disable()
            print(f"\n--- {path}, {phones} phones, log {log}: by own time")
            stats = pstats.Stats(profiler)
            stats.sort_stats("tottime").print_stats(18)
            # The session path's own functions (the adapter, httpx, the lane, the feed).
            stats.sort_stats("cumulative").print_stats(ADAPTER, 12)
        return {
            "wall": statistics.median(wall),
            "cpu": statistics.median(cpu),
            "pages": len(models),
        }
    finally:
        for model in models:
            await model.suspend()
        hub.close()


async def measure_bare(path: str, phones: int, log: int, taps: int, data: Path) -> dict[str, float]:
    """The session path alone: K+1 clients follow, the GM's client sends."""
    hub = Hub(data)
    clients: list[Any] = []
    try:
        live = await hub.create_table("Saloon", "deadlands", {})
        for i in range(log):
            note = NOTE(text=f"earlier line {i}")
            await hub.execute(live, Command(f"pre{i}", note.type, note.args, GM, time.time()))
        gateway = sessions_gateway(hub, path == "http")
        seats = [Seat(LOCAL_BASE, live.table_id, live.gm_token)]
        for i in range(phones):
            seats.append(await gateway.join(live.join_code, f"P{i}"))
        for seat in seats:
            client = gateway.client(seat, [], None)
            await client.load()
            client.start()
            clients.append(client)
        await asyncio.sleep(0.5)
        cpu = []
        for n in range(taps + 2):
            start_cpu = time.process_time()
            sent = await clients[0].send(NOTE.name, NOTE(text=f"tap {n}").args)
            assert isinstance(sent, Applied)
            while not all(c.cursor >= sent.version for c in clients):
                await asyncio.sleep(0)
            if n >= 2:
                cpu.append((time.process_time() - start_cpu) * 1000)
            await asyncio.sleep(0.05)
        return {"cpu": statistics.median(cpu), "pages": len(clients)}
    finally:
        for client in clients:
            await client.close()
        hub.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[2, 8])
    parser.add_argument("--log", type=int, nargs="+", default=[0, 200])
    parser.add_argument("--taps", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--bare", action="store_true", help="clients only, no pages")
    args = parser.parse_args()
    if args.bare:
        bare(args.phones, args.log, args.taps)
        return
    print(
        "| phones, log | path | wall ms/tap (median) | CPU ms/tap | CPU ms/tap/page |\n"
        "|---|---|---|---|---|"
    )
    with tempfile.TemporaryDirectory() as tmp:
        run = 0
        for log in args.log:
            for k in args.phones:
                for path in PATHS:
                    run += 1
                    data = Path(tmp) / f"run{run}"
                    got = asyncio.run(measure(path, k, log, args.taps, data, args.profile))
                    print(
                        f"| {k}, {log} | {path} | {got['wall']:.1f} | {got['cpu']:.1f} | "
                        f"{got['cpu'] / got['pages']:.2f} |",
                        flush=True,
                    )


def bare(phones: list[int], logs: list[int], taps: int) -> None:
    print(
        "| followers, log | http CPU ms/tap | inproc CPU ms/tap | http per follower "
        "| inproc per follower |\n|---|---|---|---|---|"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for log in logs:
            for k in phones:
                got = {
                    path: asyncio.run(
                        measure_bare(path, k, log, taps, Path(tmp) / f"{path}{k}{log}")
                    )
                    for path in PATHS
                }
                http, inproc = got["http"], got["inproc"]
                print(
                    f"| {k + 1}, {log} | {http['cpu']:.1f} | {inproc['cpu']:.1f} | "
                    f"{http['cpu'] / http['pages']:.2f} | {inproc['cpu'] / inproc['pages']:.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
