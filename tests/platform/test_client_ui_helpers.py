"""TableClient calls the UI needs: the admin's table list, a view refresh, seat links."""

from __future__ import annotations

import pytest

from app.client import HostRefused, TableClient
from app.client.table_client import Seat
from app.ui.gateway import HttpGateway
from tests.conftest import ADMIN, RunningHost


async def test_the_admin_lists_tables_and_a_wrong_token_is_refused(host: RunningHost) -> None:
    created = await TableClient.create_table(host.url, ADMIN, "Saloon", "test-ledger")
    tables = await TableClient.list_tables(host.url, ADMIN)
    assert [(t["table_id"], t["gm_token"]) for t in tables] == [
        (created["table_id"], created["gm_token"])
    ]
    with pytest.raises(HostRefused) as refused:
        await TableClient.list_tables(host.url, "not-the-admin")
    assert refused.value.status == 401


async def test_refresh_rereads_the_view_and_tells_listeners(host: RunningHost) -> None:
    created = await TableClient.create_table(host.url, ADMIN, "Saloon", "test-ledger")
    gm = TableClient(Seat(host.url, created["table_id"], created["gm_token"]))
    try:
        calls: list[int] = []
        gm.subscribe(lambda c: calls.append(len(c.table.get("seats", []))))
        await TableClient.join(host.url, created["join_code"], "Ann")
        view = await gm.refresh()
        assert [s["name"] for s in view["seats"]] == ["Ann"]
        assert "online" in view["seats"][0] and view["join_code"] == created["join_code"]
        assert calls == [1]
    finally:
        await gm.close()


async def test_the_gm_reissues_a_seat_link_and_only_the_gm_may(host: RunningHost) -> None:
    created = await TableClient.create_table(host.url, ADMIN, "Saloon", "test-ledger")
    seat = await TableClient.join(host.url, created["join_code"], "Ann")
    gm = TableClient(Seat(host.url, created["table_id"], created["gm_token"]))
    ann = TableClient(seat)
    try:
        issued = await gm.issue_claim("p1")
        assert issued["claim_url"].endswith(f"/claim/{issued['claim_code']}")
        again = await TableClient.claim(host.url, issued["claim_code"])
        assert again.player_id == "p1"
        with pytest.raises(HostRefused) as refused:
            await ann.issue_claim("p1")
        assert refused.value.status in (401, 403)
    finally:
        await gm.close()
        await ann.close()


async def test_a_compiled_app_finds_out_whether_a_host_answers(host: RunningHost) -> None:
    gateway = HttpGateway("http://127.0.0.1:9", transport=None)
    assert gateway.remote
    assert await gateway.reachable(host.url)
    assert not await gateway.reachable("http://127.0.0.1:9")  # nothing listens there
    moved = gateway.copy()
    moved.base_url = host.url
    assert gateway.base_url == "http://127.0.0.1:9"  # each session has its own
