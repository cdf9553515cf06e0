"""A fake TableClient (and gateway) backed by a real in-memory domain Table.

The screens see exactly what the host would send (``table.view`` plus presence and the
join code), and commands go through the real rules, but with no HTTP and no browser.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from app.client.lobby import Catalogue
from app.client.outcomes import Applied, Outcome, PendingCommand, Queued, Rejected
from app.client.table_client import HostRefused, Seat
from app.domain.actors import GM, HOST, Actor, player
from app.domain.commands import Command
from app.domain.errors import DomainError
from app.domain.table import Table

BASE = "http://fatepot.test"


class FakeHost:
    """One table and its tokens, like the hub would hold it."""

    def __init__(self, ruleset: str = "deadlands", seed: int = 7) -> None:
        self.table, first = Table.create("t1", "Saloon", ruleset, {}, seed, 0.0)
        self.table.accept(first)
        self.join_code = "ABC123"
        self.tokens: dict[str, Actor] = {"gm-token": GM}
        self.ids = itertools.count(1)
        self.claims: dict[str, str] = {}
        self.clients: list[FakeClient] = []
        self.away: set[str] = set()  # seats whose phone is gone (presence, no event)

    def presence_refresh(self) -> None:
        """Every client re-reads its view, as the GM's periodic presence refresh does."""
        for client in self.clients:
            client.pull()

    def run(
        self,
        actor: Actor,
        type_: str,
        args: dict[str, Any] | None = None,
        command_id: str | None = None,
    ) -> list[dict[str, Any]]:
        decision = self.table.decide(
            Command(command_id or f"x{next(self.ids)}", type_, args or {}, actor, 1.0)
        )
        self.table.accept(decision)
        for client in self.clients:
            client.pull()
        return [e.to_public() for e in decision.events]

    def join(self, name: str) -> Seat:
        self.run(HOST, "seat.join", {"name": name})
        pid = self.table.view(GM)["seats"][-1]["player_id"]
        token = f"token-{pid}-{next(self.ids)}"
        self.tokens[token] = player(pid)
        return Seat(BASE, "t1", token, pid)

    def view(self, actor: Actor) -> dict[str, Any]:
        view = self.table.view(actor)
        for seat in view["seats"]:
            seat["online"] = seat["player_id"] not in self.away
        view["gm_online"] = True
        view["join_code"] = self.join_code
        return view


class FakeClient:
    """The TableClient surface the UI uses, over a `FakeHost`."""

    def __init__(self, host: FakeHost, seat: Seat, outbox: list[dict[str, Any]], save: Any) -> None:
        self.host = host
        self.seat = seat
        self.table: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.status = "reconnecting"
        self.outbox = [PendingCommand(c["id"], c["type"], c.get("args", {})) for c in outbox]
        self.offline = False
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self._listeners: list[Callable[[Any], None]] = []
        self._save = save
        self.closed = False
        host.clients.append(self)

    @property
    def actor(self) -> Actor:
        actor = self.host.tokens.get(self.seat.token)
        if actor is None:
            raise HostRefused(401, "unauthorized", "That token doesn't open this table.")
        return actor

    def subscribe(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def pull(self) -> None:
        if self.closed or self.seat.token not in self.host.tokens:
            return
        actor = self.actor
        self.table = self.host.view(actor)
        events = self.host.table.events_after(0, actor)
        self.log = [e.to_public() for e in reversed(events)]
        self.status = "offline" if self.offline else "online"
        for listener in list(self._listeners):
            listener(self)

    async def load(self) -> dict[str, Any]:
        self.actor  # noqa: B018  (raises HostRefused for a dead token)
        self.pull()
        return self.table

    async def refresh(self) -> dict[str, Any]:
        self.pull()
        return self.table

    async def send(self, type_: str, args: dict[str, Any] | None = None) -> Outcome:
        cid = f"c{next(self.host.ids)}"
        self.sent.append((type_, dict(args or {})))
        if self.offline:
            self.outbox.append(PendingCommand(cid, type_, dict(args or {})))
            if self._save:
                await self._save([c.to_json() for c in self.outbox])
            return Queued(cid)
        try:
            events = self.host.run(self.actor, type_, args, cid)
        except DomainError as err:
            return Rejected(cid, err.status, err.code, err.message)
        return Applied(cid, self.host.table.version, events)

    async def undo(self, command_id: str) -> Outcome:
        return await self.send("undo", {"command_id": command_id})

    async def issue_claim(self, player_id: str) -> dict[str, Any]:
        code = f"claim{next(self.host.ids)}"
        self.host.claims[code] = player_id
        return {"claim_code": code, "claim_url": f"{BASE}/claim/{code}"}

    def start(self) -> None:
        pass

    async def close(self) -> None:
        self.closed = True


class FakeGateway:
    base_url = BASE

    def __init__(self, host: FakeHost, *, remote: bool = False) -> None:
        self.host = host
        self.clients: list[FakeClient] = []
        self.remote = remote  # True: a compiled app that may change hosts
        self.answering = {BASE}  # host addresses where a Fate Pot host answers

    async def reachable(self, base_url: str) -> bool:
        return base_url in self.answering

    async def join(self, code: str, name: str) -> Seat:
        if code != self.host.join_code:
            raise HostRefused(404, "unknown_join_code", "No table has that join code.")
        return self.host.join(name)

    async def check_code(self, code: str) -> dict[str, Any]:
        if code != self.host.join_code:
            raise HostRefused(404, "unknown_join_code", "No table has that join code.")
        return {"name": "Fake table", "ruleset": "deadlands", "title": "Deadlands"}

    async def claim(self, code: str) -> Seat:
        pid = self.host.claims.pop(code, None)
        if pid is None:
            raise HostRefused(404, "unknown_claim_code", "That seat link is not valid any more.")
        for token, actor in list(self.host.tokens.items()):
            if actor.player_id == pid:
                del self.host.tokens[token]
        token = f"token-{pid}-{next(self.host.ids)}"
        self.host.tokens[token] = player(pid)
        return Seat(BASE, "t1", token, pid)

    async def create_table(
        self, admin: str, name: str, ruleset: str, settings: dict[str, Any]
    ) -> dict[str, Any]:
        if admin != "admin":
            raise HostRefused(401, "unauthorized", "This needs the host's admin token.")
        return {"table_id": "t1", "gm_token": "gm-token", "join_code": self.host.join_code}

    async def list_tables(self, admin: str) -> list[dict[str, Any]]:
        if admin != "admin":
            raise HostRefused(401, "unauthorized", "This needs the host's admin token.")
        return [
            {
                "table_id": "t1",
                "name": "Saloon",
                "ruleset": "deadlands",
                "join_code": self.host.join_code,
                "gm_token": "gm-token",
            }
        ]

    async def rulesets(self) -> Catalogue:
        return []

    def client(self, seat: Seat, outbox: list[dict[str, Any]], save: Any) -> FakeClient:
        client = FakeClient(self.host, seat, outbox, save)
        self.clients.append(client)
        return client
