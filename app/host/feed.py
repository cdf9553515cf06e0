"""The feed: what a follower gets after each event, and its fast lane.

Every follower asks for the feed again after every event (a long poll, with its view
of the table), so this one request is most of the host's work at a busy table. The
answer is built by `feed_answer`, shared by the documented FastAPI route and by
`FeedFastLane`, an ASGI wrapper that serves the everyday case (a known table, a valid
token, plain parameters) without FastAPI's routing, dependency solving and middleware.
Anything else, an error included, goes on to the FastAPI route, so errors keep their
one shape and the OpenAPI document stays the reference. docs/benchmarks.md has what
the lane saves.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Receive, Scope, Send

from app.domain.actors import GM, Actor
from app.protocol import view_patch

from .auth import same
from .hub import Hub
from .live import LiveTable
from .responses import dumps, send_json

MAX_WAIT_SECONDS = 30.0
STREAM_HEARTBEAT_SECONDS = 15.0
KEEP_ALIVE = b": keep-alive\n\n"
# With state, the follower hears the keep-alive (a comment is skipped unseen), so a
# quiet table still tells it the link is up and queued taps can go.
KEEP_ALIVE_EVENT = b"event: keep-alive\ndata: {}\n\n"
MAX_AFTER = 2**62
FEED_PATH = re.compile(r"/api/tables/([^/]+)/events")
_INT = re.compile(r"[0-9]{1,19}")
_NUMBER = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})?")
_BOOLS = {"true": True, "1": True, "false": False, "0": False}


def table_view(live: LiveTable, actor: Actor) -> dict[str, Any]:
    """The table as ``actor`` may see it, with who is online and the join code."""
    table = live.table.view(actor)
    for entry in table["seats"]:
        entry["online"] = live.online(entry["player_id"])
    table["gm_online"] = live.online("gm")
    table["join_code"] = live.join_code
    return table


async def feed_answer(
    live: LiveTable, actor: Actor, after: int, wait: float, state: bool
) -> dict[str, Any]:
    """Events after ``after`` that ``actor`` may see (waiting up to ``wait`` seconds for
    one), the table's version and, with ``state``, the actor's view."""
    if wait > 0 and live.table.version <= after:
        await live.wait_past(after, wait, actor.label)
    out: dict[str, Any] = {
        "version": live.table.version,
        "events": [e.to_public() for e in live.table.events_after(after, actor)],
    }
    if state:
        out["table"] = table_view(live, actor)
    return out


async def feed_stream(
    live: LiveTable, actor: Actor, after: int, state: bool, heartbeat: float
) -> AsyncIterator[bytes]:
    """The feed as server-sent events, for as long as the follower listens.

    Without ``state``: one message per event (``id: version``, ``data: event``).

    With ``state``: a feed answer at once and after every change: the events since the
    last message, the version, ``after`` (the version the message follows on from) and
    the actor's view, whole in the first message and as ``patch`` (app.protocol.
    view_patch) in the others. A follower pays for one request per connection rather
    than one per event, and for the bytes that changed rather than the whole view.

    A keep-alive after ``heartbeat`` seconds of quiet (an ``event: keep-alive``
    message with state, else a comment) lets the follower tell a silent table from a
    dead link.
    """
    cursor, sent_view = after, None
    while True:
        if state and (sent_view is None or live.table.version > cursor):
            answer = await feed_answer(live, actor, cursor, 0, True)
            answer["after"] = cursor  # lets the follower check it missed no message
            cursor = int(answer["version"])
            view = answer["table"]
            if sent_view is not None:
                answer["patch"] = view_patch.diff(sent_view, answer.pop("table"))
            sent_view = view
            yield b"id: %d\ndata: %s\n\n" % (cursor, dumps(answer))
        elif not state:
            for event in live.table.events_after(cursor, actor):
                yield b"id: %d\ndata: %s\n\n" % (event.version, dumps(event.to_public()))
            cursor = max(cursor, live.table.version)
        await live.wait_past(cursor, heartbeat, actor.label)
        if live.table.version <= cursor:
            yield KEEP_ALIVE_EVENT if state else KEEP_ALIVE


class FeedFastLane:
    """Serve well-formed, authorised feed requests directly; pass the rest on."""

    def __init__(self, app: ASGIApp, hub: Hub, admin_token: str) -> None:
        self.app = app
        self.hub = hub
        self.admin_token = admin_token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = FEED_PATH.fullmatch(scope["path"])
            request = found and self._request(found[1], scope)
            if request:
                live, actor, after, wait, state = request
                await send_json(send, 200, await feed_answer(live, actor, after, wait, state))
                return
        await self.app(scope, receive, send)

    def _request(
        self, table_id: str, scope: Scope
    ) -> tuple[LiveTable, Actor, int, float, bool] | None:
        """The parsed request if it is the everyday case, else None (FastAPI answers)."""
        live = self.hub.tables.get(table_id)
        token = _bearer(scope)
        if live is None or token is None:
            return None
        actor = live.actor_for(token)
        if actor is None:
            if not same(token, self.admin_token):
                return None
            actor = GM
        params = parse_qsl(scope.get("query_string", b"").decode("latin-1"), True)
        names = [name for name, _ in params]
        if len(set(names)) != len(names) or not set(names) <= {"after", "wait", "state"}:
            return None
        given = dict(params)
        after, wait, state = given.get("after", "0"), given.get("wait", "0"), given.get("state")
        if not _INT.fullmatch(after) or int(after) > MAX_AFTER:
            return None
        if not _NUMBER.fullmatch(wait) or float(wait) > MAX_WAIT_SECONDS:
            return None
        if state is not None and state.lower() not in _BOOLS:
            return None
        return live, actor, int(after), float(wait), _BOOLS.get((state or "0").lower(), False)


def _bearer(scope: Scope) -> str | None:
    """The token from ``Authorization: Bearer`` (the fast lane reads nothing else)."""
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for name, value in headers:
        if name == b"authorization":
            scheme, _, token = value.decode("latin-1").partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None
