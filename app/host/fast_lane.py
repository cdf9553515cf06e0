"""The fast lane: the host's three everyday requests, answered without FastAPI.

At a busy table nearly every request is one of three: a command, a long poll of the
feed, or a follower's stream. `FastLane` is an ASGI wrapper that answers those when
they are the everyday case (a known table, a valid bearer token, plain parameters, a
well-formed body) without FastAPI's routing, body validation, dependency solving and
middleware. Anything else, every error included, goes on to the FastAPI routes
(with the body replayed), so errors keep their one shape and the OpenAPI document
stays the reference. The answers come from the same functions the routes call, and
tests hold the lane to the routes' answers. Its paths are read from the routes
themselves (`lane_paths`), so a route moved is a lane moved. docs/benchmarks.md has
what it saves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from app.domain.actors import Actor
from app.domain.commands import Command

from . import jsoncodec
from .asgi_body import replay
from .errors import INTERNAL_ERROR, HostError, error_body
from .feed import MAX_WAIT_SECONDS, STREAM_HEARTBEAT_SECONDS, feed_answer, feed_stream
from .hub import Hub
from .live import LiveTable
from .responses import send_json

MAX_AFTER = 2**62
MAX_BRACKETS = 64  # a command's body has a handful
#: The routes (app.host.api, by their function's name) the lane answers, and what it
#: calls each: a command, a long poll of the feed, a stream of it.
LANE_ROUTES = {"post_command": "commands", "events": "events", "stream": "events/stream"}
_INT = re.compile(r"[0-9]{1,19}")
_NUMBER = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})?")
_BOOLS = {"true": True, "1": True, "false": False, "0": False}
log = logging.getLogger(__name__)
_STREAM_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
]


def lane_paths(api: FastAPI) -> dict[str, re.Pattern[str]]:
    """What the lane calls each route it answers -> the route's path as a pattern whose
    one group is the table id, asked of ``api`` by the route's name (Starlette's public
    ``url_path_for``: a route that moves moves the lane with it)."""
    marker = "TABLE-ID-MARKER"
    paths = {}
    for name, what in LANE_ROUTES.items():
        before, after = str(api.url_path_for(name, table_id=marker)).split(marker)
        paths[what] = re.compile(re.escape(before) + "([^/]+)" + re.escape(after))
    return paths


class FastLane:
    """Serve everyday commands, polls and streams directly; pass the rest on."""

    def __init__(self, app: FastAPI, hub: Hub, admin_token: str) -> None:
        self.app: ASGIApp = app
        self.hub = hub
        self.admin_token = admin_token
        self.paths = lane_paths(app)

    def _route(self, path: str) -> tuple[str, str] | None:
        """(table id, what) if ``path`` is one of the lane's routes."""
        for what, pattern in self.paths.items():
            if found := pattern.fullmatch(path):
                return found[1], what
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self._route(scope["path"]) if scope["type"] == "http" else None
        seat = self._seat(found[0], scope) if found else None
        if found and seat:
            live, actor = seat
            what, method = found[1], scope["method"]
            if what == "commands" and method == "POST":
                await self._command(live, actor, scope, receive, send)
                return
            query = _query(scope) if method == "GET" else None
            still = live.authority(_bearer(scope) or "", self.admin_token, actor)
            if what == "events" and query is not None:
                feed = _feed_params(query)
                if feed is not None:
                    try:
                        answer = await feed_answer(live, actor, *feed, still)
                    except HostError as exc:  # the token was revoked during the wait
                        await send_json(send, exc.status, error_body(exc.code, exc.message))
                        return
                    await send_json(send, 200, answer)
                    return
            if what == "events/stream" and query is not None:
                stream = _stream_params(query)
                if stream is not None:
                    await _stream(live, actor, *stream, still, receive, send)
                    return
        await self.app(scope, receive, send)

    def _seat(self, table_id: str, scope: Scope) -> tuple[LiveTable, Actor] | None:
        """The table and who the bearer token is there, if both are known."""
        live = self.hub.tables.get(table_id)
        token = _bearer(scope)
        if live is None or token is None:
            return None
        actor = live.actor_for(token, self.admin_token)
        return None if actor is None else (live, actor)

    async def _command(
        self, live: LiveTable, actor: Actor, scope: Scope, receive: Receive, send: Send
    ) -> None:
        body = await _read_body(receive)
        if body is None:
            return  # the client went away
        fields = _command_fields(scope, body)
        if fields is None:
            await self.app(scope, replay(body, receive), send)
            return
        live.seen(actor.label)
        try:
            status, answer = await self.hub.execute(live, Command(*fields, actor, time.time()))
        except HostError as exc:
            status, answer = exc.status, error_body(exc.code, exc.message)
        except Exception:  # the route's catch-all answers the same
            log.exception("Unexpected error on command %r at table %s", fields[1], live.table_id)
            status, answer = 500, INTERNAL_ERROR
        await send_json(send, status, answer)


async def _stream(
    live: LiveTable,
    actor: Actor,
    after: int,
    state: bool,
    heartbeat: float,
    still: Callable[[], bool],
    receive: Receive,
    send: Send,
) -> None:
    """Send ``feed_stream`` as it comes, until the follower hangs up (or its token is
    revoked: then the stream ends)."""
    await send({"type": "http.response.start", "status": 200, "headers": _STREAM_HEADERS})
    chunks = feed_stream(live, actor, after, state, heartbeat, still)

    async def pump() -> None:
        async for chunk in chunks:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b""})  # revoked: the end

    async def until_gone() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    tasks = [asyncio.ensure_future(pump()), asyncio.ensure_future(until_gone())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await task
        await chunks.aclose()


def _query(scope: Scope) -> dict[str, str] | None:
    """The query's parameters, or None if one is given twice."""
    params = parse_qsl(scope.get("query_string", b"").decode("latin-1"), True)
    given = dict(params)
    return given if len(given) == len(params) else None


def _feed_params(given: dict[str, str]) -> tuple[int, float, bool] | None:
    """``after``, ``wait``, ``state`` of an everyday long poll, else None."""
    if not set(given) <= {"after", "wait", "state"}:
        return None
    after, wait, state = _after(given), _seconds(given.get("wait", "0")), _state_flag(given)
    if after is None or wait is None or state is None or wait > MAX_WAIT_SECONDS:
        return None
    return after, wait, state


def _stream_params(given: dict[str, str]) -> tuple[int, bool, float] | None:
    """``after``, ``state``, ``heartbeat`` of an everyday stream, else None."""
    if not set(given) <= {"after", "state", "heartbeat"}:
        return None
    after, state = _after(given), _state_flag(given)
    heartbeat = _seconds(given.get("heartbeat", str(STREAM_HEARTBEAT_SECONDS)))
    if after is None or state is None or heartbeat is None:
        return None
    if not 1 <= heartbeat <= MAX_WAIT_SECONDS:
        return None
    return after, state, heartbeat


def _after(given: dict[str, str]) -> int | None:
    after = given.get("after", "0")
    return int(after) if _INT.fullmatch(after) and int(after) <= MAX_AFTER else None


def _seconds(text: str) -> float | None:
    return float(text) if _NUMBER.fullmatch(text) else None


def _state_flag(given: dict[str, str]) -> bool | None:
    return _BOOLS.get(given.get("state", "false").lower())


def _command_fields(scope: Scope, body: bytes) -> tuple[str, str, dict[str, Any]] | None:
    """(id, type, args) of a well-formed command body, else None (FastAPI answers)."""
    if _header(scope, b"content-type").split(";")[0].strip() != "application/json":
        return None
    if body.count(b"[") + body.count(b"{") > MAX_BRACKETS:
        return None  # deeply nested: the route's parser and its error decide
    try:
        data = jsoncodec.loads(body)
    except jsoncodec.DecodeError:
        return None
    if not isinstance(data, dict) or not set(data) <= {"id", "type", "args"}:
        return None
    command_id, command_type, args = data.get("id"), data.get("type"), data.get("args", {})
    if not (isinstance(command_id, str) and 1 <= len(command_id) <= 100):
        return None
    if not (isinstance(command_type, str) and 1 <= len(command_type) <= 60):
        return None
    if not isinstance(args, dict):
        return None
    return command_id, command_type, args


async def _read_body(receive: Receive) -> bytes | None:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _header(scope: Scope, name: bytes) -> str:
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key == name:
            return value.decode("latin-1")
    return ""


def _bearer(scope: Scope) -> str | None:
    """The token from ``Authorization: Bearer`` (the fast lane reads nothing else)."""
    scheme, _, token = _header(scope, b"authorization").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None
