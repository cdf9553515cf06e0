"""Following a table: a seat's client, its news, sleep and wake.

The `Follower` is one part of `AppModel`: it opens a client for a seat (through the
session's gateway), follows it, tells the notifier of each change and bumps the
page's `News`, stops when the browser goes away and follows again when it is back.
It sets the page's fields a seat changes (`contracts.FollowedPage`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from app.client.table_client import HostRefused, Seat

from ..device import SavedSeat
from .contracts import ClientLike, FollowedPage
from .page_memory import PageMemory
from .redraw import News, PartSignals, same_but_version
from .session import Session
from .telling import Notifier

log = logging.getLogger(__name__)
PRESENCE_SECONDS = 12.0
WAKE_RETRY_SECONDS = 2.0


class Follower:
    """The seat this page follows, and its client.

    ``on_change`` is called after every change the client reports (and after a seat
    opens, and after a tap's answer): the model passes its own ``_changed``, which
    runs `changed` (a test may wrap it to run in a page's Flet session)."""

    def __init__(
        self,
        session: Session,
        page: FollowedPage,
        notifier: Notifier,
        on_change: Callable[[], None],
    ) -> None:
        self._session = session
        self._page = page
        self.notifier = notifier
        self._on_change = on_change
        self._client: ClientLike | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._presence: asyncio.Task[None] | None = None
        self.saved: SavedSeat | None = None  # the seat this page follows
        self.asleep = False  # the browser went away: the table is not being followed
        self._opening_tab = ""  # the tab of the page this one took over (page_memory)
        self.news = News()  # bumped on every change of the table this page shows
        self.parts = PartSignals()  # each part's own, woken by the changes it may show
        self._shown: tuple[Any, ...] = ()  # what the last bump showed (table, log head)
        self._refused: ClientLike | None = None  # the client whose seat the host refused

    # ---- what is read -----------------------------------------------------------------

    @property
    def client(self) -> ClientLike | None:
        return self._client

    @property
    def table(self) -> dict[str, Any]:
        return self._client.table if self._client else {}

    @property
    def log_head(self) -> tuple[int, int]:
        """The newest log entry's version and the log's length: it changed if these did."""
        log = self._client.log if self._client else []
        return (int(log[0].get("version", 0)) if log else 0, len(log))

    @property
    def player_id(self) -> str | None:
        pid = self.table.get("you", {}).get("player_id")
        return pid if isinstance(pid, str) else None

    # ---- the page this one took over (a reload after a drop) ----------------------------

    def opening_tab(self) -> str:
        """The tab this page opens on: the one the page it took over showed, else ""."""
        return self._opening_tab

    def tab_shown(self, tab: str) -> None:
        """This page shows ``tab`` (noted for a page that may take its place)."""
        if self.saved is not None:
            PAGES.shown(_seat_key(self.saved), tab, self)

    def _take_over(self, saved: SavedSeat) -> None:
        """Opening ``saved`` afresh: if a page of it went away (this page's own earlier
        session, reloaded after a drop), go on from where it was: its tab, and its
        place in the log, so what happened meanwhile is told and not taken as history."""
        found = PAGES.left(_seat_key(saved), self)
        if found is None:
            return
        self._opening_tab, gone = found
        self.notifier.take_over(gone.notifier)

    # ---- opening a seat -----------------------------------------------------------------

    async def resume(self, saved: SavedSeat, *, keep_forms: bool = False) -> bool:
        """Open a client for a remembered seat; False (and forgotten) if refused."""
        seat = Seat(self._session.gateway.base_url, saved.table_id, saved.token, saved.player_id)
        try:
            await self.connect(seat, saved, keep_forms=keep_forms)
        except HostRefused as err:
            if err.status in (401, 403, 404):
                await self._forget(saved)
                self._page.message = "This device's seat is no longer valid: join again."
                return False
            raise
        return True

    async def _forget(self, saved: SavedSeat) -> None:
        """The host no longer takes ``saved``: the device forgets it."""
        device = self._session.device
        if saved.player_id is None:
            await device.forget_gm_seat(saved.table_id)
        elif saved.join_code:
            await device.forget_player_seat(saved.join_code)
        await device.forget_last()

    def seat_refused(self) -> bool:
        """Whether the host just stopped taking the seat this page follows (its token
        moved to another device or the seat was removed: the client's following ends
        with an unauthorized refusal of no command). True once per refusal."""
        client = self._client
        if client is None or self.saved is None:
            return False
        refusals = getattr(client, "rejections", [])
        gone = any(r.command_id == "" and r.status == 401 for r in refusals)
        if not gone or self._refused is client:
            return False
        self._refused = client
        return True

    async def connect(self, seat: Seat, saved: SavedSeat, *, keep_forms: bool = False) -> None:
        """Follow ``seat`` (remembered on the device as ``saved``); ``keep_forms``: the
        same seat again after a drop, its last view and half-made forms kept."""
        page, device, gateway = self._page, self._session.device, self._session.gateway
        stale = self._client if keep_forms else None  # its last view stays on screen
        if stale is None:
            await self.drop()
            page.forms.clear()
        else:
            await self._stop_following()
        if stale is None:
            outbox = await device.outbox(saved)
        else:  # the device is not asked: Flet's client may not answer it just after a
            # reconnect, and the seat and its outbox are here already
            outbox = [{"id": c.id, "type": c.type, "args": c.args} for c in stale.outbox]

        async def save(commands: list[dict[str, Any]]) -> None:
            await device.save_outbox(saved, commands)

        client = gateway.client(seat, outbox, save)
        if stale is None:
            self._client = client
            page.screen = "loading"
        try:
            await client.load()
        except Exception:
            self._client = stale
            await client.close()
            raise
        self._client = client
        if saved != self.saved:  # another seat: its history is not news
            self.notifier.new_seat()
            self._take_over(saved)  # unless this page takes a gone page's place
        self.saved = saved
        self._unsubscribe = client.subscribe(lambda c: self._on_change())
        client.start()
        join_code = str(client.table.get("join_code") or saved.join_code or "")
        if saved.player_id is not None:
            page.join_code = join_code
            if stale is None:
                await device.save_player_seat(
                    SavedSeat(seat.table_id, seat.token, seat.player_id, join_code)
                )
            page.screen = "player"
        else:
            if stale is None:
                await device.save_gm_seat(SavedSeat(seat.table_id, seat.token))
            page.screen = "gm"
            self._presence = asyncio.create_task(self._watch_presence(client))
        page.message = ""
        if not page.ruleset_list:
            with contextlib.suppress(Exception):
                page.ruleset_list = await gateway.rulesets()
        self._on_change()

    # ---- sleep and wake -----------------------------------------------------------------

    async def suspend(self) -> None:
        """The browser went away (tab closed, phone asleep, network lost): stop
        following the table, so this seat shows away once the host's grace period is
        over. The last view stays readable for when the browser comes back."""
        if self._client is None or self.saved is None or self.asleep:
            return
        self.asleep = True
        await self._stop_following()

    async def wake(self, refused: Callable[[], Awaitable[None]]) -> None:
        """The same browser page is back: follow the same seat again, keeping what was
        half-made on screen; ``refused()`` if the host no longer takes the seat (the
        page's message says so)."""
        if not self.asleep or self.saved is None:
            return
        self.asleep = False
        self._page.status = "reconnecting"
        while not self.asleep and self.saved is not None:
            try:
                taken = await self.resume(self.saved, keep_forms=True)
                if self.asleep:  # the browser went again while the seat was opening
                    await self._stop_following()
                elif not taken:
                    await refused()
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

    async def drop(self, *, forget_seat: bool = False) -> None:
        """Stop following and let the client go (``forget_seat``: and the seat)."""
        self.notifier.forget_seen()
        await self._stop_following()
        self._client = None
        if forget_seat:
            self.saved = None

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

    # ---- the client's news --------------------------------------------------------------

    def changed(self) -> None:
        """The client reports a change: the page's link fields, the notifier, and a
        bump of `news` if what the page shows changed."""
        client = self._client
        if client is None:
            return
        self._page.status = client.status
        self._page.queued = len(client.outbox)
        self.notifier.tell(client.log, client.table, self.player_id)
        # The client's table is copied on write, so an unchanged view (a presence
        # refresh where nobody came or went) compares equal at once: no redraw.
        shown = (client.table, self.log_head)
        if shown != self._shown:
            before, self._shown = self._shown, shown
            self.news.rev += 1
            self.parts.tell(
                table=not before or not same_but_version(before[0], client.table),
                log=not before or before[1] != shown[1],
            )


def _seat_key(saved: SavedSeat) -> str:
    return f"{saved.table_id}/{saved.token}"


#: One per process: the host's browser sessions share it (a compiled app has one page).
PAGES: PageMemory[Follower] = PageMemory(lambda page: page.asleep)
