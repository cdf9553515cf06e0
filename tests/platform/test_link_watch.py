"""LinkWatch: the host's side of a browser page's link (app.host.link_watch).

Driven at the ASGI level with a recording app in place of Flet's, so each rule is
checked exactly: frames numbered by the page reach Flet once however often they are
sent, heartbeats never reach Flet, a silent page is declared dead on its deadline, and
a page's new socket takes over from its old one.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Message, Receive, Scope, Send

from app.host.link_watch import ENVELOPE, LinkWatch

SCOPE: Scope = {"type": "websocket", "path": "/ws"}


def numbered(seq: int, frame: bytes) -> bytes:
    return bytes([ENVELOPE]) + seq.to_bytes(4, "little") + frame


class Socket:
    """A page's socket as the server sees it: what the page sends, what it hears."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[Message] = asyncio.Queue()
        self.heard: list[Message] = []
        self.incoming.put_nowait({"type": "websocket.connect"})

    def says(self, *frames: bytes | str) -> None:
        for frame in frames:
            key = "text" if isinstance(frame, str) else "bytes"
            self.incoming.put_nowait({"type": "websocket.receive", key: frame})

    def hangs_up(self) -> None:
        self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})

    async def receive(self) -> Message:
        return await self.incoming.get()

    async def send(self, message: Message) -> None:
        self.heard.append(message)

    def texts(self) -> list[str]:
        return [str(m["text"]) for m in self.heard if m.get("text")]


class Recorder:
    """Flet's place: accepts, then records every message until a disconnect."""

    def __init__(self) -> None:
        self.got: dict[int, list[Any]] = {}
        self.ended: dict[int, bool] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        me = len(self.got)
        self.got[me] = []
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                self.ended[me] = True
                return
            self.got[me].append(message.get("bytes", message.get("text")))


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_frames_sent_again_on_a_new_socket_reach_flet_once() -> None:
    flet = Recorder()
    watch = LinkWatch(flet, ping=60, dead_after=60)
    first, second = Socket(), Socket()
    first.says(
        "fp:hello page-1", b"\x00register", numbered(1, b"\x00tap"), numbered(2, b"\x00tap2")
    )
    one = asyncio.ensure_future(watch(SCOPE, first.receive, first.send))
    await settle()
    # The link dies; the page's next socket says who it is, registers, and sends again
    # what the host never acknowledged (it had both), then something new.
    second.says(
        "fp:hello page-1",
        b"\x00register",
        numbered(1, b"\x00tap"),
        numbered(2, b"\x00tap2"),
        numbered(3, b"\x00tap3"),
    )
    two = asyncio.ensure_future(watch(SCOPE, second.receive, second.send))
    await settle()
    assert flet.got[0] == [b"\x00register", b"\x00tap", b"\x00tap2"]
    assert flet.ended.get(0), "the old socket lets go of the session first"
    assert flet.got[1] == [b"\x00register", b"\x00tap3"]
    second.hangs_up()
    await asyncio.wait_for(asyncio.gather(one, two), 5)


async def test_heartbeats_never_reach_flet_and_pings_carry_the_last_frame_had() -> None:
    flet = Recorder()
    watch = LinkWatch(flet, ping=0.05, dead_after=5)
    page = Socket()
    page.says("fp:hello page-2", b"\x00register", numbered(7, b"\x00tap"), "fp:pong", "fp:ping")
    served = asyncio.ensure_future(watch(SCOPE, page.receive, page.send))
    await asyncio.sleep(0.2)
    assert flet.got[0] == [b"\x00register", b"\x00tap"]
    assert "fp:pong 7" in page.texts()  # the page asked: answered at once
    assert "fp:ping 7" in page.texts()
    page.hangs_up()
    await asyncio.wait_for(served, 5)


async def test_a_silent_page_is_declared_dead_on_its_deadline() -> None:
    flet = Recorder()
    watch = LinkWatch(flet, ping=0.05, dead_after=0.3, boot=5.0)
    page = Socket()
    page.says("fp:hello page-3", b"\x00register", "fp:pong")
    served = asyncio.ensure_future(watch(SCOPE, page.receive, page.send))
    await asyncio.sleep(0.15)
    assert not flet.ended.get(0)
    await asyncio.wait_for(served, 2)  # no hang-up came: the deadline ended it
    assert flet.ended[0]
    sent_after = len(page.heard)
    await asyncio.sleep(0.2)
    assert len(page.heard) == sent_after, "nothing more is written to a dead link"


async def test_a_starting_page_gets_longer_before_it_is_declared_dead() -> None:
    """A page that has not answered a ping yet is drawing its first screen (its thread
    busy for seconds on a slow phone): it is given ``boot`` seconds, not ``dead_after``."""
    flet = Recorder()
    watch = LinkWatch(flet, ping=0.05, dead_after=0.2, boot=0.8)
    page = Socket()
    page.says("fp:hello page-5", b"\x00register")
    served = asyncio.ensure_future(watch(SCOPE, page.receive, page.send))
    await asyncio.sleep(0.5)
    assert not served.done() and not flet.ended.get(0), "dead while still starting"
    await asyncio.wait_for(served, 2)
    assert flet.ended[0]


async def test_a_page_that_answers_stays_connected() -> None:
    flet = Recorder()
    watch = LinkWatch(flet, ping=0.05, dead_after=0.3)
    page = Socket()
    page.says("fp:hello page-4", b"\x00register")
    served = asyncio.ensure_future(watch(SCOPE, page.receive, page.send))
    for _ in range(12):
        await asyncio.sleep(0.05)
        page.says("fp:pong")
    assert not served.done() and not flet.ended.get(0)
    page.hangs_up()
    await asyncio.wait_for(served, 2)


async def test_a_numbered_frame_is_acknowledged_at_once() -> None:
    """Not at the next ping (2 s later): a tap the host has must not count as waiting
    on the page if the link drops a moment after it (a repeat is acknowledged too)."""
    flet = Recorder()
    watch = LinkWatch(flet, ping=60, dead_after=120)
    page = Socket()
    page.says("fp:hello page-6", b"\x00register", numbered(1, b"\x00tap"), numbered(1, b"\x00tap"))
    served = asyncio.ensure_future(watch(SCOPE, page.receive, page.send))
    await asyncio.sleep(0.1)
    assert page.texts().count("fp:ack 1") == 2
    assert flet.got[0] == [b"\x00register", b"\x00tap"]
    page.hangs_up()
    await asyncio.wait_for(served, 5)


class GoneSocket(Socket):
    """A socket the page closed while the host still writes to it: uvicorn raises
    (ClientDisconnected, an OSError) on the next write."""

    def __init__(self) -> None:
        super().__init__()
        self.closed = False

    async def send(self, message: Message) -> None:
        if self.closed and message["type"] == "websocket.send":
            raise OSError("the client went away")
        await super().send(message)


async def test_a_write_to_a_page_gone_away_is_a_disconnect_for_flet() -> None:
    """Flet 1.0.5's send loop lets a failed write escape its handler, which then never
    detaches the session: the session stayed "connected" for ever, following the table,
    and the seat read online for the hour Flet keeps a session, after the player had
    closed the tab (play test, session 14: a page that reloaded just after sending its
    taps again). The write is dropped and Flet hears a disconnect instead."""
    page = GoneSocket()
    heard: list[str] = []

    async def flet(scope: Scope, receive: Receive, send: Send) -> None:
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        page.closed = True
        await send({"type": "websocket.send", "bytes": b"\x00patch"})  # must not raise
        heard.append(str((await receive())["type"]))

    watch = LinkWatch(flet, ping=60, dead_after=60)
    await asyncio.wait_for(watch(SCOPE, page.receive, page.send), 5)
    assert heard == ["websocket.disconnect"]


async def test_an_ack_to_a_page_gone_away_is_a_disconnect_for_flet() -> None:
    """The same for the host's own acknowledgement of a numbered frame, written by the
    socket's reader: a failed write ended the reader, and Flet never heard the end."""
    page = GoneSocket()
    page.closed = True
    page.says("fp:hello page-9", b"\x00register", numbered(1, b"\x00tap"))
    flet = Recorder()
    watch = LinkWatch(flet, ping=60, dead_after=60)
    await asyncio.wait_for(watch(SCOPE, page.receive, page.send), 5)
    assert flet.ended.get(0)
