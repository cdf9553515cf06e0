"""The session: what this page reaches (the gateway, the device) and where it is.

One part of `AppModel`: the gateway this page reaches the host through (swapped while
a compiled app hosts the table itself), the device's storage, the route the page
shows, and the callbacks the page wired (toasts, the address bar). No Flet here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from ..device import Device
from ..routes import Route, parse_route
from .contracts import Gateway, HostHere
from .news import Toast


class Session:
    """One browser tab (or app): its gateway, device, route and wiring."""

    def __init__(self, gateway: Gateway, device: Device) -> None:
        self.gateway = gateway
        self.device = device
        self.remote_gateway: Gateway | None = None  # the one it had before hosting
        self.host_here: HostHere | None = None  # a compiled app can host a table itself
        self.keep_awake: Callable[[bool], Awaitable[bool]] | None = None
        self.awake: asyncio.Task[None] | None = None  # asking the device to keep awake
        self.route: Route | None = None  # the route this page shows (or is opening)
        self._on_toast: Callable[[Toast], None] = lambda toast: None
        self._on_navigate: Callable[[str], None] = lambda route: None

    def on_toast(self, show: Callable[[Toast], None]) -> None:
        self._on_toast = show

    def on_navigate(self, go: Callable[[str], None]) -> None:
        self._on_navigate = go

    def offer_hosting(
        self, host_here: HostHere, keep_awake: Callable[[bool], Awaitable[bool]] | None = None
    ) -> None:
        """Let this app host a table itself (``keep_awake(True)``: keeps the device awake
        while it does, and says whether it could)."""
        self.host_here = host_here
        self.keep_awake = keep_awake

    def toast(self, toast: Toast) -> None:
        self._on_toast(toast)

    def go(self, route: str) -> None:
        """Put ``route`` in the address bar (it is what this page now shows)."""
        self.route = parse_route(route)
        self._on_navigate(route)

    def navigated_to(self, route: str) -> bool:
        """Whether ``route`` is what this page already shows (it went there itself)."""
        return parse_route(route) == self.route
