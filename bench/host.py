"""A Fate Pot host in its own process, for benchmarks and drills.

    python -m bench.host --data DIR --port N --admin-token T [--web]

The same assembly as ``fatepot host`` (``build_app``), with the test rule system
registered as well, and optionally the Flet web UI.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import uvicorn

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.host import eventloop
from app.host.hub import Hub
from app.host.server import build_app, uvicorn_config


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--admin-token", required=True)
    parser.add_argument("--web", action="store_true", help="mount the Flet web UI too")
    args = parser.parse_args()
    hub = Hub(Path(args.data))
    hub.open_all()
    app = build_app(hub, admin_token=args.admin_token, with_web=args.web)
    config = uvicorn_config(app, host="127.0.0.1", port=args.port, lifespan="off")
    try:
        await uvicorn.Server(config).serve()
    finally:
        hub.close()


if __name__ == "__main__":
    eventloop.run(main())
