"""Joining: the host to reach, a seat by join code or claim, the admin's tables."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from app.client.table_client import HostRefused

from ..device import SavedSeat
from ..routes import Route, host_address, join_link
from .contracts import HostedHere
from .following import Following

log = logging.getLogger(__name__)
DEFAULT_TABLE = "Fate Pot table"


class Joining(Following):
    """Opening the screen the route asks for, reaching a host, and taking (or making)
    a seat."""

    # ---- start-up: the route -------------------------------------------------------------

    async def open_route(self, route: Route) -> None:
        """Go where the URL says, using what the device remembers."""
        self._route = route
        self.dark = await self._device.theme() == "dark"
        self.name = await self._device.name()
        self.admin_token = await self._device.admin_token()
        if self._host_here is not None and not self.hosting_here and await self._device.hosting():
            await self._start_hosting(None, None)  # the app hosted when it last ran
        if route.kind == "join" and route.code:
            await self._open_join(route.code)
        elif route.kind == "claim" and route.code:
            await self.claim(route.code)
        elif route.kind == "gm":
            await self._open_gm(route.table, route.token)
        else:
            last = await self._device.last_seat()
            if last is not None and await self._resume(last):
                return
            await self.show_home()

    # ---- the host (a compiled app chooses it; a browser is served by it) --------------

    @property
    def remote(self) -> bool:
        """Whether this app reaches the host over the network and may change hosts."""
        return self._gateway.remote

    @property
    def host_url(self) -> str:
        return self._gateway.base_url

    async def use_host(self, text: str) -> bool:
        """Point this app at the host typed or pasted (an address or a join link) if a
        Fate Pot host answers there; remembered on the device."""
        url = host_address(text)
        if url is None:
            self.message = "Type the host's address from the GM's screen, e.g. 192.168.1.20:8550."
            return False
        if not await self._gateway.reachable(url):
            self.message = (
                f"No Fate Pot host answers at {url}. Check the address on the GM's screen "
                "and that this device is on the same Wi-Fi."
            )
            return False
        self._gateway.base_url = url
        self.origin = url
        await self._device.save_host_url(url)
        self.message = ""
        return True

    # ---- hosting the table in this app (a compiled app on the GM's tablet) ----------

    @property
    def can_host_here(self) -> bool:
        """Whether this app can start a host itself: a compiled app not hosting yet."""
        return self._host_here is not None and self.remote and not self.hosting_here

    async def host_here(self, name: str, ruleset: str) -> None:
        """Host the table ``name`` in this app (resumed as it was if it exists, created
        with ``ruleset`` otherwise) and open its GM screen; phones join at this
        device's address."""
        hosted = await self._start_hosting(name.strip() or DEFAULT_TABLE, ruleset)
        if hosted is not None and hosted.table_id and hosted.gm_token:
            await self.open_table_as_gm(hosted.table_id, hosted.gm_token)

    async def _start_hosting(self, table: str | None, ruleset: str | None) -> HostedHere | None:
        if self._host_here is None:
            return None
        self.busy = True
        try:
            hosted = await self._host_here.start(table, ruleset)
        except Exception as exc:  # the port taken, another host on the folder, a bad disk
            log.exception("hosting in the app")
            self.message = f"This device could not host the table: {exc}"
            return None
        finally:
            self.busy = False
        self._remote_gateway = self._remote_gateway or self._gateway
        self._gateway = hosted.gateway
        self.origin = self.hosting_here = hosted.origin
        self.admin_token = hosted.admin_token
        await self._device.save_admin_token(hosted.admin_token)
        await self._device.save_hosting(True)
        if self._keep_awake is not None:  # may take seconds, or never answer: not awaited
            self._awake = asyncio.create_task(self._stay_awake(self._keep_awake, on=True))
        return hosted

    async def _stay_awake(self, keep_awake: Callable[[bool], Awaitable[bool]], *, on: bool) -> None:
        self.kept_awake = await keep_awake(on) and on

    async def stop_hosting(self) -> None:
        """Stop the host in this app (its tables kept for the next time) and go back to
        the start screen, reaching other hosts over the network again."""
        if self._host_here is None or not self.hosting_here:
            return
        await self._drop_client()  # before the host goes: no reconnecting to it
        await self._device.save_hosting(False)
        await self._device.forget_last()
        await self._host_here.stop()
        if self._remote_gateway is not None:
            self._gateway = self._remote_gateway
        self.origin = self._gateway.base_url
        self.hosting_here = ""
        if self._keep_awake is not None:  # the device may sleep again
            self._awake = asyncio.create_task(self._stay_awake(self._keep_awake, on=False))
        self.admin_token = ""  # this app's host's token: no other host takes it
        await self._device.save_admin_token("")
        await self.show_home()
        self._go("/")

    async def open_join_form(self, code: str) -> None:
        """Check ``code`` with the host, then show the name form for its table."""
        self.join_code = code.strip().upper()
        if await self._check_code(self.join_code):
            self._go(f"/join/{self.join_code}")

    async def open_join_link(self, text: str) -> str | None:
        """The join code in a pasted join link (switching this app to its host first);
        None if the text is not a join link or its host does not answer."""
        found = join_link(text)
        if found is None:
            return None
        host, code = found
        if self.remote and host != self.host_url and not await self.use_host(host):
            return None
        return code

    async def join(self, code: str, name: str) -> None:
        """Take a seat with a join code and a name (the name is remembered)."""
        code, name = code.strip().upper(), name.strip()
        if not code or not name:
            self.message = "Enter the join code and your name."
            return
        self.busy = True
        try:
            await self._device.save_name(name)
            self.name = name
            seat = await self._gateway.join(code, name)
            await self._connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id, code))
            self._go(f"/join/{code}")
        except HostRefused as err:
            self.message = err.message
            self.screen = "join"
        finally:
            self.busy = False

    async def claim(self, code: str) -> None:
        """Take back a seat through the link the GM reissued."""
        self.busy = True
        try:
            seat = await self._gateway.claim(code)
            await self._connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id))
            self._go(f"/join/{self.join_code}")
        except HostRefused as err:
            await self.show_home(err.message)
        finally:
            self.busy = False

    async def leave(self) -> None:
        """Back to the start screen (the seat stays remembered for its join link)."""
        await self._device.forget_last()
        await self.show_home()
        self._go("/")

    async def set_dark(self, dark: bool) -> None:
        self.dark = dark
        await self._device.save_theme("dark" if dark else "light")

    # ---- the admin's table list ---------------------------------------------------------

    async def create_table(self, name: str, ruleset: str) -> None:
        try:
            created = await self._gateway.create_table(self.admin_token, name.strip(), ruleset, {})
        except HostRefused as err:
            self.message = err.message
            return
        await self.open_table_as_gm(str(created["table_id"]), str(created["gm_token"]))

    async def open_table_as_gm(self, table_id: str, gm_token: str) -> None:
        await self._device.save_gm_seat(SavedSeat(table_id, gm_token))
        self._go(f"/gm?table={table_id}")
        await self._open_gm(table_id, None)
