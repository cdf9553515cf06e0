"""The baseline server: uvicorn answering ``{"ok":true}`` with a bare ASGI function.

python -m bench.trivial --port N
"""

from __future__ import annotations

import argparse

import uvicorn
from starlette.types import Receive, Scope, Send

BODY = b'{"ok":true}'


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    """Reads the request, answers 200 with a tiny JSON body; nothing else."""
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json"), (b"content-length", b"11")],
        }
    )
    await send({"type": "http.response.body", "body": BODY})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    port = parser.parse_args().port
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
