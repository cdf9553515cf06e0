"""The baseline for the browser benchmark: the least a Flet app can do for the same tap.

    python -m bench.bare_flet --port N [--lines 200]

A page with a "Write the note" button and a list of lines, newest first. A tap on any
page adds one line to a list shared by every session on the same route (one "table"
per route: ``bench/convention.py`` opens ten) and tells those sessions through
``page.pubsub`` (a topic per route); each session inserts the one new row at the top
of its own ListView and updates only that. Served exactly as the host serves Fate Pot
(``mount_web``: the same offline Flet web client, gzip, service worker) under the same
uvicorn, so the only difference a browser sees is what the server does per tap.
"""

from __future__ import annotations

import argparse
from typing import Any

import flet as ft
import uvicorn
from fastapi import FastAPI

from app.compose.web import ASSETS
from app.host import eventloop
from app.host.server import uvicorn_config
from app.host.web import mount_web

#: The lines every session of a route shows, newest last, per route.
LINES: dict[str, list[str]] = {}
#: How many lines a route's list starts with.
EARLIER = [0]


def lines_of(route: str) -> list[str]:
    if route not in LINES:
        LINES[route] = [f"earlier line {i + 1}" for i in range(EARLIER[0])]
    return LINES[route]


def row(text: str) -> ft.Control:
    return ft.Container(ft.Text(text, size=15), padding=ft.Padding.symmetric(vertical=4))


async def main(page: ft.Page) -> None:
    page.title = "Bare Flet"
    topic = page.route or "/"
    lines = lines_of(topic)
    rows = ft.ListView([row(t) for t in reversed(lines)], expand=True)

    def added(_topic: str, message: Any) -> None:
        rows.controls.insert(0, row(str(message)))
        rows.update()

    def write(_: ft.Event[ft.Button]) -> None:
        text = f"note {len(lines) + 1}"
        lines.append(text)
        page.pubsub.send_all_on_topic(topic, text)

    page.pubsub.subscribe_topic(topic, added)
    page.add(ft.Button("Write the note", on_click=write), rows)


def build(lines: int) -> FastAPI:
    LINES.clear()
    EARLIER[0] = lines
    api = FastAPI()

    @api.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    mount_web(api, main, assets_dir=ASSETS)
    return api


async def serve() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--lines", type=int, default=0)
    args = parser.parse_args()
    config = uvicorn_config(build(args.lines), host="127.0.0.1", port=args.port)
    await uvicorn.Server(config).serve()


if __name__ == "__main__":
    eventloop.run(serve())
