"""A browser page without the browser: Flet 1.0.5's web-socket protocol, spoken as the
page's Flutter client and the host's page script speak it.

One `WirePage` is one browser tab on the host: it opens ``/ws`` (with the page's
``Origin``), says ``fp:hello <page id>`` first (`app.host.web_reconnect`), registers a
fresh Flet session for a route with the page's size and platform (Flet's
``RegisterClient``), and from then on sends every frame in the page script's envelope
(``0x7F`` + a 4-byte little-endian sequence number + Flet's frame). It answers the host's
``fp:ping`` at once, keeps the control tree the host sends (`bench.flet_tree`: the
register answer's page, then each ``PatchControl`` applied as Flet's Dart client
applies it), answers the host's method calls (SharedPreferences from a
dict, as the browser's localStorage would; any other method with no result), and
sends what a tap and typing send: ``UpdateControlProps`` then ``ControlEvent``.

A watcher (`WirePage.watch`) is told the moment a patch that puts a given text in the
page's tree has been applied.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack  # type: ignore[import-untyped]
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from bench.flet_tree import ControlTree, Node, has_text

# Flet's MessageAction (flet/messaging/protocol.py).
REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5
SESSION_CRASHED = 6
ENVELOPE = 0x7F
FLET_FRAME = 0x00


@dataclass(frozen=True)
class Screen:
    """What the page tells Flet about the device it runs on."""

    width: float
    height: float
    platform: str  # Flutter's TargetPlatform, as Flet's client names it
    pixel_ratio: float


PHONE = Screen(390, 844, "android", 3.0)  # browser_tap's phone (tests/browser/conftest.py)
TABLET = Screen(1280, 800, "linux", 1.0)  # browser_tap's GM tablet


def page_info(route: str, screen: Screen) -> dict[str, Any]:
    """The ``page`` of Flet's RegisterClient request, as the web client fills it."""
    zero = {"left": 0.0, "top": 0.0, "right": 0.0, "bottom": 0.0}
    return {
        "route": route,
        "pwa": False,
        "web": True,
        "debug": False,
        "wasm": True,
        "test": False,
        "multi_view": False,
        "pyodide": False,
        "platform_brightness": "dark",
        "width": screen.width,
        "height": screen.height,
        "platform": screen.platform,
        "media": {
            "padding": zero,
            "view_padding": zero,
            "view_insets": zero,
            "device_pixel_ratio": screen.pixel_ratio,
            "orientation": "portrait" if screen.height > screen.width else "landscape",
            "always_use_24_hour_format": False,
        },
    }


def _ext(code: int, data: bytes) -> Any:
    """Flet's msgpack extensions (dates, times, durations): kept as their raw text."""
    return data.decode("utf-8", "replace") if code in (1, 2, 4) else data


@dataclass
class Watch:
    """A text one page is waiting for, and when it arrived (perf_counter seconds)."""

    needle: str
    seen: asyncio.Future[float]


@dataclass
class WirePage:
    """One page open on the host (see the module's docstring)."""

    base_url: str  # http://127.0.0.1:PORT
    route: str
    screen: Screen = PHONE
    storage: dict[str, Any] = field(default_factory=dict)  # the browser's localStorage
    tree: ControlTree = field(default_factory=ControlTree)
    received_bytes: int = 0
    unknown_methods: set[str] = field(default_factory=set)
    crashed: str = ""
    _ws: ClientConnection | None = None
    _seq: int = 0
    _reader: asyncio.Task[None] | None = None
    _registered: asyncio.Future[None] | None = None
    _watch: Watch | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    # ---- the link -------------------------------------------------------------------

    async def open(self, timeout: float = 60) -> None:
        """Connect, register, and wait until the host has sent the first page."""
        ws_url = "ws" + self.base_url.removeprefix("http") + "/ws"
        self._ws = await connect(
            ws_url, origin=Origin(self.base_url), max_size=None, proxy=None, open_timeout=timeout
        )
        self._registered = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read())
        await self._ws.send(f"fp:hello {secrets.token_hex(8)}")
        body = {"session_id": "", "page_name": "", "page": page_info(self.route, self.screen)}
        await self._ws.send(self._frame(REGISTER_CLIENT, body))  # Flet's registration: bare
        async with asyncio.timeout(timeout):
            await self._registered
        # Flutter then tells the host the page's size (FletBackend.updatePageSize).
        size = {"width": self.screen.width, "height": self.screen.height}
        await self.send(UPDATE_CONTROL_PROPS, {"id": self.page["_i"], "props": size})

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    @staticmethod
    def _frame(action: int, body: Any) -> bytes:
        packed: bytes = msgpack.packb([action, body])
        return bytes([FLET_FRAME]) + packed

    async def send(self, action: int, body: Any) -> None:
        """A Flet frame after the registration: numbered, in the page script's envelope."""
        assert self._ws is not None
        self._seq += 1
        await self._ws.send(
            bytes([ENVELOPE]) + self._seq.to_bytes(4, "little") + self._frame(action, body)
        )

    async def _read(self) -> None:
        assert self._ws is not None and self._registered is not None
        try:
            async for message in self._ws:
                if isinstance(message, str):
                    if message.startswith("fp:ping"):
                        await self._ws.send("fp:pong")
                    continue
                self.received_bytes += len(message)
                if message[:1] == bytes([FLET_FRAME]):
                    await self._on_message(
                        msgpack.unpackb(message[1:], ext_hook=_ext, strict_map_key=False)
                    )
        except ConnectionClosed:
            pass
        except Exception as e:  # a frame this client cannot read: say so, don't hang
            self.crashed = f"the page's reader failed: {e!r}"
            self._changed.set()
            raise
        finally:
            if not self._registered.done():
                self._registered.set_exception(ConnectionError(f"{self.route}: socket closed"))

    async def _on_message(self, message: list[Any]) -> None:
        action, body = message[0], message[1]
        if action == REGISTER_CLIENT:
            if body.get("error"):
                raise RuntimeError(f"{self.route}: {body['error']}")
            self.tree.reset(body["page_patch"])
            assert self._registered is not None
            self._registered.set_result(None)
        elif action == PATCH_CONTROL:
            drawn = self.tree.apply(body["id"], body["patch"])
            watch = self._watch
            if (
                watch is not None
                and not watch.seen.done()
                and any(has_text(value, watch.needle) for value in drawn)
            ):
                watch.seen.set_result(time.perf_counter())
            self._changed.set()
        elif action == INVOKE_METHOD:
            await self._answer(body)
        elif action == SESSION_CRASHED:
            self.crashed = str(body.get("message", ""))

    @property
    def page(self) -> Node:
        """The page control, as the host last drew it."""
        return self.tree.page

    def find(self, predicate: Callable[[Node], bool]) -> Node | None:
        """The first control (in document order) for which ``predicate`` holds."""
        return self.tree.find(predicate)

    async def wait_for(self, predicate: Callable[[Node], bool], timeout: float = 30) -> Node:
        """The first control for which ``predicate`` holds, once the host has drawn one."""
        async with asyncio.timeout(timeout):
            while True:
                self._changed.clear()
                found = self.find(predicate)
                if found is not None:
                    return found
                if self.crashed:
                    raise RuntimeError(f"{self.route}: session crashed: {self.crashed}")
                await self._changed.wait()

    def watch(self, needle: str) -> asyncio.Future[float]:
        """A future set to the perf_counter time at which ``needle`` enters the tree."""
        seen: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._watch = Watch(needle, seen)
        return seen

    # ---- what a person does -----------------------------------------------------------

    async def tap(self, control: Node, data: Any = None) -> None:
        await self.send(CONTROL_EVENT, {"target": control["_i"], "name": "click", "data": data})

    async def type_text(self, field_: Node, text: str, key_seconds: float = 0.0) -> None:
        """Type ``text`` one key at a time, as Flutter's TextField reports each key: the
        field's new value, then its ``change`` event (only if the host listens)."""
        for n in range(1, len(text) + 1):
            value = text[:n]
            await self.send(UPDATE_CONTROL_PROPS, {"id": field_["_i"], "props": {"value": value}})
            field_["value"] = value
            if field_.get("on_change"):
                await self.send(
                    CONTROL_EVENT, {"target": field_["_i"], "name": "change", "data": value}
                )
            if key_seconds:
                await asyncio.sleep(key_seconds)

    async def select(self, control: Node, index: int) -> None:
        """Choose item ``index`` of a NavigationBar (or Tabs): its new index, then ``change``."""
        await self.send(
            UPDATE_CONTROL_PROPS, {"id": control["_i"], "props": {"selected_index": index}}
        )
        control["selected_index"] = index
        await self.send(CONTROL_EVENT, {"target": control["_i"], "name": "change", "data": index})

    async def _answer(self, body: dict[str, Any]) -> None:
        """A method the host calls on one of the page's controls (services mostly)."""
        name, args = body.get("name"), body.get("args") or {}
        result: Any = None
        route = ""
        key = str(args.get("key")) if isinstance(args, dict) else ""
        if name == "get":
            result = self.storage.get(key)
        elif name == "set":
            self.storage[key] = args.get("value")
            result = True
        elif name == "remove":
            result = self.storage.pop(key, None) is not None or True
        elif name == "contains_key":
            result = key in self.storage
        elif name == "get_keys":
            prefix = str(args.get("key_prefix", ""))
            result = [k for k in self.storage if k.startswith(prefix)]
        elif name == "clear":
            self.storage.clear()
            result = True
        elif name == "push_route":
            route = str(args.get("route"))
        else:
            self.unknown_methods.add(str(name))
        response = {
            "control_id": body["control_id"],
            "call_id": body["call_id"],
            "result": result,
            "error": None,
        }
        await self.send(INVOKE_METHOD, response)
        if name == "push_route" and route != self.page.get("route"):
            # The browser's router takes the new address and Flet's client reports it
            # (FletBackend._sendRouteChangeEvent).
            await self.send(
                UPDATE_CONTROL_PROPS, {"id": self.page["_i"], "props": {"route": route}}
            )
            self.page["route"] = route
            await self.send(
                CONTROL_EVENT,
                {"target": self.page["_i"], "name": "route_change", "data": {"route": route}},
            )
