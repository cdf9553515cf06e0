"""The two adapters a session reaches a table through pass the same scenarios.

``http``: `HttpGateway` and `TableClient` over ``httpx.ASGITransport`` into the fast
lane (what the compiled app does over the network). ``inproc``: `InProcessGateway` and
`InProcessClient`, the host's own browser sessions (app.inproc). Each scenario runs
against both on a real hub, and asserts what the UI reads (app.ui.model.contracts).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.client.lobby import HostRefused, Seat
from app.client.outcomes import Applied, Queued, Rejected
from app.host.api import build_api
from app.host.fast_lane import FastLane
from app.host.hub import Hub
from app.inproc import InProcessGateway
from app.ui.gateway import LOCAL_BASE, HttpGateway
from app.ui.model.contracts import ClientLike, Gateway, PerPhone
from tests.conftest import ADMIN


class Side:
    """One adapter over one hub: its gateway, and the clients made in a test."""

    def __init__(self, kind: str, hub: Hub) -> None:
        self.kind = kind
        self.hub = hub
        api = build_api(hub, admin_token=ADMIN)
        if kind == "http":
            lane = FastLane(api, hub, ADMIN)
            self.gateway: Gateway = HttpGateway(LOCAL_BASE, httpx.ASGITransport(app=lane))
        else:
            self.gateway = InProcessGateway(api.state.api, LOCAL_BASE)
        self.clients: list[ClientLike] = []

    def client(self, seat: Seat, outbox: list[dict[str, Any]] | None = None) -> ClientLike:
        made = self.gateway.client(seat, outbox or [], None)
        self.clients.append(made)
        return made

    async def seated(self) -> tuple[dict[str, Any], ClientLike, ClientLike]:
        """A table with the GM's client and Ann's, both loaded and following."""
        table = await self.gateway.create_table(ADMIN, "Saloon", "test-ledger", {})
        ann_seat = await self.gateway.join(table["join_code"], "Ann")
        gm = self.client(Seat(LOCAL_BASE, table["table_id"], table["gm_token"]))
        ann = self.client(ann_seat)
        for client in (gm, ann):
            await client.load()
            client.start()
        await until(lambda: gm.status == "online" and ann.status == "online")
        return table, gm, ann


@pytest.fixture(params=["http", "inproc"])
async def side(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Side]:
    hub = Hub(tmp_path / "data")
    made = Side(request.param, hub)
    yield made
    for client in made.clients:
        await client.close()
    hub.close()


async def until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_a_command_reaches_the_other_client_with_its_view(side: Side) -> None:
    _, gm, ann = await side.seated()
    outcome = await ann.send("ledger.draw", {"n": 2})
    assert isinstance(outcome, Applied) and [e["type"] for e in outcome.events]
    await until(lambda: gm.table.get("version") == outcome.version)
    assert gm.log[0]["version"] == outcome.version
    assert sum(gm.table["rules"]["hands"]["p1"].values()) == 2
    assert ann.table["you"] == {"role": "player", "player_id": "p1", "name": "Ann"}
    assert gm.table["you"]["role"] == "gm" and gm.table["join_code"]


async def test_a_refusal_carries_the_rule(side: Side) -> None:
    _, _, ann = await side.seated()
    outcome = await ann.send("ledger.return", {"kind": "red"})
    assert isinstance(outcome, Rejected)
    assert outcome.status == 409 and "no red token" in outcome.message
    assert ann.rejections[-1] == outcome  # type: ignore[attr-defined]


async def test_a_malformed_command_is_refused_in_the_routes_words(side: Side) -> None:
    _, _, ann = await side.seated()
    outcome = await ann.send("x" * 61, {})
    assert isinstance(outcome, Rejected) and outcome.status == 422
    assert outcome.code == "invalid_request"


async def test_one_command_id_is_applied_once(side: Side) -> None:
    _, gm, ann = await side.seated()
    send = ann.send  # TableClient and InProcessClient both take command_id
    first = await send("ledger.draw", {"n": 1}, command_id="tap-1")  # type: ignore[call-arg]
    again = await send("ledger.draw", {"n": 1}, command_id="tap-1")  # type: ignore[call-arg]
    assert isinstance(first, Applied) and isinstance(again, Applied)
    assert first.version == again.version
    reused = await send("ledger.draw", {"n": 2}, command_id="tap-1")  # type: ignore[call-arg]
    assert isinstance(reused, Rejected) and reused.code == "command_id_reused"
    await until(lambda: gm.table.get("version") == first.version)
    assert sum(gm.table["rules"]["hands"]["p1"].values()) == 1


async def test_a_queued_outbox_is_sent_once_in_order_on_start(side: Side) -> None:
    table, gm, _ = await side.seated()
    seat = await side.gateway.join(table["join_code"], "Bob")
    outbox = [{"id": f"q{i}", "type": "note", "args": {"text": f"queued {i}"}} for i in range(3)]
    bob = side.client(seat, outbox)
    await bob.load()
    bob.start()
    await until(lambda: not bob.outbox and sum("queued" in e["text"] for e in gm.log) == 3)
    texts = [e["text"] for e in reversed(gm.log) if "queued" in e["text"]]
    assert texts == ["Bob: queued 0", "Bob: queued 1", "Bob: queued 2"]
    while_online = await bob.send("note", {"text": "now"})
    assert not isinstance(while_online, Queued)


async def test_join_codes_are_checked_and_wrong_ones_limited_per_phone(side: Side) -> None:
    table = await side.gateway.create_table(ADMIN, "Saloon", "test-ledger", {})
    found = await side.gateway.check_code(table["join_code"].lower())
    assert found == {"name": "Saloon", "ruleset": "test-ledger", "title": found["title"]}
    gateway = side.gateway
    assert isinstance(gateway, PerPhone)
    phone = gateway.for_client("192.168.1.20")
    for _ in range(10):
        with pytest.raises(HostRefused) as wrong:
            await phone.check_code("ZZZZZZ")
        assert wrong.value.status == 404 and wrong.value.code == "unknown_join_code"
    with pytest.raises(HostRefused) as limited:
        await phone.join(table["join_code"], "Eve")
    assert limited.value.status == 429
    other = gateway.for_client("192.168.1.21")  # another phone is not locked out
    assert (await other.join(table["join_code"], "Eve")).player_id == "p1"


async def test_bodies_are_held_to_the_routes_limits(side: Side) -> None:
    table = await side.gateway.create_table(ADMIN, "Saloon", "test-ledger", {})
    with pytest.raises(HostRefused) as long_name:
        await side.gateway.join(table["join_code"], "A" * 41)
    assert long_name.value.status == 422 and long_name.value.code == "invalid_request"
    with pytest.raises(HostRefused) as unknown:
        await side.gateway.create_table(ADMIN, "Saloon", "no-such-game", {})
    assert unknown.value.status in (404, 409, 422)


async def test_admin_calls_need_the_admin_token(side: Side) -> None:
    created = await side.gateway.create_table(ADMIN, "Saloon", "test-ledger", {})
    listed = await side.gateway.list_tables(ADMIN)
    assert [(t["table_id"], t["gm_url"]) for t in listed] == [
        (created["table_id"], created["gm_url"])
    ]
    assert created["join_url"] == f"{LOCAL_BASE}/join/{created['join_code']}"
    for call in (
        side.gateway.list_tables("not-the-admin"),
        side.gateway.create_table("not-the-admin", "X", "test-ledger", {}),
    ):
        with pytest.raises(HostRefused) as refused:
            await call
        assert refused.value.status == 401
    assert any(r["name"] == "test-ledger" for r in await side.gateway.rulesets())


async def test_a_reissued_seat_link_moves_the_seat_and_stops_the_old_one(side: Side) -> None:
    _, gm, ann = await side.seated()
    with pytest.raises(HostRefused) as not_gm:
        await ann.issue_claim("p1")
    assert not_gm.value.status == 403
    issued = await gm.issue_claim("p1")
    assert issued["claim_url"] == f"{LOCAL_BASE}/claim/{issued['claim_code']}"
    moved = await side.gateway.claim(issued["claim_code"])
    assert moved.player_id == "p1" and moved.token != ann.seat.token
    await until(lambda: ann.status == "offline")
    assert ann.rejections[-1].status == 401  # type: ignore[attr-defined]
    with pytest.raises(HostRefused) as again:
        await side.gateway.claim(issued["claim_code"])
    assert again.value.status == 404
    with pytest.raises(HostRefused) as old:
        await side.client(ann.seat).load()
    assert old.value.status == 401


async def test_presence_follows_the_pages(side: Side) -> None:
    _, gm, ann = await side.seated()
    await until(lambda: bool(gm.table["seats"][0]["online"]))
    view = await gm.refresh()
    assert view["seats"][0]["online"] and view["gm_online"]
    await ann.close()  # the page went away: away at once, not after the grace period
    await until(lambda: not gm.table["seats"][0]["online"])


async def test_both_adapters_show_the_same_views(tmp_path: Path) -> None:
    hub = Hub(tmp_path / "data")
    http, inproc = Side("http", hub), Side("inproc", hub)
    try:
        table, gm, ann = await http.seated()
        await ann.send("ledger.draw", {"n": 3})
        seats = [ann.seat, gm.seat]
        other = [inproc.client(s) for s in seats]
        version = hub.tables[table["table_id"]].table.version
        await until(lambda: ann.table.get("version") == gm.table.get("version") == version)
        for a, b in zip([ann, gm], other, strict=True):
            await b.load()
            assert (await a.refresh()) == (await b.refresh())
            assert a.log == b.log
    finally:
        for client in http.clients + inproc.clients:
            await client.close()
        hub.close()
