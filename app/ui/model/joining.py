"""Joining: the host to reach, a seat by join code or claim, the admin's tables.

The `JoiningFlow` is one part of `AppModel`: it opens what the route asks for, takes
(or makes) a seat and hands it to the follower, and hosts the table in a compiled app.
It sets the page's fields (`contracts.JoiningPage`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from app.client.table_client import HostRefused

from ..device import Device, SavedSeat
from ..routes import Route, host_address, join_link
from .contracts import Gateway, HostedHere, JoiningPage
from .following import Follower
from .session import Session

log = logging.getLogger(__name__)
DEFAULT_TABLE = "Fate Pot table"


class JoiningFlow:
    """Opening the screen the route asks for, reaching a host, and taking (or making)
    a seat."""

    def __init__(self, session: Session, page: JoiningPage, follower: Follower) -> None:
        self._session = session
        self._page = page
        self._follower = follower

    @property
    def _device(self) -> Device:
        return self._session.device

    @property
    def _gateway(self) -> Gateway:
        return self._session.gateway

    # ---- start-up: the route -------------------------------------------------------------

    async def open_route(self, route: Route) -> None:
        """Go where the URL says, using what the device remembers."""
        self._session.route = route
        self._page.dark = await self._device.theme() == "dark"
        self._page.name = await self._device.name()
        self._page.admin_token = await self._device.admin_token()
        if (
            self._session.host_here is not None
            and not self._page.hosting_here
            and await self._device.hosting()
        ):
            await self._start_hosting(None, None)  # the app hosted when it last ran
        if route.kind == "join" and route.code:
            await self._open_join(route.code)
        elif route.kind == "claim" and route.code:
            await self.claim(route.code)
        elif route.kind == "gm":
            await self._open_gm(route.table, route.token)
        else:
            last = await self._device.last_seat()
            if last is not None and await self._follower.resume(last):
                return
            await self.show_home()

    # ---- the home screen and the seats the route opens ---------------------------------

    async def show_home(self, message: str = "") -> None:
        await self._follower.drop(forget_seat=True)
        self._page.message = message
        self._page.screen = "home"
        if self._page.admin_token:
            await self.load_tables(self._page.admin_token, quiet=True)

    async def load_tables(self, admin: str, *, quiet: bool = False) -> None:
        try:
            self._page.tables = await self._gateway.list_tables(admin.strip())
            if not self._page.ruleset_list:
                self._page.ruleset_list = await self._gateway.rulesets()
            self._page.admin_token = admin.strip()
            await self._device.save_admin_token(self._page.admin_token)
        except HostRefused as err:
            self._page.tables = []
            if not quiet:
                self._page.message = err.message

    async def _open_join(self, code: str) -> None:
        self._page.join_code = code.upper()
        saved = await self._device.player_seat(code)
        if saved is not None and await self._follower.resume(saved):
            return
        await self._check_code(self._page.join_code)

    async def _check_code(self, code: str) -> bool:
        """Ask the host which table ``code`` opens before asking for a name: the join
        screen then names the table and its game; a wrong code goes back home."""
        try:
            self._page.joining = await self._gateway.check_code(code)
        except HostRefused as err:
            self._page.joining = {}
            await self.show_home(err.message)
            self._session.go("/")
            return False
        self._page.message = ""
        self._page.screen = "join"
        return True

    async def _open_gm(self, table_id: str | None, token: str | None) -> None:
        token = token or await self._device.take_gm_handoff(table_id)
        if token and table_id:
            await self._device.save_gm_seat(SavedSeat(table_id, token))
            self._session.go(f"/gm?table={table_id}")  # the token leaves the address bar
        saved = await self._device.gm_seat(table_id)
        if saved is None:
            await self.show_home("Open the GM link printed by the host once on this device.")
            return
        if not await self._follower.resume(saved):
            await self.show_home("That GM link no longer opens a table.")

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
            self._page.message = (
                "Type the host's address from the GM's screen, e.g. 192.168.1.20:8550."
            )
            return False
        if not await self._gateway.reachable(url):
            self._page.message = (
                f"No Fate Pot host answers at {url}. Check the address on the GM's screen "
                "and that this device is on the same Wi-Fi."
            )
            return False
        self._gateway.base_url = url
        self._page.origin = url
        await self._device.save_host_url(url)
        self._page.message = ""
        return True

    # ---- hosting the table in this app (a compiled app on the GM's tablet) ----------

    @property
    def can_host_here(self) -> bool:
        """Whether this app can start a host itself: a compiled app not hosting yet."""
        return self._session.host_here is not None and self.remote and not self._page.hosting_here

    async def host_here(self, name: str, ruleset: str) -> None:
        """Host the table ``name`` in this app (resumed as it was if it exists, created
        with ``ruleset`` otherwise) and open its GM screen; phones join at this
        device's address."""
        hosted = await self._start_hosting(name.strip() or DEFAULT_TABLE, ruleset)
        if hosted is not None and hosted.table_id and hosted.gm_token:
            await self.open_table_as_gm(hosted.table_id, hosted.gm_token)

    async def _start_hosting(self, table: str | None, ruleset: str | None) -> HostedHere | None:
        if self._session.host_here is None:
            return None
        self._page.busy = True
        try:
            hosted = await self._session.host_here.start(table, ruleset)
        except Exception as exc:  # the port taken, another host on the folder, a bad disk
            log.exception("hosting in the app")
            self._page.message = f"This device could not host the table: {exc}"
            return None
        finally:
            self._page.busy = False
        self._session.remote_gateway = self._session.remote_gateway or self._session.gateway
        self._session.gateway = hosted.gateway
        self._page.origin = self._page.hosting_here = hosted.origin
        self._page.admin_token = hosted.admin_token
        await self._device.save_admin_token(hosted.admin_token)
        await self._device.save_hosting(True)
        if self._session.keep_awake is not None:  # may take seconds, or never answer: not awaited
            self._session.awake = asyncio.create_task(
                self._stay_awake(self._session.keep_awake, on=True)
            )
        return hosted

    async def _stay_awake(self, keep_awake: Callable[[bool], Awaitable[bool]], *, on: bool) -> None:
        self._page.kept_awake = await keep_awake(on) and on

    async def stop_hosting(self) -> None:
        """Stop the host in this app (its tables kept for the next time) and go back to
        the start screen, reaching other hosts over the network again."""
        if self._session.host_here is None or not self._page.hosting_here:
            return
        await self._follower.drop()  # before the host goes: no reconnecting to it
        await self._device.save_hosting(False)
        await self._device.forget_last()
        await self._session.host_here.stop()
        if self._session.remote_gateway is not None:
            self._session.gateway = self._session.remote_gateway
        self._page.origin = self._gateway.base_url
        self._page.hosting_here = ""
        if self._session.keep_awake is not None:  # the device may sleep again
            self._session.awake = asyncio.create_task(
                self._stay_awake(self._session.keep_awake, on=False)
            )
        self._page.admin_token = ""  # this app's host's token: no other host takes it
        await self._device.save_admin_token("")
        await self.show_home()
        self._session.go("/")

    async def open_join_form(self, code: str) -> None:
        """Check ``code`` with the host, then show the name form for its table."""
        self._page.join_code = code.strip().upper()
        if await self._check_code(self._page.join_code):
            self._session.go(f"/join/{self._page.join_code}")

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
            self._page.message = "Enter the join code and your name."
            return
        self._page.busy = True
        try:
            await self._device.save_name(name)
            self._page.name = name
            seat = await self._gateway.join(code, name)
            await self._follower.connect(
                seat, SavedSeat(seat.table_id, seat.token, seat.player_id, code)
            )
            self._session.go(f"/join/{code}")
        except HostRefused as err:
            self._page.message = err.message
            self._page.screen = "join"
        finally:
            self._page.busy = False

    async def claim(self, code: str) -> None:
        """Take back a seat through the link the GM reissued."""
        self._page.busy = True
        try:
            seat = await self._gateway.claim(code)
            await self._follower.connect(seat, SavedSeat(seat.table_id, seat.token, seat.player_id))
            self._session.go(f"/join/{self._page.join_code}")
        except HostRefused as err:
            await self.show_home(err.message)
        finally:
            self._page.busy = False

    async def leave(self) -> None:
        """Back to the start screen (the seat stays remembered for its join link)."""
        await self._device.forget_last()
        await self.show_home()
        self._session.go("/")

    async def set_dark(self, dark: bool) -> None:
        self._page.dark = dark
        await self._device.save_theme("dark" if dark else "light")

    # ---- the admin's table list ---------------------------------------------------------

    async def create_table(self, name: str, ruleset: str) -> None:
        try:
            created = await self._gateway.create_table(
                self._page.admin_token, name.strip(), ruleset, {}
            )
        except HostRefused as err:
            self._page.message = err.message
            return
        await self.open_table_as_gm(str(created["table_id"]), str(created["gm_token"]))

    async def open_table_as_gm(self, table_id: str, gm_token: str) -> None:
        await self._device.save_gm_seat(SavedSeat(table_id, gm_token))
        self._session.go(f"/gm?table={table_id}")
        await self._open_gm(table_id, None)
