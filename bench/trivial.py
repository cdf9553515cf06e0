"""The baseline servers: bare ASGI functions under the same uvicorn as the host.

python -m bench.trivial --port N

- ``GET /`` answers ``{"ok":true}``: the bare round trip.
- ``POST /send`` counts one change and answers ``{"version":V}``; every open
  ``GET /stream`` gets ``data: {"version":V}`` for it (server-sent events): the bare
  fan-out, a feed that does no work at all (bench/fanout_floor.py).
"""

from __future__ import annotations

import argparse
import asyncio

import uvicorn
from starlette.types import Receive, Scope, Send

BODY = b'{"ok":true}'


class Feed:
    """The one counter and the streams waiting on it."""

    def __init__(self) -> None:
        self.version = 0
        self.changed = asyncio.Event()

    def bump(self) -> int:
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()
        return self.version


FEED = Feed()


async def _read_body(receive: Receive) -> None:
    while (await receive()).get("more_body"):
        pass


async def _json(send: Send, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _stream(receive: Receive, send: Send) -> None:
    headers = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    streaming = asyncio.current_task()
    assert streaming is not None

    async def hang_up() -> None:  # the stream ends when its client goes
        while (await receive())["type"] != "http.disconnect":
            pass
        streaming.cancel()

    watcher = asyncio.create_task(hang_up())
    sent = FEED.version
    try:
        while True:
            changed = FEED.changed
            if FEED.version == sent:
                await changed.wait()
            sent = FEED.version
            message = b'data: {"version":%d}\n\n' % sent
            await send({"type": "http.response.body", "body": message, "more_body": True})
    except asyncio.CancelledError:
        if not watcher.done():  # cancelled from outside (shutdown), not by a hang-up
            watcher.cancel()
            raise


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    """Answers the three routes above and nothing else."""
    if scope["type"] != "http":
        return
    await _read_body(receive)
    if scope["path"] == "/send":
        await _json(send, b'{"version":%d}' % FEED.bump())
    elif scope["path"] == "/stream":
        await _stream(receive, send)
    else:
        await _json(send, BODY)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    port = parser.parse_args().port
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
