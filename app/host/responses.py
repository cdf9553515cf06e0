"""JSON responses encoded by app.host.jsoncodec (orjson where it is installed)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from starlette.types import Send

from .jsoncodec import dumps

__all__ = ["FastJSONResponse", "dumps", "send_json"]


class FastJSONResponse(JSONResponse):
    """A JSONResponse rendered by app.host.jsoncodec (orjson where installed)."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


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
