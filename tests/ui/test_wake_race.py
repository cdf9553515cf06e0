"""A page's socket that comes back for a moment, as after a Wi-Fi drop with taps to
send again (docs/ui.md, "The link"): the page sends its taps on a socket of its old
session and reloads at once, so the old session hears its connect and its disconnect
within milliseconds, and its handlers can run in either order or overlap.

Before (play test, session 14), the late `wake` followed the table again for a page
that was already gone: the seat stayed "online" on the GM's screen after the player
closed the tab (for the hour Flet keeps a session), and the page that replaced it,
finding the old page awake, opened on the first tab instead of the player's.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from app.ui.app import wire_session
from app.ui.model import AppModel

from .conftest import make_model
from .fakes import FakeClient, FakeHost


class Model:
    """What wire_session calls, with the follower's rule: wake only from sleep."""

    def __init__(self) -> None:
        self.asleep = False
        self.following = True
        self.waking: asyncio.Event | None = None

    async def suspend(self) -> None:
        if self.asleep:
            return
        self.asleep = True
        self.following = False

    async def wake(self) -> None:
        if not self.asleep:
            return
        self.asleep = False
        if self.waking is not None:
            await self.waking.wait()  # opening the seat again takes a moment
        self.following = True


def page() -> Any:
    return SimpleNamespace(
        session=SimpleNamespace(expires_at=None),
        on_route_change=None,
        on_disconnect=None,
        on_connect=None,
        route="/",
        url="",
    )


def drop(p: Any) -> None:
    p.session.expires_at = datetime.now(UTC)


async def test_a_connect_heard_after_the_socket_went_again_does_not_follow() -> None:
    p, model = page(), Model()
    wire_session(cast(ft.Page, p), cast(AppModel, model))
    drop(p)
    await p.on_disconnect(None)  # the link died: asleep
    p.session.expires_at = None  # the replay socket attaches...
    drop(p)  # ...and goes at once (the page reloads)
    await p.on_disconnect(None)  # heard first: a no-op, already asleep
    await p.on_connect(None)  # heard last
    assert not model.following and model.asleep


async def test_a_disconnect_while_waking_leaves_the_page_asleep(host: FakeHost) -> None:
    """The real follower: the socket goes again while the page is opening its seat
    afresh; once that is done the page must not be following the table."""
    model, _ = make_model(host)
    await model.join("ABC123", "Ann")
    await model.suspend()
    follower = model._follower
    connect = follower.connect

    async def connect_as_the_socket_goes(*args: Any, **kwargs: Any) -> None:
        await model.suspend()  # the page reloaded while its seat was being opened
        await connect(*args, **kwargs)

    follower.connect = connect_as_the_socket_goes  # type: ignore[method-assign]
    await model.wake()
    client = follower.client
    assert follower.asleep
    assert client is None or cast(FakeClient, client).closed, "still following the table"


async def test_a_page_that_stays_connected_follows_again() -> None:
    p, model = page(), Model()
    wire_session(cast(ft.Page, p), cast(AppModel, model))
    drop(p)
    await p.on_disconnect(None)
    p.session.expires_at = None
    await p.on_connect(None)
    assert model.following and not model.asleep
