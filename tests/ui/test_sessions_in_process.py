"""A browser page's session on the host follows its table in-process, never over HTTP.

The host is built as `fatepot host` builds it (``host_api`` with the composition
root's web UI mounted);
the gateway it hands the Flet ``main`` is taken as the sessions get it, and real Flet
pages (tests/ui/live.py) of the GM and two players open, join, tap and follow. Any
request into the fast lane or through an ``httpx.ASGITransport`` meanwhile fails the
test: the sessions must reach the table through app.inproc.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import app.compose.web
import app.ui.app
from app.domain.table import Table
from app.domain.table_commands import NOTE
from app.host.fast_lane import FastLane
from app.host.hub import Hub
from app.host.server import host_api
from app.ui.device import Device, MemoryStore
from app.ui.model import AppModel, Gateway
from app.ui.model.contracts import PerPhone
from app.ui.routes import parse_route
from tests.conftest import ADMIN

from .live import LivePage, settle


@pytest.fixture
def http_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every request that reached the fast lane or an in-process HTTP transport."""
    calls: list[str] = []
    lane, transport = FastLane.__call__, httpx.ASGITransport.handle_async_request

    async def lane_called(self: FastLane, scope: Any, receive: Any, send: Any) -> None:
        calls.append(f"FastLane {scope.get('path')}")
        await lane(self, scope, receive, send)

    async def transport_called(self: httpx.ASGITransport, request: httpx.Request) -> httpx.Response:
        calls.append(f"ASGITransport {request.url.path}")
        return await transport(self, request)

    monkeypatch.setattr(FastLane, "__call__", lane_called)
    monkeypatch.setattr(httpx.ASGITransport, "handle_async_request", transport_called)
    yield calls


def sessions_gateway(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> Gateway:
    """The gateway the host's web UI gives every browser session."""
    given: list[Gateway] = []
    real = app.ui.app.build_main

    def recording(gateway: Gateway, **kwargs: Any) -> Any:
        given.append(gateway)
        return real(gateway, **kwargs)

    monkeypatch.setattr(app.compose.web, "build_main", recording)
    host_api(hub, admin_token=ADMIN, mount=app.compose.web.mount_ui)
    assert len(given) == 1
    return given[0]


def page_model(gateway: Gateway, phone: str) -> AppModel:
    """A page's model, its gateway for its phone as app.ui.app.build_main makes it."""
    if isinstance(gateway, PerPhone):
        gateway = gateway.for_client(phone)
    return AppModel(gateway, Device(MemoryStore()), "http://192.168.1.9:8000")


def heard(model: AppModel, text: str) -> bool:
    return any(text in entry["text"] for entry in model.log)


async def until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_browser_sessions_never_reach_the_table_over_http(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, http_calls: list[str]
) -> None:
    hub = Hub(tmp_path / "data")
    pages: list[LivePage] = []
    try:
        live = await hub.create_table("Saloon", "deadlands", {})
        gateway = sessions_gateway(hub, monkeypatch)
        gm = page_model(gateway, "192.168.1.10")
        await gm.open_route(parse_route(f"/gm?table={live.table_id}&token={live.gm_token}"))
        players = [page_model(gateway, f"192.168.1.{20 + i}") for i in range(2)]
        for i, model in enumerate(players):
            await model.open_route(parse_route(f"/join/{live.join_code}"))
            await model.join(live.join_code, f"P{i}")
        pages = [LivePage(m) for m in (gm, *players)]
        await settle()
        assert gm.screen == "gm" and all(m.screen == "player" for m in players)
        await gm.send(NOTE(text="The stage is late."))
        await players[1].send(NOTE(text="I check my gun."))
        await until(lambda: all(heard(m, "I check my gun") for m in (gm, *players)))
        await settle()
        assert http_calls == []
        # Pages got the table's own values, not copies: none of them changed the state.
        assert live.table.state == Table.replay(live.table_id, live.table.events).state
    finally:
        for model in (gm, *players) if pages else ():
            await model.suspend()
        hub.close()
