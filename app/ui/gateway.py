"""The HTTP `Gateway`: TableClient over an httpx transport.

A compiled app passes ``transport=None`` and a real base URL. The app's own GM screen,
when the app hosts the table itself, reaches that host through
``httpx.ASGITransport`` (no socket, no address guessing); `for_client` then carries
the address of a phone whose session it serves, so per-address limits count each phone
on its own. (The host's browser sessions use app.inproc instead, no HTTP at all.)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx

from app.client.lobby import Catalogue, refusal
from app.client.table_client import HostRefused, Seat, TableClient

LOCAL_BASE = "http://fatepot.local"


class HttpGateway:
    """Joins, claims and admin calls through TableClient's helpers, with one transport."""

    def __init__(
        self, base_url: str = LOCAL_BASE, transport: httpx.AsyncBaseTransport | None = None
    ) -> None:
        self.base_url = base_url
        self.transport = transport

    async def join(self, code: str, name: str) -> Seat:
        return await TableClient.join(self.base_url, code, name, transport=self.transport)

    async def check_code(self, code: str) -> dict[str, Any]:
        """The table ``code`` opens ({name, ruleset, title}); HostRefused if none."""
        async with httpx.AsyncClient(base_url=self.base_url, transport=self.transport) as http:
            r = await http.get(f"/api/join/{quote(code, safe='')}")
        if r.status_code != 200:
            raise refusal(r)
        found: dict[str, Any] = r.json()
        return found

    async def claim(self, code: str) -> Seat:
        return await TableClient.claim(self.base_url, code, transport=self.transport)

    async def create_table(
        self, admin: str, name: str, ruleset: str, settings: dict[str, Any]
    ) -> dict[str, Any]:
        return await TableClient.create_table(
            self.base_url, admin, name, ruleset, settings, transport=self.transport
        )

    async def list_tables(self, admin: str) -> list[dict[str, Any]]:
        return await TableClient.list_tables(self.base_url, admin, transport=self.transport)

    async def rulesets(self) -> Catalogue:
        async with httpx.AsyncClient(base_url=self.base_url, transport=self.transport) as http:
            r = await http.get("/api/rulesets")
        if r.status_code != 200:
            raise HostRefused(r.status_code, "http_error", "Could not list the rule systems.")
        found: Catalogue = r.json()
        return found

    @property
    def remote(self) -> bool:
        """Whether the host is reached over the network (a compiled app), so its address
        can be changed; False over an in-process transport."""
        return self.transport is None

    def copy(self) -> HttpGateway:
        """A gateway of its own for one session (its host address can then change)."""
        return HttpGateway(self.base_url, self.transport)

    def for_client(self, address: str | None) -> HttpGateway:
        """A gateway whose in-process requests come from ``address`` (the phone's IP as
        the browser session's web socket saw it). Over the network (a compiled app) the
        host sees the real address anyway, so this is the same gateway."""
        transport = self.transport
        if not isinstance(transport, httpx.ASGITransport) or not address:
            return self
        # The port is never read: the API limits and logs by host only.
        phone = httpx.ASGITransport(app=transport.app, client=(address, 0))
        return HttpGateway(self.base_url, phone)

    async def reachable(self, base_url: str) -> bool:
        """Whether a Fate Pot host answers at ``base_url``."""
        try:
            async with httpx.AsyncClient(
                base_url=base_url, transport=self.transport, timeout=3.0
            ) as http:
                r = await http.get("/api/health")
            return r.status_code == 200 and r.json().get("ok") is True
        except (httpx.HTTPError, ValueError, AttributeError):
            return False

    def client(self, seat: Seat, outbox: list[dict[str, Any]], save: Any) -> TableClient:
        return TableClient(seat, transport=self.transport, outbox=outbox, save_outbox=save)
