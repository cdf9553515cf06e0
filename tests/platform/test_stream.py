"""The server-sent events stream beside the long poll."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import httpx
import pytest
from httpx_sse import connect_sse

from app.client import Applied, TableClient, table_client
from app.protocol import view_patch
from tests.conftest import RunningHost, bearer, create_table, join


def test_sse_stream_delivers_past_and_new_events(host: RunningHost) -> None:
    t = create_table(host.url)
    ann = join(host.url, t["join_code"], "Ann")
    received: list[dict[str, object]] = []
    done = threading.Event()

    def listen() -> None:
        url = f"{host.url}/api/tables/{t['table_id']}/events/stream"
        with httpx.stream(
            "GET", url, params={"after": 0}, headers=bearer(ann["player_token"]), timeout=10
        ) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            for line in r.iter_lines():
                if line.startswith("data: "):
                    received.append(json.loads(line[6:]))
                    if any(e["type"] == "note" for e in received):
                        done.set()
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(0.3)
    httpx.post(
        f"{host.url}/api/tables/{t['table_id']}/commands",
        headers=bearer(t["gm_token"]),
        json={"id": "n1", "type": "note", "args": {"text": "Dusk falls."}},
    )
    assert done.wait(5)
    versions = [int(str(e["version"])) for e in received]
    assert versions == sorted(versions) and versions[0] == 1
    assert received[-1]["text"] == "GM: Dusk falls."


def test_with_state_the_view_comes_whole_then_as_patches_that_rebuild_it(
    host: RunningHost,
) -> None:
    t = create_table(host.url)
    ann, bob = (join(host.url, t["join_code"], n) for n in ("Ann", "Bob"))
    url = f"/api/tables/{t['table_id']}/events/stream"
    messages: list[dict[str, Any]] = []
    with (
        httpx.Client(base_url=host.url, headers=bearer(ann["player_token"]), timeout=10) as http,
        connect_sse(http, "GET", url, params={"after": 0, "state": True}) as source,
    ):
        sent = 0
        for event in source.iter_sse():
            messages.append(json.loads(event.data))
            # Bob's first command also brings him online: a message of its own (who
            # is online is in the view), with the same version.
            if messages[-1]["version"] == messages[0]["version"] + 3:
                break
            if sent < 3 and messages[-1]["version"] == messages[0]["version"] + sent:
                httpx.post(
                    f"{host.url}/api/tables/{t['table_id']}/commands",
                    headers=bearer(bob["player_token"]),
                    json={"id": f"b{sent}", "type": "ledger.draw", "args": {"n": 1}},
                ).raise_for_status()
                sent += 1
    first, *rest = messages
    assert first["after"] == 0 and "table" in first and "patch" not in first
    view = first["table"]
    for before, message in zip(messages, rest, strict=False):
        assert message["after"] == before["version"]  # each follows on from the last
        assert "table" not in message
        view = view_patch.apply(view, message["patch"])
    api = httpx.get(f"{host.url}/api/tables/{t['table_id']}", headers=bearer(ann["player_token"]))
    fresh = api.json()
    assert view["rules"] == fresh["rules"] and view["version"] == fresh["version"]
    assert len(rest) >= 3


def test_a_quiet_stream_says_keep_alive_as_an_event(host: RunningHost) -> None:
    t = create_table(host.url)
    ann = join(host.url, t["join_code"], "Ann")
    url = f"/api/tables/{t['table_id']}/events/stream"
    with (
        httpx.Client(base_url=host.url, headers=bearer(ann["player_token"]), timeout=10) as http,
        connect_sse(http, "GET", url, params={"state": True, "heartbeat": 1}) as source,
    ):
        kinds = []
        for message in source.iter_sse():
            kinds.append(message.event)
            if len(kinds) == 2:
                break
    assert kinds == ["message", "keep-alive"]


async def test_a_client_follows_by_stream_and_a_gap_makes_it_start_again(
    host: RunningHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lost message (a link that drops bytes mid-stream, which TCP alone never does)
    would leave a patched view wrong: the client notices by ``after`` and reconnects."""
    t = create_table(host.url)
    ann_seat = await TableClient.join(host.url, t["join_code"], "Ann")
    bob_seat = await TableClient.join(host.url, t["join_code"], "Bob")
    ann, bob = TableClient(ann_seat), TableClient(bob_seat)
    assert ann.streaming  # a real network transport: it streams
    streams = 0
    dropped: list[dict[str, Any]] = []
    real_stream, real_heard = TableClient._stream, TableClient._heard

    async def counted(self: TableClient) -> bool:
        nonlocal streams
        streams += 1
        return await real_stream(self)

    async def lossy(self: TableClient, data: dict[str, Any] | None) -> None:
        if self is ann and data and data.get("events") and not dropped:
            dropped.append(data)  # this message never arrives
            return
        await real_heard(self, data)

    monkeypatch.setattr(TableClient, "_stream", counted)
    monkeypatch.setattr(TableClient, "_heard", lossy)
    try:
        await ann.load()
        ann.start()
        for _ in range(3):
            assert isinstance(await bob.send("ledger.draw", {"n": 1}), Applied)
        fresh = await bob.refresh()
        for _ in range(200):
            if ann.table.get("version") == fresh["version"]:
                break
            await asyncio.sleep(0.02)
        assert ann.table["rules"]["hands"] == fresh["rules"]["hands"]
        assert ann.table["version"] == fresh["version"] and ann.status == "online"
        assert dropped and streams >= 2  # the gap made it connect again
        versions = [e["version"] for e in ann.log]
        assert versions == list(range(fresh["version"], 0, -1))  # each event once
    finally:
        await ann.close()
        await bob.close()


async def _no_app(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("only the transport's kind is looked at")


def _no_answer(request: httpx.Request) -> httpx.Response:
    raise AssertionError("only the transport's kind is looked at")


def test_a_client_on_an_in_process_transport_long_polls() -> None:
    seat = table_client.Seat("http://host", "t", "token")
    assert not TableClient(seat, transport=httpx.ASGITransport(app=_no_app)).streaming
    assert TableClient(seat, stream=True, transport=httpx.MockTransport(_no_answer)).streaming


def test_lan_address_is_an_ipv4_address() -> None:
    import ipaddress

    from app.host.lan import lan_address

    assert ipaddress.ip_address(lan_address()).version == 4
