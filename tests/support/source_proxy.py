"""A TCP forwarder whose connections to the host come from another loopback address.

Every browser in a test runs on 127.0.0.1, so the host would see every phone at the
same address; at a real table each phone has its own. `SourceProxy(target, "127.0.0.2")`
listens on 127.0.0.1 and forwards each connection (HTTP and the web socket alike) from
127.0.0.2, so the host sees that phone at 127.0.0.2 (Linux answers on all of 127/8).
`cut()` and `restore()` take that phone's Wi-Fi away and give it back, closing every
connection (a reset, as when the phone switches networks); `hold()` takes it away the
way a phone walking out of range does: nothing closes, every connection just stops
carrying bytes both ways (they are kept and arrive late if the link comes back, as TCP
retransmits them), and a new connection goes nowhere until `restore()`; `lag(seconds)`
makes the host slow to read that phone: what the phone sends reaches the host in bursts,
one every ``seconds``, as a busy host reads its sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from urllib.parse import urlsplit


class SourceProxy:
    """Forward 127.0.0.1:<port> to ``target`` (an http URL) from ``source``."""

    def __init__(self, target: str, source: str) -> None:
        parts = urlsplit(target)
        self.target = (parts.hostname or "127.0.0.1", int(parts.port or 80))
        self.source = source
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.ready = threading.Event()
        self.cut_off = False  # while True, the link is down: connections are refused
        self.flowing: asyncio.Event | None = None  # cleared while the link is held
        self.burst = 0.0  # seconds between bursts of what the phone sends (0: at once)
        self._open: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self._run, name="source-proxy", daemon=True)

    @property
    def url(self) -> str:
        assert self.server is not None
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def start(self) -> SourceProxy:
        self.thread.start()
        if not self.ready.wait(10):
            raise RuntimeError("the proxy did not start")
        return self

    def cut(self) -> None:
        """The Wi-Fi goes: every open connection drops, new ones are refused."""

        def drop() -> None:
            self.cut_off = True
            for writer in list(self._open):
                writer.transport.abort()

        self.loop.call_soon_threadsafe(drop)

    def hold(self) -> None:
        """The Wi-Fi goes silently: connections stay open and carry nothing."""

        def stop() -> None:
            assert self.flowing is not None
            self.flowing.clear()

        self.loop.call_soon_threadsafe(stop)

    def lag(self, seconds: float) -> None:
        """From now on the host reads this phone in bursts, one every ``seconds``."""
        self.burst = seconds

    def restore(self) -> None:
        """The Wi-Fi is back (what a held link kept goes on its way)."""
        self.cut_off = False

        def flow() -> None:
            assert self.flowing is not None
            self.flowing.set()

        self.loop.call_soon_threadsafe(flow)

    def stop(self) -> None:
        async def shut() -> None:
            for writer in list(self._open):
                writer.transport.abort()
            if self.server is not None:
                self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", 0)
        )
        self.ready.set()
        self.loop.run_forever()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            writer.transport.abort()
            return
        assert self.flowing is not None
        await self.flowing.wait()  # a held link: the connection goes nowhere meanwhile
        try:
            up_reader, up_writer = await asyncio.open_connection(
                *self.target, local_addr=(self.source, 0)
            )
        except OSError:
            writer.close()
            return
        self._open |= {writer, up_writer}
        try:
            flowing = self.flowing
            await asyncio.gather(
                _pipe(reader, up_writer, lambda: self.burst, flowing),
                _pipe(up_reader, writer, flowing=flowing),
            )
        finally:
            self._open -= {writer, up_writer}


async def _pipe(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    burst: Callable[[], float] = lambda: 0.0,
    flowing: asyncio.Event | None = None,
) -> None:
    with contextlib.suppress(OSError, asyncio.CancelledError):
        while data := await reader.read(65536):
            if (pause := burst()) > 0:
                # What arrives meanwhile is read at once next time: one burst per pause.
                await asyncio.sleep(pause)
            if flowing is not None:
                await flowing.wait()  # held: kept until the link is back
            writer.write(data)
            await writer.drain()
        if flowing is not None:
            await flowing.wait()  # a held link carries no close either
    with contextlib.suppress(OSError):
        writer.close()
