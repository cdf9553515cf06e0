"""The Flet entry point: one `AppModel` per browser session, rendered declaratively.

`build_main(gateway)` returns the ``main(page)`` Flet runs for every new session (a tab,
a reload, a reconnect after the host restarted): it reads the route and the device's
preferences, opens the table, and renders `App`, which re-renders whenever the model
changes (a tap here, or any change from any other screen through the session's client).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import flet as ft

from . import theme
from .component import component, keyed
from .device import Device
from .gateway import HttpGateway
from .model import AppModel, Gateway
from .model.contracts import HostHere, PerPhone
from .routes import origin_of, parse_route
from .views.gm import gm_screen
from .views.home import home_screen, join_screen
from .views.player import player_screen
from .views.toast import toast_strip

log = logging.getLogger(__name__)


@component
def App(model: AppModel) -> ft.Control:
    """The whole page for the model's current screen.

    Redrawn on every change of the model's own fields (the screen, a message); the
    table's changes redraw only the `part`s of the page that show them
    (`app.ui.model.redraw`). The toast is a strip at the bottom of the page, in its
    flow (`views.toast`): it shortens the screen above it and covers nothing.
    """
    if model.screen == "home":
        body = home_screen(model)
    elif model.screen == "join":
        body = join_screen(model)
    elif model.screen == "player":
        body = player_screen(model)
    elif model.screen == "gm":
        body = gm_screen(model)
    else:
        body = loading_screen(model)
    if model.screen != "player":  # the player's screen puts it above its tab bar
        body = ft.Column(
            [
                ft.Container(body, expand=True),
                keyed("toast", toast_strip, model.toasts, model.undo),
            ],
            expand=True,
            spacing=0,
        )
    return ft.SafeArea(body, expand=True)


def loading_screen(model: AppModel) -> ft.Control:
    return ft.Container(
        ft.Column(
            [
                ft.ProgressRing(width=48, height=48),
                ft.Text(model.message or "Opening the table…", size=18),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=16,
        ),
        expand=True,
        alignment=ft.Alignment.CENTER,
    )


def full_route(page: ft.Page) -> str:
    """The route with its query (Flet keeps the query in the page URL)."""
    route = page.route or "/"
    if "?" not in route and page.url and "?" in page.url:
        route += "?" + urlsplit(page.url).query
    return route


def wire_session(page: ft.Page, model: AppModel) -> None:
    """Follow the browser's side of the session.

    - Back/forward or a link inside the app changes the route: go where it says (a
      route the app itself navigated to is already shown).
    - The web socket drops (tab closed, phone asleep, Wi-Fi gone): stop following the
      table, so the seat shows away after the host's grace period instead of an
      orphaned session keeping it "online"; the last screen stays for when it comes
      back. It reconnects: follow again, on the same seat, unless the socket went again
      before the page could (a page reloading after its taps were sent again).
    """

    async def route_changed(_: ft.RouteChangeEvent) -> None:
        route = full_route(page)
        if not model.navigated_to(route):
            await model.open_route(parse_route(route))

    async def disconnected(_: ft.Event[ft.Page]) -> None:
        await model.suspend()

    def gone() -> bool:
        """Whether the page's socket is gone now (Flet gives a disconnected session an
        expiry). A page back from a drop with taps to send reloads as soon as the host
        has them: its old session's connect and disconnect come within milliseconds,
        and their handlers may run in either order (play test, session 14)."""
        return getattr(page.session, "expires_at", None) is not None

    async def connected(_: ft.Event[ft.Page]) -> None:
        if gone():  # the socket went again before this ran: stay asleep
            return
        await model.wake()

    page.on_route_change = route_changed
    page.on_disconnect = disconnected
    page.on_connect = connected


def build_main(
    gateway: Gateway, *, public_url: str | None = None, host_here: HostHere | None = None
) -> Callable[[ft.Page], Awaitable[None]]:
    """The Flet ``main`` for sessions reaching the table through ``gateway``; a compiled
    app given ``host_here`` can also host a table itself (app.ui.host_here)."""

    async def main(page: ft.Page) -> None:
        page.title = "Fate Pot"
        page.padding = 0
        device = Device(ft.SharedPreferences())
        # The theme first, so the first frame is already in the remembered colours and
        # nothing redraws the page under a finger that starts typing.
        theme.apply(page, dark=await device.theme() == "dark")
        log.debug("session at %s (route %s)", page.url, page.route)
        # Each phone reaches the API with its own address, so a wrong-code limit that
        # one phone runs into does not lock out the others.
        session_gateway = (
            gateway.for_client(page.client_ip) if isinstance(gateway, PerPhone) else gateway
        )
        origin = public_url.rstrip("/") if public_url else origin_of(page.url, gateway.base_url)
        # A compiled app (only an HttpGateway reaches a host over the network): the host
        # this device chose last, if any.
        if isinstance(gateway, HttpGateway) and gateway.remote:
            session_gateway = gateway.copy()
            session_gateway.base_url = await device.host_url() or gateway.base_url
            origin = session_gateway.base_url
        model = AppModel(session_gateway, device, origin)
        if host_here is not None and session_gateway.remote:
            from .host_here import keep_awake

            model.offer_hosting(host_here, lambda on: keep_awake(page, on))
        model.on_toast(model.toasts.show)
        model.on_navigate(page.navigate)
        page.render(App, model)
        wire_session(page, model)
        try:
            await model.open_route(parse_route(full_route(page)))
        except Exception:  # the host answered oddly: show it rather than a blank page
            log.exception("opening %s", page.route)
            await model.show_home("The host could not open that table. Try again.")

    return main
