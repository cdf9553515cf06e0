"""`InProcessClient`: a browser session's seat at a table, with no HTTP in between.

It is `TableClient`'s twin (the same fields, outcomes and outbox, app.client.core),
but a command is handed to ``hub.execute`` as a `Command` and the table is followed by
waiting on the table itself (``LiveTable.wait_past``), the way the feed's long poll
waits; the view after a change comes from `SharedViews`, built once for every page of
the same viewer. Each call authenticates the seat's token again
(app.host.service.seat), so a claimed or removed seat stops at once, as over HTTP.

A command keeps the id it was given once: a retry after an unexpected failure (a
failed commit: the host's 500) sends it again with that id, and ``hub.execute``
answers a repeat with its first answer, so nothing is applied twice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from pydantic import ValidationError

from app.client.core import ClientCore, OutboxSaver
from app.client.lobby import HostRefused, Seat
from app.client.outcomes import Applied, Outcome, PendingCommand, Queued, Rejected
from app.client.table_client import (
    BACKOFF_MAX,
    BACKOFF_START,
    OFFLINE_AFTER_FAILURES,
    POLL_WAIT_SECONDS,
    SEND_ATTEMPTS,
)
from app.domain.actors import Actor
from app.domain.commands import Command
from app.host import service
from app.host.errors import HostError
from app.host.feed import REVOKED
from app.host.live import LiveTable
from app.host.schemas import CommandIn
from app.host.validation import field_message

from .views import SharedViews

log = logging.getLogger(__name__)


class InProcessClient(ClientCore):
    """A live connection to one table for one token, inside the host's process."""

    def __init__(
        self,
        seat: Seat,
        ctx: service.ApiContext,
        views: SharedViews,
        *,
        outbox: list[dict[str, Any]] | None = None,
        save_outbox: OutboxSaver | None = None,
    ) -> None:
        super().__init__(seat, outbox=outbox, save_outbox=save_outbox)
        self._ctx = ctx
        self._views = views

    # ---- the seat -----------------------------------------------------------------

    def _open(self) -> tuple[LiveTable, Actor]:
        """The table and who this seat's token is there (HostError if refused)."""
        return service.seat(self._ctx, self.seat.table_id, self.seat.token)

    def _refused(self) -> tuple[LiveTable, Actor]:
        """`_open`, with a refusal raised as the HTTP client raises it."""
        try:
            return self._open()
        except HostError as exc:
            raise HostRefused(exc.status, exc.code, exc.message) from None

    # ---- reading ------------------------------------------------------------------

    async def load(self) -> dict[str, Any]:
        """The table as this token may see it, and the recent log."""
        live, actor = self._refused()
        live.seen(actor.label)
        self._absorb(live, actor, 0, replace_log=True)
        return self.table

    async def refresh(self) -> dict[str, Any]:
        """Re-read the table view alone (who is online changes without a new event)."""
        live, actor = self._refused()
        live.seen(actor.label)
        self.table = self._views.view(live, actor)
        self._changed()
        return self.table

    async def issue_claim(self, player_id: str) -> dict[str, Any]:
        """GM: a fresh claim code and link for a seat (the old link stops working)."""
        live, actor = self._refused()
        base = self._ctx.base(self.seat.base_url)
        try:
            return await service.issue_claim(self._ctx, base, live, actor, player_id)
        except HostError as exc:
            raise HostRefused(exc.status, exc.code, exc.message) from None

    def _absorb(
        self, live: LiveTable, actor: Actor, after: int, *, replace_log: bool = False
    ) -> None:
        """Take the events after ``after`` and the view, as a feed answer gives them."""
        version = live.table.version
        events = [e.to_public() for e in live.table.events_after(after, actor)]
        self.table = self._views.view(live, actor)
        self._took(events, version, replace_log=replace_log)

    # ---- writing ------------------------------------------------------------------

    async def _deliver(self, pending: PendingCommand) -> Outcome:
        delay = BACKOFF_START
        for _ in range(SEND_ATTEMPTS):
            try:
                status, answer = await self._execute(pending)
            except HostError as exc:
                return self._rejected(Rejected(pending.id, exc.status, exc.code, exc.message))
            except Exception:  # what the route answers with a 500: try again, same id
                log.exception("Unexpected error on command %r", pending.type)
                await asyncio.sleep(delay)
                delay *= 2
                continue
            if status == 200:
                return Applied(pending.id, int(answer["version"]), list(answer["events"]))
            error = answer["error"]
            return self._rejected(
                Rejected(pending.id, status, str(error["code"]), str(error["message"]))
            )
        self._set_status("offline")
        return Queued(pending.id)

    async def _execute(self, pending: PendingCommand) -> tuple[int, dict[str, Any]]:
        """What ``POST /commands`` does: the seat, the body's limits, ``hub.execute``."""
        live, actor = self._open()
        try:  # the route's body model: the same limits, the same words
            body = CommandIn(id=pending.id, type=pending.type, args=pending.args)
        except ValidationError as exc:
            raise HostError(422, "invalid_request", field_message(exc.errors()[0])) from None
        live.seen(actor.label)
        command = Command(body.id, body.type, body.args, actor, time.time())
        return await self._ctx.hub.execute(live, command)

    # ---- following the table ------------------------------------------------------

    async def _follow(self) -> None:
        delay = BACKOFF_START
        while True:
            recovering = self._failures > 0 or self.status != "online" or bool(self.outbox)
            try:
                heard = await self._next(0 if recovering else POLL_WAIT_SECONDS)
            except _SeatGone:
                return
            except Exception:  # what the feed's route answers with a 500
                log.exception("Following table %s failed", self.seat.table_id)
                heard = False
            if heard:
                delay = BACKOFF_START
                continue
            self._failures += 1
            self._set_status(
                "offline" if self._failures >= OFFLINE_AFTER_FAILURES else "reconnecting"
            )
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_MAX)

    async def _next(self, wait: float) -> bool:
        """What one long poll of the feed gives (``wait`` 0: at once): the events since
        the cursor and the view; False if the table is not there (a 404)."""
        try:
            live, actor = self._open()
        except HostError as exc:
            if exc.status == 401:
                self._gone(exc.message)
            return False
        still = live.authority(self.seat.token, self._ctx.admin_token, actor)
        live.seen(actor.label)
        after = self.cursor
        if wait > 0 and live.table.version <= after:
            await live.wait_past(after, wait, actor.label, still, presence=True)
            if not still():
                self._gone(REVOKED)
        self._failures = 0
        self._set_status("online")
        self._absorb(live, actor, after)
        if self.outbox:
            await self.flush_outbox()
        return True

    def _gone(self, message: str) -> None:
        """The token no longer opens the table: following ends for good."""
        self._set_status("offline")
        self._rejected(Rejected("", 401, "unauthorized", message))
        raise _SeatGone

    async def close(self) -> None:
        """Stop following (the seat shows away at once, as a hung-up long poll)."""
        await self._stop_following()


class _SeatGone(Exception):
    """The host no longer knows this token."""
