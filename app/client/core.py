"""What every client of a seat does whatever carries it: listeners, the log, the outbox.

`TableClient` (HTTP, app.client.table_client) and `InProcessClient` (the host's own
browser sessions, app.inproc) differ only in how a command reaches the host
(`_deliver`) and how the table is followed (`_follow`); both keep the fields the UI
reads (app.ui.model.contracts.ClientLike) here, the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from .lobby import Seat
from .outcomes import Applied, Outcome, PendingCommand, Queued, Rejected

Status = Literal["online", "reconnecting", "offline"]
Listener = Callable[[Any], None]
OutboxSaver = Callable[[list[dict[str, Any]]], Awaitable[None] | None]

LOG_KEEP = 300


class ClientCore(ABC):
    """A seat's client: its view, its log (newest first), its outbox."""

    def __init__(
        self,
        seat: Seat,
        *,
        outbox: list[dict[str, Any]] | None = None,
        save_outbox: OutboxSaver | None = None,
    ) -> None:
        self.seat = seat
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

    # ---- what a carrier provides --------------------------------------------------

    @abstractmethod
    async def _deliver(self, pending: PendingCommand) -> Outcome:
        """Send one command (retrying with its id); Queued if the host can't take it."""

    @abstractmethod
    async def _follow(self) -> None:
        """Follow the table until cancelled (or the seat is gone)."""

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

    def _took(
        self, events: list[dict[str, Any]], version: int, *, replace_log: bool = False
    ) -> None:
        """Events heard (oldest first) up to ``version``, after the view was taken."""
        if replace_log:
            self.log = []
        self.log = (list(reversed(events)) + self.log)[:LOG_KEEP]
        self.cursor = max(self.cursor, version)
        self._changed()

    def _rejected(self, rejected: Rejected) -> Rejected:
        self.rejections.append(rejected)
        self._changed()
        return rejected

    # ---- writing ------------------------------------------------------------------

    async def send(
        self, type_: str, args: dict[str, Any] | None = None, *, command_id: str | None = None
    ) -> Outcome:
        """Send a command; retried with the same id, queued if the host is unreachable."""
        pending = PendingCommand(command_id or uuid.uuid4().hex, type_, dict(args or {}))
        if self.outbox:  # keep order: earlier offline taps go first
            await self._enqueue(pending)
            if self.status != "online" and self._follower is not None:
                # Not reaching the host: queue at once; following drains it on reconnect.
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
        """Send queued commands in order, each with its own id; stop at the first outage."""
        async with self._flushing:
            while self.outbox:
                outcome = await self._deliver(self.outbox[0])
                if isinstance(outcome, Queued):
                    return
                self.outbox.pop(0)
                await self._persist_outbox()
                self._changed()

    # ---- following ----------------------------------------------------------------

    def start(self) -> None:
        """Follow the table in the background until ``close`` (the task runs in the
        caller's context: a page's session hears its changes in its own session)."""
        if self._follower is None:
            self._follower = asyncio.create_task(self._follow())

    async def _stop_following(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._follower
            self._follower = None

    async def close(self) -> None:
        """Stop following."""
        await self._stop_following()
