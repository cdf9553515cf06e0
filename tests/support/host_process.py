"""Run a host in its own process (with the test rule system) for kill -9 drills.

python -m tests.support.host_process --data DIR --port N
"""

from __future__ import annotations

import argparse

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
    args = parser.parse_args()
    hub = Hub(__import__("pathlib").Path(args.data))
    hub.open_all()
    app = build_app(hub, admin_token=args.admin_token)
    server = uvicorn.Server(uvicorn_config(app, host="127.0.0.1", port=args.port, lifespan="off"))
    await server.serve()


if __name__ == "__main__":
    eventloop.run(main())
