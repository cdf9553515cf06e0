"""An ASGI middleware that refuses request bodies over a size limit with 413."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from .asgi_body import replay
from .errors import error_body
from .responses import send_json

MAX_BODY_BYTES = 64 * 1024


class BodySizeLimit:
    """Counts body bytes as they arrive (Content-Length can lie or be absent)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        # Read the whole body first (it is small by definition) so an oversized stream is
        # refused here, before a framework turns the interruption into a parsing error.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replay(b"".join(chunks), receive), send)

    async def _refuse(self, send: Send) -> None:
        message = f"The request body is over {self.max_bytes // 1024} KiB."
        await send_json(send, 413, error_body("body_too_large", message))
