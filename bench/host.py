"""A Fate Pot host in its own process, for benchmarks and drills.

    python -m bench.host --data DIR --port N --admin-token T [--web] [--profile FILE]

The same assembly as ``fatepot host`` (``build_app``), with the test rule system
registered as well, and optionally the Flet web UI. With ``--profile``, SIGUSR1 starts
cProfile on the event loop's thread and SIGUSR2 stops it and writes its stats to FILE
(``pstats``), so a benchmark profiles the window it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import signal
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn
from flet_web.fastapi.flet_app import FletApp

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.compose.web import mount_ui
from app.host import eventloop, flet_transport
from app.host.connections import ConnectionLimits, guarded_http
from app.host.heap import settle_heap
from app.host.hub import Hub
from app.host.server import build_app, uvicorn_config


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--admin-token", required=True)
    parser.add_argument("--web", action="store_true", help="mount the Flet web UI too")
    parser.add_argument(
        "--request-timeout", type=float, help="seconds a connection has to send a request"
    )
    parser.add_argument(
        "--unguarded", action="store_true", help="uvicorn's own HTTP protocol (no deadline, cap)"
    )
    parser.add_argument("--profile", help="cProfile between SIGUSR1 and SIGUSR2, stats here")
    parser.add_argument(
        "--flet-send-message",
        action="store_true",
        help="Flet's own FletApp.send_message (app.host.flet_transport not installed)",
    )
    parser.add_argument(
        "--no-freeze", action="store_true", help="leave the start-up heap to the collector"
    )
    args = parser.parse_args()
    if args.profile:
        profile_on_signals(args.profile)
    hub = Hub(Path(args.data))
    hub.open_all()
    app = build_app(hub, admin_token=args.admin_token, mount=mount_ui if args.web else None)
    if args.flet_send_message:  # before/after for benchmarks: Flet's method back
        FletApp.send_message = flet_transport.FLET_SEND_MESSAGE
    options: dict[str, Any] = {}
    if args.request_timeout is not None:
        limits = replace(ConnectionLimits.for_this_process(), request_timeout=args.request_timeout)
        options["http"] = guarded_http(limits)
    if args.unguarded:
        options["http"] = "httptools"
    config = uvicorn_config(app, host="127.0.0.1", port=args.port, lifespan="off", **options)
    if not args.no_freeze:
        settle_heap()  # as app.host.server.serve does
    try:
        await uvicorn.Server(config).serve()
    finally:
        hub.close()


def profile_on_signals(path: str) -> None:
    """cProfile between SIGUSR1 and SIGUSR2 (stats so far to ``path`` at each SIGUSR2),
    and the garbage collector's pauses in the same windows (to ``path``.gc: per
    generation, collections and seconds)."""
    profiler = cProfile.Profile()
    loop = asyncio.get_running_loop()
    pauses: dict[int, list[float]] = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}
    started: list[float] = []
    on = [False]

    def collecting(phase: str, info: dict[str, int]) -> None:
        if not on[0]:
            return
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            pause = pauses[info["generation"]]
            pause[0] += 1
            pause[1] += time.perf_counter() - started[0]

    def start() -> None:
        on[0] = True
        profiler.enable()

    def stop() -> None:
        profiler.disable()
        on[0] = False
        profiler.dump_stats(path)
        Path(path + ".gc").write_text(json.dumps(pauses))

    gc.callbacks.append(collecting)
    loop.add_signal_handler(signal.SIGUSR1, start)
    loop.add_signal_handler(signal.SIGUSR2, stop)


if __name__ == "__main__":
    eventloop.run(main())
