"""The service layer: what the API's routes do once the request is parsed.

Two adapters call it: the HTTP routes (app.host.api, and the fast lane beside them)
and the in-process adapter the host's own browser sessions use (app.inproc). Both get
the same authentication of a token, the same per-address limit on wrong codes and the
same answers, so a phone gets one behaviour whichever way its session reaches the
table. Every refusal is a `HostError` (the routes turn it into the one error shape).
"""

from __future__ import annotations

from typing import Any

from app.domain.actors import Actor

from .auth import same
from .errors import HostError, unauthorized
from .hub import Hub
from .live import LiveTable
from .ratelimit import FailureLimiter

TOO_MANY_CODES = "Too many wrong codes. Wait a minute and check the code."


class ApiContext:
    """What both adapters share: the hub, the admin token, the public address and the
    per-address limit on wrong codes (one limiter, so a phone can't double its guesses
    by reaching the host both ways)."""

    def __init__(self, hub: Hub, admin_token: str, public_url: str | None) -> None:
        self.hub = hub
        self.admin_token = admin_token
        self.public_url = public_url
        self.join_limiter = FailureLimiter()

    def base(self, asked_at: str) -> str:
        """The address links point at: the public URL, else the one the client used."""
        return (self.public_url or asked_at).rstrip("/")

    def join_url(self, base: str, live: LiveTable) -> str:
        return f"{base}/join/{live.join_code}"

    def gm_url(self, base: str, live: LiveTable) -> str:
        return f"{base}/gm?table={live.table_id}&token={live.gm_token}"


def seat(ctx: ApiContext, table_id: str, token: str | None) -> tuple[LiveTable, Actor]:
    """The table and who ``token`` is there; 404 for no such table, 401 for a token
    that opens nothing (saying so when its seat was removed)."""
    live = ctx.hub.get(table_id)
    if token is None:
        raise unauthorized()
    actor = live.actor_for(token, ctx.admin_token)
    if actor is None:
        if live.removed_seat(token):
            raise unauthorized("Your seat has been removed from this table.")
        raise unauthorized("That token doesn't open this table.")
    return live, actor


def require_admin(ctx: ApiContext, token: str | None) -> None:
    if token is None or not same(token, ctx.admin_token):
        raise unauthorized("This needs the host's admin token.")


def gm_only(actor: Actor, what: str) -> None:
    if not actor.is_gm:
        raise HostError(403, "forbidden", f"Only the GM can {what}.")


def _count_attempt(ctx: ApiContext, address: str, message: str = TOO_MANY_CODES) -> None:
    if not ctx.join_limiter.attempt(address):
        raise HostError(429, "too_many_attempts", message)


def _table_for_code(ctx: ApiContext, address: str, code: str) -> LiveTable:
    """The table a join code opens; a wrong code counts against ``address``."""
    _count_attempt(ctx, address)
    live = ctx.hub.by_join_code(code)
    if live is None:
        raise HostError(404, "unknown_join_code", "No table has that join code.")
    ctx.join_limiter.succeeded(address)
    return live


def check_code(ctx: ApiContext, address: str, code: str) -> dict[str, Any]:
    """The table a join code opens (its name and game), before a name is asked."""
    live = _table_for_code(ctx, address, code[:20])
    return {
        "name": live.table.state.get("name"),
        "ruleset": live.table.ruleset.name,
        "title": live.table.ruleset.title,
    }


async def join(ctx: ApiContext, address: str, code: str, name: str) -> dict[str, Any]:
    """Seat a new player at the table ``code`` opens."""
    live = _table_for_code(ctx, address, code)
    player_id, token = await ctx.hub.join(live, name)
    return {"table_id": live.table_id, "player_id": player_id, "player_token": token}


async def claim(ctx: ApiContext, address: str, code: str) -> dict[str, Any]:
    """Move a seat to this device with the link the GM reissued."""
    _count_attempt(ctx, address, "Too many wrong codes. Wait a minute.")
    found = await ctx.hub.claim(code)
    if found is None:
        raise HostError(
            404,
            "unknown_claim_code",
            "That seat link is not valid any more. Ask the GM for a new one.",
        )
    ctx.join_limiter.succeeded(address)
    live, player_id, token = found
    return {"table_id": live.table_id, "player_id": player_id, "player_token": token}


async def create_table(
    ctx: ApiContext, base: str, name: str, ruleset: str, settings: dict[str, Any]
) -> dict[str, Any]:
    live = await ctx.hub.create_table(name.strip(), ruleset, settings)
    return {
        "table_id": live.table_id,
        "gm_token": live.gm_token,
        "join_code": live.join_code,
        "join_url": ctx.join_url(base, live),
        "gm_url": ctx.gm_url(base, live),
    }


def list_tables(ctx: ApiContext, base: str) -> list[dict[str, Any]]:
    return [
        {
            "table_id": live.table_id,
            "name": live.table.state.get("name"),
            "ruleset": live.table.ruleset.name,
            "version": live.table.version,
            "join_code": live.join_code,
            "gm_token": live.gm_token,
            "join_url": ctx.join_url(base, live),
            "gm_url": ctx.gm_url(base, live),
        }
        for live in ctx.hub.tables.values()
    ]


async def issue_claim(
    ctx: ApiContext, base: str, live: LiveTable, actor: Actor, player_id: str
) -> dict[str, Any]:
    """GM: a fresh claim code and link for a seat (the old link stops working)."""
    gm_only(actor, "reissue a seat's link")
    code = await ctx.hub.issue_claim(live, player_id)
    return {"claim_code": code, "claim_url": f"{base}/claim/{code}"}
