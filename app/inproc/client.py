"""`InProcessClient`: a browser session's seat at a table, with no HTTP in between.

It does what `TableClient` does for a page (the same fields, the same outcomes, the
same outbox), but a command is handed to ``hub.execute`` as a `Command` and the feed
is followed by waiting on the table itself (``LiveTable.wait_past``), the way the
feed's long poll waits; the view after a change comes from `SharedViews`, built once
for every page of the same viewer. Each call authenticates the seat's token again
(app.host.service.seat), so a claimed or removed seat stops at once, as over HTTP.

A command keeps the id it was given once: a retry after an unexpected failure (a
failed commit: the host's 500) sends it again with that id, and ``hub.execute``
answers a repeat with its first answer, so nothing is applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import ValidationError

from app.client.lobby import HostRefused, Seat
from app.client.outcomes import Applied, Outcome, PendingCommand, Queued, Rejected
from app.client.table_client import (
    BACKOFF_MAX,
    BACKOFF_START,
    LOG_KEEP,
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
Status = Literal["online", "reconnecting", "offline"]
Listener = Callable[["InProcessClient"], None]
OutboxSaver = Callable[[list[dict[str, Any]]], Awaitable[None] | None]


class InProcessClient:
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
        self.seat = seat
        self._ctx = ctx
        self._views = views
        self.table: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []  # newest first
        self.cursor = 0
        self.status: Status = "reconnecting"
        self.rejections: list[Rejected] = []
        self.outbox = [
            PendingCommand(c["id"], c["type"], c.get("args", {})) for c in (outbox or [])
        ]
        self._save_outbox = save_outbox
        self._listeners: list[Listener] = []
        self._follower: asyncio.Task[None] | None = None
        self._failures = 0
        self._flushing = asyncio.Lock()

    # ---- listening ----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(self)`` after every change; returns an unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def _set_status(self, status: Status) -> None:
        if status != self.status:
            self.status = status
            self._changed()

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
        if replace_log:
            self.log = []
        self.log = (list(reversed(events)) + self.log)[:LOG_KEEP]
        self.cursor = max(self.cursor, version)
        self._changed()

    # ---- writing ------------------------------------------------------------------

    async def send(
        self, type_: str, args: dict[str, Any] | None = None, *, command_id: str | None = None
    ) -> Outcome:
        """Send a command; retried with the same id, queued if the host fails."""
        pending = PendingCommand(command_id or uuid.uuid4().hex, type_, dict(args or {}))
        if self.outbox:  # keep order: earlier queued taps go first
            await self._enqueue(pending)
            if self.status != "online" and self._follower is not None:
                return Queued(pending.id)
            await self.flush_outbox()
            return self._outcome_of(pending.id)
        outcome = await self._deliver(pending)
        if isinstance(outcome, Queued):
            await self._enqueue(pending)
        return outcome

    async def undo(self, command_id: str) -> Outcome:
        """Undo one of this client's earlier commands."""
        return await self.send("undo", {"command_id": command_id})

    async def _deliver(self, pending: PendingCommand) -> Outcome:
        delay = BACKOFF_START
        for _ in range(SEND_ATTEMPTS):
            try:
                status, answer = await self._execute(pending)
            except HostError as exc:
                return self._rejected(pending.id, exc.status, exc.code, exc.message)
            except Exception:  # what the route answers with a 500: try again, same id
                log.exception("Unexpected error on command %r", pending.type)
                await asyncio.sleep(delay)
                delay *= 2
                continue
            if status == 200:
                return Applied(pending.id, int(answer["version"]), list(answer["events"]))
            error = answer["error"]
            return self._rejected(pending.id, status, str(error["code"]), str(error["message"]))
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

    def _rejected(self, command_id: str, status: int, code: str, message: str) -> Rejected:
        rejected = Rejected(command_id, status, code, message)
        self.rejections.append(rejected)
        self._changed()
        return rejected

    # ---- the outbox ---------------------------------------------------------------

    async def _enqueue(self, pending: PendingCommand) -> None:
        self.outbox.append(pending)
        await self._persist_outbox()
        self._changed()

    async def _persist_outbox(self) -> None:
        if self._save_outbox is not None:
            saved = self._save_outbox([c.to_json() for c in self.outbox])
            if saved is not None:
                await saved

    def _outcome_of(self, command_id: str) -> Outcome:
        if any(c.id == command_id for c in self.outbox):
            return Queued(command_id)
        for rejected in reversed(self.rejections):
            if rejected.command_id == command_id:
                return rejected
        return Applied(command_id, self.cursor, [])

    async def flush_outbox(self) -> None:
        """Send queued commands in order, each with its own id; stop at the first failure."""
        async with self._flushing:
            while self.outbox:
                outcome = await self._deliver(self.outbox[0])
                if isinstance(outcome, Queued):
                    return
                self.outbox.pop(0)
                await self._persist_outbox()
                self._changed()

    # ---- following the table ------------------------------------------------------

    def start(self) -> None:
        """Follow the table in the background until ``close`` (the task runs in the
        caller's context: a page's session hears its changes in its own session)."""
        if self._follower is None:
            self._follower = asyncio.create_task(self._follow())

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
        self.rejections.append(Rejected("", 401, "unauthorized", message))
        self._changed()
        raise _SeatGone

    async def close(self) -> None:
        """Stop following (the seat shows away at once, as a hung-up long poll)."""
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._follower
            self._follower = None


class _SeatGone(Exception):
    """The host no longer knows this token."""
