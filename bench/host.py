"""A Fate Pot host in its own process, for benchmarks and drills.

    python -m bench.host --data DIR --port N --admin-token T [--web]

The same assembly as ``fatepot host`` (``build_app``), with the test rule system
registered as well, and optionally the Flet web UI.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.compose.web import mount_ui
from app.host import eventloop
from app.host.connections import ConnectionLimits, guarded_http
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
    args = parser.parse_args()
    hub = Hub(Path(args.data))
    hub.open_all()
    app = build_app(hub, admin_token=args.admin_token, mount=mount_ui if args.web else None)
    options: dict[str, Any] = {}
    if args.request_timeout is not None:
        limits = replace(ConnectionLimits.for_this_process(), request_timeout=args.request_timeout)
        options["http"] = guarded_http(limits)
    if args.unguarded:
        options["http"] = "httptools"
    config = uvicorn_config(app, host="127.0.0.1", port=args.port, lifespan="off", **options)
    try:
        await uvicorn.Server(config).serve()
    finally:
        hub.close()


if __name__ == "__main__":
    eventloop.run(main())
