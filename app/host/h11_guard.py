"""The app's host (uvicorn on h11, app.host.embedded) closes connections that never
finish a request, as `fatepot host` does on httptools (app.host.connections).

A connection must send a whole request (headers and body) within ``request_timeout``
seconds of opening, or of its first byte on a kept-alive connection; otherwise it is
closed. Once a request is whole the app has it: streams and web sockets live as long
as they need, and a quiet kept-alive connection is uvicorn's to close (its keep-alive
timeout). Pure Python: h11 is what a phone's Python carries.

Not here: the cap on connections waiting at once and the budget from the file limit
of app.host.connections.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11

from .h11_internals import MIGHT_SWITCH_PROTOCOL
from .uvicorn_internals import H11Protocol

log = logging.getLogger(__name__)

REQUEST_TIMEOUT_SECONDS = 15.0
#: States in which the peer has nothing more to send us for this request (an upgrade
#: request, whole, waits in MIGHT_SWITCH_PROTOCOL: uvicorn answers it outside h11).
_FINISHED = (
    h11.DONE,
    h11.MUST_CLOSE,
    h11.CLOSED,
    h11.ERROR,
    MIGHT_SWITCH_PROTOCOL,
    h11.SWITCHED_PROTOCOL,
)


def guarded_h11(request_timeout: float = REQUEST_TIMEOUT_SECONDS) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline for each request to arrive whole."""

    class GuardedH11(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._deadline: asyncio.TimerHandle | None = None
            self._served = False  # a request arrived whole on this connection
            self._upgraded = False  # a web socket has the transport: never close it here

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._start()  # a connection that sends nothing is closed too

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            self._watch()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._upgraded = True  # the web socket protocol owns the connection now
            self._stop()
            super().handle_websocket_upgrade(event)

        def _watch(self) -> None:
            state = self.conn.their_state
            if self._upgraded or state in _FINISHED:
                self._served = self._served or state is h11.DONE
                self._stop()
            elif state is h11.IDLE and not self.conn.trailing_data[0] and self._served:
                self._stop()  # between requests: uvicorn's keep-alive timeout applies
            elif self._deadline is None:
                self._start()  # a new request has begun to arrive

        def _start(self) -> None:
            self._stop()
            if self._upgraded:
                return
            self._deadline = self.loop.call_later(request_timeout, self._expire)

        def _stop(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expire(self) -> None:
            self._deadline = None
            if self._upgraded:
                return
            log.debug("Closing a connection from %s: no whole request in time", self.client)
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedH11
