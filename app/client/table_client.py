"""TableClient: join, load, send commands exactly once, follow the feed, work offline.

The compiled app's way to a table (the host's own browser sessions use the in-process
adapter, app.inproc, which presents the same fields and methods). Every command gets
its id here, once; every retry of it (after a timeout, a dropped Wi-Fi, a reconnect)
reuses that id, and the host answers a repeat with its first answer, so nothing is
applied twice.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from httpx_sse import SSEError, aconnect_sse

from app.protocol import view_patch

from . import lobby
from .core import ClientCore, OutboxSaver
from .lobby import HostRefused, Seat, refusal
from .outcomes import Applied, Outcome, PendingCommand, Queued, Rejected

__all__ = ["HostRefused", "Seat", "TableClient"]  # Seat and HostRefused live in lobby

SEND_ATTEMPTS = 3
#: A command's answer takes milliseconds; waiting longer only freezes a tap on a dead link.
SEND_TIMEOUT_SECONDS = 5.0
POLL_WAIT_SECONDS = 25.0
#: The host says "still here" this often on a quiet stream; silence beyond it and the
#: margin means the link is dead (a Wi-Fi that drops packets says nothing).
STREAM_HEARTBEAT_SECONDS = 15.0
SILENCE_MARGIN_SECONDS = 10.0
BACKOFF_START, BACKOFF_MAX = 0.25, 5.0
OFFLINE_AFTER_FAILURES = 3


class SeatGone(Exception):
    """The host no longer knows this token: following stops."""


class StreamGap(Exception):
    """A stream message does not follow on from the last one: reconnect."""


class TableClient(ClientCore):
    """A live connection to one table for one token.

    It follows the table over one server-sent-events stream carrying its view after
    every change. Over an in-process transport (the app's own GM screen when the app
    hosts), whose responses arrive whole, it long-polls instead; ``stream`` overrides
    the choice.
    """

    def __init__(
        self,
        seat: Seat,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        outbox: list[dict[str, Any]] | None = None,
        save_outbox: OutboxSaver | None = None,
        stream: bool | None = None,
    ) -> None:
        super().__init__(seat, outbox=outbox, save_outbox=save_outbox)
        self.streaming = transport is None if stream is None else stream
        self.http = httpx.AsyncClient(
            base_url=seat.base_url,
            transport=transport,
            headers={"Authorization": f"Bearer {seat.token}"},
            timeout=httpx.Timeout(10.0, read=POLL_WAIT_SECONDS + 10.0),
        )

    # ---- joining (before a client exists): app.client.lobby ------------------------

    join = staticmethod(lobby.join)
    claim = staticmethod(lobby.claim)
    create_table = staticmethod(lobby.create_table)
    list_tables = staticmethod(lobby.list_tables)

    # ---- reading ------------------------------------------------------------------

    async def load(self) -> dict[str, Any]:
        """Fetch the table as this token may see it, and the recent log."""
        r = await self.http.get(
            f"/api/tables/{self.seat.table_id}/events", params={"after": 0, "state": True}
        )
        if r.status_code != 200:
            raise refusal(r)
        self._absorb(r.json(), replace_log=True)
        return self.table

    async def refresh(self) -> dict[str, Any]:
        """Re-read the table view alone (who is online changes without a new event)."""
        r = await self.http.get(f"/api/tables/{self.seat.table_id}")
        if r.status_code != 200:
            raise refusal(r)
        self.table = r.json()
        self._changed()
        return self.table

    async def issue_claim(self, player_id: str) -> dict[str, Any]:
        """GM: a fresh claim code and link for a seat (the old link stops working)."""
        r = await self.http.post(f"/api/tables/{self.seat.table_id}/seats/{player_id}/claim")
        if r.status_code != 201:
            raise refusal(r)
        issued: dict[str, Any] = r.json()
        return issued

    def _absorb(self, data: dict[str, Any], *, replace_log: bool = False) -> None:
        # The view first: a patch that does not fit raises before anything changed.
        if data.get("table") is not None:
            self.table = data["table"]
        elif data.get("patch"):
            self.table = view_patch.apply(self.table, data["patch"])
        self._took(
            data.get("events", []), int(data.get("version", self.cursor)), replace_log=replace_log
        )

    # ---- writing ------------------------------------------------------------------

    async def _deliver(self, pending: PendingCommand) -> Outcome:
        delay = BACKOFF_START
        for attempt in range(SEND_ATTEMPTS):
            try:
                r = await self.http.post(
                    f"/api/tables/{self.seat.table_id}/commands",
                    json=pending.to_json(),
                    timeout=httpx.Timeout(SEND_TIMEOUT_SECONDS),
                )
            except httpx.TransportError:
                if attempt + 1 < SEND_ATTEMPTS:
                    await asyncio.sleep(delay)
                    delay *= 2
                continue
            if r.status_code >= 500:
                await asyncio.sleep(delay)
                continue
            return self._answer(pending, r)
        self._set_status("offline")
        return Queued(pending.id)

    def _answer(self, pending: PendingCommand, r: httpx.Response) -> Outcome:
        if r.status_code == 200:
            data = r.json()
            return Applied(pending.id, int(data["version"]), list(data["events"]))
        err = refusal(r)
        return self._rejected(Rejected(pending.id, err.status, err.code, err.message))

    # ---- following the feed -------------------------------------------------------

    async def _follow(self) -> None:
        delay = BACKOFF_START
        while True:
            # Coming back from an outage (or with taps queued), ask without waiting,
            # so the badge turns green and the outbox drains at once.
            recovering = self._failures > 0 or self.status != "online" or bool(self.outbox)
            try:
                if self.streaming and not recovering:
                    heard = await self._stream()
                else:
                    heard = await self._poll(0 if recovering else POLL_WAIT_SECONDS)
            except SeatGone:
                return
            except (httpx.TransportError, httpx.HTTPStatusError, SSEError, ValueError, StreamGap):
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

    def _feed_path(self) -> str:
        return f"/api/tables/{self.seat.table_id}/events"

    async def _poll(self, wait: float) -> bool:
        """One long poll (a probe when ``wait`` is 0); True once it was answered."""
        r = await self.http.get(
            self._feed_path(),
            params={"after": self.cursor, "state": True, "wait": wait},
            # A probe answers at once; a link that swallows it is down.
            timeout=httpx.Timeout(SEND_TIMEOUT_SECONDS)
            if wait == 0
            else httpx.Timeout(10.0, read=wait + 10.0),
        )
        await self._check(r)
        await self._heard(r.json())
        return True

    async def _stream(self) -> bool:
        """Follow one stream until it ends; True if anything arrived on it."""
        heard = False
        async with aconnect_sse(
            self.http,
            "GET",
            self._feed_path() + "/stream",
            params={"after": self.cursor, "state": True, "heartbeat": STREAM_HEARTBEAT_SECONDS},
            timeout=httpx.Timeout(10.0, read=STREAM_HEARTBEAT_SECONDS + SILENCE_MARGIN_SECONDS),
        ) as source:
            await self._check(source.response)
            async for message in source.aiter_sse():
                data = json.loads(message.data) if message.event == "message" else None
                if data is not None and data.get("after") != self.cursor:
                    # A message went missing (a link that lost bytes mid-stream): start
                    # again from what this client has.
                    raise StreamGap
                heard = True
                await self._heard(data)
        return heard

    async def _check(self, r: httpx.Response) -> None:
        """Raise for a failed feed request; a revoked token ends following for good."""
        if r.status_code == 200:
            return
        await r.aread()
        if r.status_code == 401:
            self._set_status("offline")
            self.rejections.append(Rejected("", 401, "unauthorized", refusal(r).message))
            self._changed()
            raise SeatGone
        r.raise_for_status()

    async def _heard(self, data: dict[str, Any] | None) -> None:
        """The host answered (``data``: a feed answer, None: a keep-alive)."""
        self._failures = 0
        self._set_status("online")
        if data is not None:
            self._absorb(data)
        if self.outbox:
            await self.flush_outbox()

    async def close(self) -> None:
        """Stop following and release the connection."""
        await self._stop_following()
        await self.http.aclose()
