"""The feed: what a follower gets after each event, as a long poll or a stream.

Every follower gets the events and its view after every event, so this is most of the
host's work at a busy table. The answers are built here and shared by the documented
FastAPI routes (app.host.api) and the fast lane (app.host.fast_lane).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import Any

from app.domain.actors import Actor
from app.protocol import view_patch

from .errors import unauthorized
from .live import LiveTable
from .responses import dumps

MAX_WAIT_SECONDS = 30.0
STREAM_HEARTBEAT_SECONDS = 15.0
KEEP_ALIVE = b": keep-alive\n\n"
# With state, the follower hears the keep-alive (a comment is skipped unseen), so a
# quiet table still tells it the link is up and queued taps can go.
KEEP_ALIVE_EVENT = b"event: keep-alive\ndata: {}\n\n"
REVOKED = "That token no longer opens this table (the seat moved or was removed)."


def table_view(live: LiveTable, actor: Actor) -> dict[str, Any]:
    """The table as ``actor`` may see it, with who is online and the join code."""
    table = live.table.view(actor)
    for entry in table["seats"]:
        entry["online"] = live.online(entry["player_id"])
    table["gm_online"] = live.online("gm")
    table["join_code"] = live.join_code
    return table


def _always() -> bool:
    return True


async def feed_answer(
    live: LiveTable,
    actor: Actor,
    after: int,
    wait: float,
    state: bool,
    still: Callable[[], bool] = _always,
) -> dict[str, Any]:
    """Events after ``after`` that ``actor`` may see (waiting up to ``wait`` seconds for
    one), the table's version and, with ``state``, the actor's view. ``still`` is asked
    again after the wait: a token revoked meanwhile gets a 401, not the view. Asking
    is being here: ``actor`` counts as online from its first read."""
    live.seen(actor.label)
    if wait > 0 and live.table.version <= after:
        await live.wait_past(after, wait, actor.label, still, presence=state)
        if not still():
            raise unauthorized(REVOKED)
    out: dict[str, Any] = {
        "version": live.table.version,
        "events": [e.to_public() for e in live.table.events_after(after, actor)],
    }
    if state:
        out["table"] = table_view(live, actor)
    return out


async def feed_stream(
    live: LiveTable,
    actor: Actor,
    after: int,
    state: bool,
    heartbeat: float,
    still: Callable[[], bool] = _always,
) -> AsyncGenerator[bytes, None]:
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

    ``still`` is asked before every message: once the token no longer holds (the seat
    was claimed by another device or removed), the stream ends, and the follower's
    reconnection gets the 401.
    """
    cursor, sent_view, sent_presence = after, None, live.presence
    while still():
        news = live.table.version > cursor or live.presence != sent_presence
        if state and (sent_view is None or news):
            answer = await feed_answer(live, actor, cursor, 0, True)
            sent_presence = live.presence  # the view just built shows it
            answer["after"] = cursor  # lets the follower check it missed no message
            cursor = int(answer["version"])
            view = answer.pop("table")
            if sent_view is None:
                answer["table"] = view
            else:
                answer["patch"] = view_patch.diff(sent_view, view)
            sent_view = view
            yield b"id: %d\ndata: %s\n\n" % (cursor, dumps(answer))
        elif not state:
            for event in live.table.events_after(cursor, actor):
                yield b"id: %d\ndata: %s\n\n" % (event.version, dumps(event.to_public()))
            cursor = max(cursor, live.table.version)
        await live.wait_past(cursor, heartbeat, actor.label, still, presence=state)
        quiet = live.table.version <= cursor and (not state or live.presence == sent_presence)
        if quiet and still():
            yield KEEP_ALIVE_EVENT if state else KEEP_ALIVE
