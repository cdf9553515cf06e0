"""Watch each browser page's web socket: a heartbeat both ways, a deadline, and the
taps of a dropped link delivered exactly once.

A phone that walks out of Wi-Fi range closes nothing: its socket stays half-open and
silent, and neither uvicorn nor the browser notices for minutes. Meanwhile the host
believed the seat online, the page believed the host there, and a tap made in the gap
went into the dead socket and was lost (docs/ui.md, "The link"). `LinkWatch` wraps
Flet's web socket endpoint (ASGI) and, with the page's script
(`app.host.web_reconnect`), keeps both sides honest:

- **Heartbeat.** Every ``ping`` seconds the host sends the page a text frame
  ``fp:ping <seq>`` (Flet's own frames are binary, so the page's script can tell
  them apart and keeps them from Flutter); the page answers ``fp:pong``. A link that
  carried nothing from the page for ``dead_after`` seconds is declared dead: Flet's
  session hears a disconnect at once (the seat goes away, `AppModel.suspend`), and
  nothing more is written to the socket.
- **Exactly once.** The page numbers every frame it sends after the first (Flet's
  registration) in an envelope, ``0x7F`` + a 4-byte little-endian sequence number +
  Flet's frame, and keeps each until the host acknowledges it (``fp:ack <seq>`` as
  each arrives; every ``fp:ping`` carries the same number). On
  its next socket it says ``fp:hello <page id>`` first, then sends what was not
  acknowledged again: the host drops the numbers it already had, so a tap made just
  before a drop is applied once, when the link is back, however the drop ended. The
  host answers the hello with ``fp:welcome <seq>``, the last frame it had.
- **One socket per page.** A page's new socket replaces its old one: the old one is
  declared dead and its session detached before the new socket's registration reaches
  Flet. (Flet re-attaches a session only when it has no connection; otherwise it
  would start a second, blank session and leave the page frozen.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

#: How often the host pings each page.
PING_SECONDS = 2.0
#: A page silent this long is gone: within the 10 s a player or GM may wait for the truth,
#: and three pings long, so one late answer on a busy phone is not a drop.
DEAD_AFTER_SECONDS = 7.0
#: A page that has not answered a ping yet is still starting: its thread can be busy
#: for seconds drawing its first screen on a slow or loaded phone (measured: a page
#: booting beside two other browser runs declared dead by the 7 s rule).
BOOT_SECONDS = 20.0
#: How long a new socket waits for the page's old one to let go of its session.
HANDOVER_SECONDS = 5.0
#: Pages remembered (their last sequence number) for a socket that comes back.
MAX_PAGES = 4096
PREFIX = "fp:"
ENVELOPE = 0x7F
DISCONNECT: Message = {"type": "websocket.disconnect", "code": 1006}


@dataclass
class _Page:
    """What the host knows of one page load: the last frame it had, its live socket."""

    last_seq: int = 0
    link: _Link | None = None


class LinkWatch:
    """ASGI wrapper for Flet's web socket endpoint (other scopes pass through)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        ping: float = PING_SECONDS,
        dead_after: float = DEAD_AFTER_SECONDS,
        boot: float = BOOT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.ping = ping
        self.dead_after = dead_after
        self.boot = boot
        self.clock = clock
        self.pages: OrderedDict[str, _Page] = OrderedDict()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        link = _Link(self, receive, send)
        try:
            await self.app(scope, link.receive, link.send)
        finally:
            await link.finish()

    def page(self, page_id: str) -> _Page:
        """The page ``page_id`` (remembered, most recent last)."""
        page = self.pages.pop(page_id, None) or _Page()
        self.pages[page_id] = page
        while len(self.pages) > MAX_PAGES:
            self.pages.popitem(last=False)
        return page


@dataclass(eq=False)
class _Link:
    """One web socket of one page."""

    watch: LinkWatch
    _receive: Receive
    _send: Send
    page: _Page | None = None
    heard: float = 0.0
    answered: bool = False  # the page has answered a ping: it is up and running
    dead: asyncio.Event = field(default_factory=asyncio.Event)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    _inbox: asyncio.Queue[Message] = field(default_factory=asyncio.Queue)
    _pinger: asyncio.Task[None] | None = None
    _sending: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        self.heard = self.watch.clock()

    # ---- from the page -----------------------------------------------------------

    async def receive(self) -> Message:
        """The next message for Flet: heartbeats and repeats taken out, envelopes
        opened, and a disconnect as soon as the link is declared dead. The socket is
        read by a task of its own, so the heartbeat is answered and heard however long
        Flet takes over a message."""
        if self._reader is None:
            self._reader = asyncio.ensure_future(self._read())
        if self.dead.is_set() and self._inbox.empty():
            return DISCONNECT
        got = asyncio.ensure_future(self._inbox.get())
        dead = asyncio.ensure_future(self.dead.wait())
        try:
            await asyncio.wait({got, dead}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            dead.cancel()
        if got.done():
            return got.result()
        got.cancel()
        return DISCONNECT

    async def _read(self) -> None:
        """Read the page's socket until it ends: heartbeats here, the rest to Flet."""
        while True:
            message = await self._receive()
            if message["type"] != "websocket.receive":
                await self._inbox.put(message)
                if message["type"] == "websocket.disconnect":
                    self.dead.set()
                    return
                continue
            self.heard = self.watch.clock()
            text = message.get("text")
            if text is not None and text.startswith(PREFIX):
                await self._heartbeat(text)
                continue
            data = message.get("bytes")
            if data and data[0] == ENVELOPE:
                opened = self._open(data)
                if opened is not None:
                    await self._inbox.put({"type": "websocket.receive", "bytes": opened})
                # Acknowledged at once, not at the next ping: a tap the host has is not
                # "waiting" on the page when the link drops a second later (a page then
                # said a note it had seen applied "did not reach" a restarted host).
                await self._send_text(f"{PREFIX}ack {self._acked()}")
                continue
            await self._inbox.put(message)

    def _open(self, data: bytes) -> bytes | None:
        """Flet's frame inside an envelope, or None if the host had it already."""
        seq = int.from_bytes(data[1:5], "little")
        if self.page is not None:
            if seq <= self.page.last_seq:
                return None
            self.page.last_seq = seq
        return data[5:]

    async def _heartbeat(self, text: str) -> None:
        word, _, rest = text[len(PREFIX) :].partition(" ")
        if word == "hello":
            await self._adopt(rest.strip())
            # Which of the page's frames the host has: the page sends the rest again.
            await self._send_text(f"{PREFIX}welcome {self._acked()}")
        elif word == "ping":  # the page checks the link (it woke up, or heard nothing)
            await self._send_text(f"{PREFIX}pong {self._acked()}")
        elif word == "pong":
            self.answered = True

    async def _adopt(self, page_id: str) -> None:
        """This socket is now page ``page_id``'s: its old socket, if still open, lets go
        of the Flet session before anything of this one reaches Flet."""
        if not page_id or self.page is not None:
            return
        page = self.watch.page(page_id[:64])
        old, page.link, self.page = page.link, self, page
        if old is not None and old is not self and not old.finished.is_set():
            log.info("a page's new web socket replaces its old one")
            old.declare_dead("replaced by the page's new socket")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(HANDOVER_SECONDS):
                    await old.finished.wait()

    def _acked(self) -> int:
        return self.page.last_seq if self.page is not None else 0

    # ---- to the page -------------------------------------------------------------

    async def send(self, message: Message) -> None:
        """Flet's message to the page; dropped once the link is dead (Flet sends the
        whole page again when the page comes back), and a write that hangs on a dead
        link, or fails because the page closed it, ends it. A failed write must not
        reach Flet 1.0.5: its send loop lets the error escape the socket's handler,
        which then never detaches the session; it stayed connected for ever, following
        the table, the seat online after the player closed the tab."""
        if self.dead.is_set() and message["type"] == "websocket.send":
            return
        try:
            async with asyncio.timeout(self.watch.dead_after):
                async with self._sending:
                    await self._send(message)
        except TimeoutError:
            self.declare_dead("a write to the page never went out")
            return
        except Exception as exc:  # uvicorn's ClientDisconnected: the page closed it
            if message["type"] != "websocket.send":
                raise
            self.declare_dead(f"a write to the page failed ({type(exc).__name__})")
            return
        if message["type"] == "websocket.accept" and self._pinger is None:
            self.heard = self.watch.clock()
            self._pinger = asyncio.ensure_future(self._ping())

    async def _send_text(self, text: str) -> None:
        await self.send({"type": "websocket.send", "text": text})

    async def _ping(self) -> None:
        while not self.dead.is_set():
            await asyncio.sleep(self.watch.ping)
            limit = self.watch.dead_after
            if not self.answered:
                limit = max(limit, self.watch.boot)
            if self.watch.clock() - self.heard > limit:
                self.declare_dead(f"nothing from the page for {limit:g} s")
                return
            with contextlib.suppress(Exception):
                await self._send_text(f"{PREFIX}ping {self._acked()}")

    def declare_dead(self, why: str) -> None:
        """Give up on this socket: Flet hears a disconnect, nothing more is written."""
        if not self.dead.is_set():
            log.info("web socket declared dead: %s", why)
            self.dead.set()

    async def finish(self) -> None:
        """Flet is done with this socket: stop pinging, let go of the page."""
        self.dead.set()
        self.finished.set()
        for task in (self._pinger, self._reader):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self.page is not None and self.page.link is self:
            self.page.link = None
