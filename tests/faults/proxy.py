"""A TCP proxy on 127.0.0.1 that can cut a client off, the way Wi-Fi does.

Modes: ``open`` forwards; ``refuse`` resets every connection (airplane mode, host out
of reach); ``blackhole`` accepts and forwards nothing, in either direction (a dead
access point: packets vanish, nothing says so).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Literal

Mode = Literal["open", "refuse", "blackhole"]


class CutProxy:
    """Runs its own event loop in a thread; ``url`` points at the upstream host."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.mode: Mode = "open"
        self._loop = asyncio.new_event_loop()
        self._writers: set[asyncio.StreamWriter] = set()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        ready.wait(10)
        self.url = f"http://127.0.0.1:{self.port}"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", 0)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()
        # Stopped by close(): let every connection's task end its cancellation here,
        # rather than be destroyed pending (which prints tracebacks at exit).
        pending = asyncio.all_tasks(self._loop)
        for task in pending:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self._loop.close()

    def set_mode(self, mode: Mode) -> None:
        """Switch mode; cutting also kills the connections already open."""
        self.mode = mode
        if mode != "open":
            self._loop.call_soon_threadsafe(self._drop_all)

    def _drop_all(self) -> None:
        for writer in list(self._writers):
            if self.mode == "refuse":
                writer.transport.abort()
        # In blackhole mode the open connections stay up but carry nothing (see _pipe).

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Closing cancels every connection; a connection handler that ends cancelled
        # makes asyncio log a traceback per connection, so end it quietly instead.
        with contextlib.suppress(asyncio.CancelledError):
            await self._serve(reader, writer)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.mode == "refuse":
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, up_writer))
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )
        for w in (writer, up_writer):
            self._writers.discard(w)
            w.transport.abort()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(65536):
            if self.mode == "blackhole":
                continue  # swallowed
            writer.write(data)
            await writer.drain()

    def close(self) -> None:
        def stop() -> None:
            self._server.close()
            for w in list(self._writers):
                with contextlib.suppress(Exception):
                    w.transport.abort()
            self._loop.stop()

        self._loop.call_soon_threadsafe(stop)
        self._thread.join(5)
