"""Reading a request body at the ASGI level and handing it on to the next app."""

from __future__ import annotations

from starlette.types import Message, Receive


def replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands over ``body`` (already read) once more, then what follows
    (a disconnect), for the app a wrapper passes a request on to."""
    replayed = False

    async def again() -> Message:
        nonlocal replayed
        if not replayed:
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
