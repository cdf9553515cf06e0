"""Connections that never finish a request don't pile up: a deadline and a cap.

uvicorn closes a kept-alive connection that stays quiet after a response, but a new
connection that sends nothing, or half its headers, or half its body, stays open for
ever. Each holds a file descriptor, and at the common limits (1024 on Linux, 256 on
macOS) a few hundred of them (a phone's browser opening speculative sockets, a
scanner, a bad Wi-Fi) leave no room for the next phone. So, per connection:

- a **deadline**: a request must arrive whole within ``request_timeout`` seconds of the
  connection opening (or of its first byte, on a kept-alive connection), or the
  connection is closed. Once a request is whole, the app has it: long polls, streams
  and web sockets live as long as they need;
- a **cap** on connections still waiting for a whole request: past it, the oldest
  waiting one is closed; and a **budget** for all connections from the process's file
  limit: past it, the oldest waiting one is closed, or the new one if none is waiting.

bench/connection_cap.py measures it against 1024 and 256 file limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from dataclasses import dataclass
from typing import Any

from .uvicorn_internals import HttpToolsProtocol

log = logging.getLogger(__name__)

#: Descriptors kept for everything but client connections: table databases and their
#: WAL files, the log, the listening socket, thread pools, Flet's temp files.
RESERVED_FILES = 64
REQUEST_TIMEOUT_SECONDS = 15.0
MAX_OPEN_FILES = 65536
#: Windows has no per-process descriptor limit of this kind; asyncio's selector loop
#: there is good for about 500 sockets.
WINDOWS_FILES = 512


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a request may take to arrive and how many connections may wait."""

    request_timeout: float
    max_waiting: int
    max_connections: int

    @classmethod
    def for_file_limit(
        cls, files: int, request_timeout: float = REQUEST_TIMEOUT_SECONDS
    ) -> ConnectionLimits:
        """Limits that fit a process allowed ``files`` open files."""
        budget = max(32, files - RESERVED_FILES)
        return cls(request_timeout, max(16, budget // 4), budget)

    @classmethod
    def for_this_process(cls) -> ConnectionLimits:
        """Limits that fit this process's open-file limit as it is now."""
        return cls.for_file_limit(file_limit())


def file_limit() -> int:
    """How many files this process may have open (its soft limit)."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        return WINDOWS_FILES
    import resource

    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def raise_file_limit(ceiling: int = MAX_OPEN_FILES) -> int:
    """Raise the soft open-file limit as far as the hard one allows; returns it."""
    if sys.platform == "win32":  # pragma: no cover - Windows only
        return WINDOWS_FILES
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(ceiling, ceiling if hard == resource.RLIM_INFINITY else hard)
    if wanted > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft


def guarded_http(limits: ConnectionLimits) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with ``limits`` (one class per server: it counts)."""
    waiting: dict[GuardedHttp, None] = {}  # insertion order: the oldest first
    open_: set[GuardedHttp] = set()

    class GuardedHttp(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            open_.add(self)
            self._wait()
            if len(open_) > limits.max_connections:
                _close(next(iter(waiting), self), "over the connection budget")
            elif len(waiting) > limits.max_waiting:
                _close(next(iter(waiting)), "too many connections waiting")

        def connection_lost(self, exc: Exception | None) -> None:
            self._done()
            open_.discard(self)
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._wait()  # a new request on a kept-alive connection: the clock restarts

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._done()

        def handle_websocket_upgrade(self) -> None:
            self._done()
            open_.discard(self)  # the web socket protocol owns the connection now
            super().handle_websocket_upgrade()

        def _wait(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(limits.request_timeout, self._expire)
            waiting[self] = None

        def _done(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            waiting.pop(self, None)

        def _expire(self) -> None:
            self._deadline = None
            _close(self, "no whole request in time")

    def _close(connection: GuardedHttp, why: str) -> None:
        connection._done()
        log.debug("Closing a connection from %s: %s", connection.client, why)
        if not connection.transport.is_closing():
            connection.transport.close()

    return GuardedHttp
