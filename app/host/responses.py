"""JSON responses encoded with orjson.

The feed answers every follower with its whole view after every event; the standard
library's encoder was a tenth of the host's CPU on that path (docs/benchmarks.md).
orjson writes the same JSON several times faster.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from fastapi.responses import JSONResponse
from starlette.types import Send


class FastJSONResponse(JSONResponse):
    """A JSONResponse rendered by orjson (string keys only, as JSON has)."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON; the standard library's encoder takes what orjson refuses
    (integers beyond 64 bits, which a player may type and the rules then refuse)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


async def send_json(send: Send, status: int, content: Any) -> None:
    """Answer a raw ASGI request with ``content`` as JSON (for the ASGI wrappers that
    answer before FastAPI: the body limit and the feed's fast lane)."""
    body = dumps(content)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
