"""Following a table: opening routes and seats, the client's news, sleep and wake."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from app.client.table_client import HostRefused, Seat

from ..device import SavedSeat
from .contracts import ClientLike
from .telling import Telling

log = logging.getLogger(__name__)
PRESENCE_SECONDS = 12.0
WAKE_RETRY_SECONDS = 2.0


class Following(Telling):
    """The home screen, opening a seat (join code, GM link, remembered seat), and
    following the seat's table."""

    # ---- the home screen and the seats the route opens ---------------------------------

    async def show_home(self, message: str = "") -> None:
        await self._drop_client()
        self._saved = None
        self.message = message
        self.screen = "home"
        if self.admin_token:
            await self.load_tables(self.admin_token, quiet=True)

    async def load_tables(self, admin: str, *, quiet: bool = False) -> None:
        try:
            self.tables = await self._gateway.list_tables(admin.strip())
            if not self.ruleset_list:
                self.ruleset_list = await self._gateway.rulesets()
            self.admin_token = admin.strip()
            await self._device.save_admin_token(self.admin_token)
        except HostRefused as err:
            self.tables = []
            if not quiet:
                self.message = err.message

    async def _open_join(self, code: str) -> None:
        self.join_code = code.upper()
        saved = await self._device.player_seat(code)
        if saved is not None and await self._resume(saved):
            return
        await self._check_code(self.join_code)

    async def _check_code(self, code: str) -> bool:
        """Ask the host which table ``code`` opens before asking for a name: the join
        screen then names the table and its game; a wrong code goes back home."""
        try:
            self.joining = await self._gateway.check_code(code)
        except HostRefused as err:
            self.joining = {}
            await self.show_home(err.message)
            self._go("/")
            return False
        self.message = ""
        self.screen = "join"
        return True

    async def _open_gm(self, table_id: str | None, token: str | None) -> None:
        token = token or await self._device.take_gm_handoff(table_id)
        if token and table_id:
            await self._device.save_gm_seat(SavedSeat(table_id, token))
            self._go(f"/gm?table={table_id}")  # the token leaves the address bar
        saved = await self._device.gm_seat(table_id)
        if saved is None:
            await self.show_home("Open the GM link printed by the host once on this device.")
            return
        if not await self._resume(saved):
            await self.show_home("That GM link no longer opens a table.")

    async def _resume(self, saved: SavedSeat, *, keep_forms: bool = False) -> bool:
        """Open a client for a remembered seat; False (and forgotten) if refused."""
        seat = Seat(self._gateway.base_url, saved.table_id, saved.token, saved.player_id)
        try:
            await self._connect(seat, saved, keep_forms=keep_forms)
        except HostRefused as err:
            if err.status in (401, 403, 404):
                if saved.player_id is None:
                    await self._device.forget_gm_seat(saved.table_id)
                elif saved.join_code:
                    await self._device.forget_player_seat(saved.join_code)
                await self._device.forget_last()
                self.message = "This device's seat is no longer valid: join again."
                return False
            raise
        return True

    async def _connect(self, seat: Seat, saved: SavedSeat, *, keep_forms: bool = False) -> None:
        stale = self._client if keep_forms else None  # its last view stays on screen
        if stale is None:
            await self._drop_client()
            self.forms.clear()
        else:
            await self._stop_following()
        if stale is None:
            outbox = await self._device.outbox(saved)
        else:  # the device is not asked: Flet's client may not answer it just after a
            # reconnect, and the seat and its outbox are here already
            outbox = [{"id": c.id, "type": c.type, "args": c.args} for c in stale.outbox]

        async def save(commands: list[dict[str, Any]]) -> None:
            await self._device.save_outbox(saved, commands)

        client = self._gateway.client(seat, outbox, save)
        if stale is None:
            self._client = client
            self.screen = "loading"
        try:
            await client.load()
        except Exception:
            self._client = stale
            await client.close()
            raise
        self._client = client
        if saved != self._saved:  # another seat: its history is not news
            self._alerted_baseline, self._alerted_version = False, 0
            self.alerts, self._nudge = [], None
            self._take_over(saved)  # unless this page takes a gone page's place
        self._saved = saved
        self._unsubscribe = client.subscribe(lambda c: self._changed())
        client.start()
        join_code = str(client.table.get("join_code") or saved.join_code or "")
        if saved.player_id is not None:
            self.join_code = join_code
            if stale is None:
                await self._device.save_player_seat(
                    SavedSeat(seat.table_id, seat.token, seat.player_id, join_code)
                )
            self.screen = "player"
        else:
            if stale is None:
                await self._device.save_gm_seat(SavedSeat(seat.table_id, seat.token))
            self.screen = "gm"
            self._presence = asyncio.create_task(self._watch_presence(client))
        self.message = ""
        if not self.ruleset_list:
            with contextlib.suppress(Exception):
                self.ruleset_list = await self._gateway.rulesets()
        self._changed()

    async def suspend(self) -> None:
        """The browser went away (tab closed, phone asleep, network lost): stop
        following the table, so this seat shows away once the host's grace period is
        over. The last view stays readable for when the browser comes back."""
        if self._client is None or self._saved is None or self._asleep:
            return
        self._asleep = True
        await self._stop_following()

    async def wake(self) -> None:
        """The same browser page is back: follow the same seat again, keeping what was
        half-made on screen."""
        if not self._asleep or self._saved is None:
            return
        self._asleep = False
        self.status = "reconnecting"
        while not self._asleep and self._saved is not None:
            try:
                if not await self._resume(self._saved, keep_forms=True):
                    await self.show_home(self.message)
                return
            except Exception:  # the host does not answer yet: the last view stays
                log.warning("following the seat again failed; retrying", exc_info=True)
                await asyncio.sleep(WAKE_RETRY_SECONDS)

    async def _watch_presence(self, client: ClientLike) -> None:
        """Who is online changes without an event: re-read the view now and then."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            with contextlib.suppress(Exception):
                await client.refresh()

    async def _drop_client(self) -> None:
        self._seen_version = None
        await self._stop_following()
        self._client = None

    async def _stop_following(self) -> None:
        """Stop the client and the presence watch; the client's last view stays."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._client is not None:
            await self._client.close()

    def _changed(self) -> None:
        client = self._client
        if client is None:
            return
        self.status = client.status
        self.queued = len(client.outbox)
        self._tell_about_undos(client.log)
        self._tell_what_happened(client.log)
        # The client's table is copied on write, so an unchanged view (a presence
        # refresh where nobody came or went) compares equal at once: no redraw.
        shown = (client.table, self.log_head)
        if shown != self._shown:
            self._shown = shown
            self._news.rev += 1
