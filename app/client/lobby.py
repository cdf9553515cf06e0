"""Before a client exists: take a seat (join, claim) and, with the admin token, create
and list tables. Each raises HostRefused with the host's own message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

#: Every rule system's catalogue as ``GET /api/rulesets`` sends it. Read-only: in the
#: host one parsed copy serves every browser session (app/inproc/gateway.py).
Catalogue = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Seat:
    """Where a token sits: the table and (for players) the seat."""

    base_url: str
    table_id: str
    token: str
    player_id: str | None = None


class HostRefused(Exception):
    """The host answered a non-command request with an error (bad code, bad token...)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def refusal(response: httpx.Response) -> HostRefused:
    """The host's error answer as an exception with its code and message."""
    try:
        err = response.json()["error"]
        return HostRefused(response.status_code, str(err["code"]), str(err["message"]))
    except (ValueError, KeyError, TypeError):
        return HostRefused(response.status_code, "http_error", response.text[:200])


async def join(
    base_url: str,
    join_code: str,
    name: str,
    *,
    transport: httpx.AsyncBaseTransport | None = None,
) -> Seat:
    """Take a seat with the join code; raises HostRefused with the host's message."""
    async with httpx.AsyncClient(base_url=base_url, transport=transport) as http:
        r = await http.post("/api/join", json={"join_code": join_code, "name": name})
    if r.status_code != 201:
        raise refusal(r)
    data = r.json()
    return Seat(base_url, data["table_id"], data["player_token"], data["player_id"])


async def claim(
    base_url: str, claim_code: str, *, transport: httpx.AsyncBaseTransport | None = None
) -> Seat:
    """Take back a seat through the link the GM reissued."""
    async with httpx.AsyncClient(base_url=base_url, transport=transport) as http:
        r = await http.post("/api/claim", json={"claim_code": claim_code})
    if r.status_code != 201:
        raise refusal(r)
    data = r.json()
    return Seat(base_url, data["table_id"], data["player_token"], data["player_id"])


async def create_table(
    base_url: str,
    admin_token: str,
    name: str,
    ruleset: str,
    settings: dict[str, Any] | None = None,
    *,
    transport: httpx.AsyncBaseTransport | None = None,
) -> dict[str, Any]:
    """Create a table with the host's admin token (returns ids, tokens and links)."""
    async with httpx.AsyncClient(base_url=base_url, transport=transport) as http:
        r = await http.post(
            "/api/tables",
            json={"name": name, "ruleset": ruleset, "settings": settings or {}},
            headers={"Authorization": f"Bearer {admin_token}"},
        )
    if r.status_code != 201:
        raise refusal(r)
    result: dict[str, Any] = r.json()
    return result


async def list_tables(
    base_url: str, admin_token: str, *, transport: httpx.AsyncBaseTransport | None = None
) -> list[dict[str, Any]]:
    """Every table on the host, with its links (needs the host's admin token)."""
    async with httpx.AsyncClient(base_url=base_url, transport=transport) as http:
        r = await http.get("/api/tables", headers={"Authorization": f"Bearer {admin_token}"})
    if r.status_code != 200:
        raise refusal(r)
    tables: list[dict[str, Any]] = r.json()
    return tables
