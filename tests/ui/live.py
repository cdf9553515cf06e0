"""Real Flet sessions in-process, without a browser: what each page draws and sends.

`LivePage(model)` renders the app's root for ``model`` in a real `flet` Session whose
connection only measures what it would send (the bytes of each message, packed as
Flet's web transport packs them). `Renders` counts the component bodies Flet runs,
by component name. Together they tell how much of which page a change redraws.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.components.component import Renderer
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from app.ui.app import App
from app.ui.model import AppModel

_ENCODE = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]


class Wire(Connection):
    """A connection that sends nothing and counts the bytes it would have sent."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.pubsubhub = PubSubHub()
        self.sent = 0

    def send_message(self, message: Message) -> None:
        self.sent += 1 + len(msgpack.packb([message.action, message.body], default=_ENCODE))


class LivePage:
    """One open page (a phone's or the GM's) showing ``model``."""

    def __init__(self, model: AppModel) -> None:
        self.model = model
        self.wire = Wire()
        self.session = Session(self.wire)
        # The session's update loop copies this context when it starts (in render).
        _context_page.set(self.session.page)
        # The client registered: the empty page is mounted and sent (packing it is
        # what tells Flet's diff what the client has).
        msgpack.packb(self.session.get_page_patch(), default=_ENCODE)  # type: ignore[no-untyped-call]
        self._follow_in_this_session()
        self.session.page.render(App, model)

    def _follow_in_this_session(self) -> None:
        """The fake client tells the model of a change in whoever's call made it (a
        test's); a real client's task runs in its page's session. Do as the real one:
        the model's redraws go to this page's session."""
        changed = self.model._changed
        page = self.session.page

        def in_this_session() -> None:
            token = _context_page.set(page)
            try:
                changed()
            finally:
                _context_page.reset(token)

        self.model._changed = in_this_session  # type: ignore[method-assign]

    async def open_tab(self, name: str) -> None:
        """Tap ``name`` in the phone's bottom bar (through Flet's own event path)."""
        bars = [c for c in self.session.index.values() if isinstance(c, ft.NavigationBar)]
        assert bars, "no navigation bar on this page"
        names = [d.label for d in bars[0].destinations]
        self.session.apply_patch(bars[0]._i, {"selected_index": names.index(name)})
        await self.session.dispatch_event(bars[0]._i, "change", None)
        await settle()

    def drawn(self) -> list[ft.BaseControl]:
        """Every control on this page now (components' bodies included)."""
        return descendants(self.session.page.views[0])

    def still_shown(self, controls: list[ft.BaseControl]) -> list[ft.BaseControl]:
        """Those of ``controls`` still on the page as the same objects: not redrawn (a
        redrawn control is a new object that takes over the old one's id)."""
        index = self.session.index
        return [c for c in controls if index.get(c._i) is c]

    def redrawn(self, controls: list[ft.BaseControl]) -> list[ft.BaseControl]:
        """Those of ``controls`` drawn again: still on the page, as new objects (not
        those gone from it: an action scrolling out of the log's window)."""
        index = self.session.index
        return [c for c in controls if index.get(c._i) not in (None, c)]

    def take_sent(self) -> int:
        """Bytes sent since the last call."""
        sent, self.wire.sent = self.wire.sent, 0
        return sent


def descendants(control: Any) -> list[ft.BaseControl]:
    """``control`` and every control under it, through any field holding controls."""
    found: list[ft.BaseControl] = []
    stack = [control]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, ft.BaseControl):
            continue
        found.append(node)
        for f in dataclasses.fields(node):
            if f.name in ("parent", "page") or f.name.startswith("__"):
                continue
            value = getattr(node, f.name, None)
            if isinstance(value, (ft.BaseControl, list)):
                stack.append(value)
    return found


async def settle() -> None:
    """Let every session's update loop draw what is pending."""
    for _ in range(10):
        await asyncio.sleep(0)


class Renders(Counter[str]):
    """How many times each component's body ran (by function name)."""


@contextmanager
def counting_renders() -> Iterator[Renders]:
    """Count the component bodies Flet runs while the block runs."""
    renders = Renders()
    original = Renderer.render

    def render(self: Renderer, root_fn: Any, *args: Any, **kwargs: Any) -> Any:
        name = getattr(root_fn, "__name__", str(root_fn))
        if name == "_Part":  # a part of a page: named by its key
            name = f"part:{args[2]}"
        renders[name] += 1
        return original(self, root_fn, *args, **kwargs)

    Renderer.render = render  # type: ignore[method-assign]
    try:
        yield renders
    finally:
        Renderer.render = original  # type: ignore[method-assign]
