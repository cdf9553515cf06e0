"""The feed's fast lane (app.host.feed) answers exactly what the FastAPI route answers,
and leaves everything unusual to the route, so errors keep their one shape."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import app.host.api
from app.host.api import build_api
from tests.conftest import ADMIN, RunningHost, bearer, create_table, join


@pytest.fixture
def route_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the feed requests the FastAPI route (not the fast lane) answered."""
    calls: list[int] = []
    original = app.host.api.feed_answer

    async def counted(*args: Any) -> dict[str, Any]:
        calls.append(1)
        return await original(*args)

    monkeypatch.setattr(app.host.api, "feed_answer", counted)
    yield calls


def seated(host: RunningHost) -> tuple[dict[str, str], dict[str, str]]:
    table = create_table(host.url)
    ann = join(host.url, table["join_code"], "Ann")
    for n in range(3):
        r = httpx.post(
            f"{host.url}/api/tables/{table['table_id']}/commands",
            json={"id": f"c{n}", "type": "ledger.draw", "args": {"n": 1}},
            headers=bearer(ann["player_token"]),
        )
        assert r.status_code == 200, r.text
    return table, ann


def through_route(host: RunningHost, path: str, token: str) -> httpx.Response:
    """The same request answered by FastAPI alone (no lane), on the same tables."""
    api = build_api(host.hub, admin_token=ADMIN)
    transport = httpx.ASGITransport(app=api)

    async def ask() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://x") as http:
            return await http.get(path, headers=bearer(token))

    return asyncio.run(ask())


@pytest.mark.parametrize("query", ["after=0&state=true", "after=2", "after=1&state=1&wait=0"])
def test_the_lane_answers_like_the_route(
    host: RunningHost, route_calls: list[int], query: str
) -> None:
    table, ann = seated(host)
    path = f"/api/tables/{table['table_id']}/events?{query}"
    for token in (ann["player_token"], table["gm_token"], ADMIN):
        fast = httpx.get(host.url + path, headers=bearer(token))
        slow = through_route(host, path, token)
        assert fast.status_code == slow.status_code == 200
        assert fast.headers["content-type"] == "application/json"
        assert fast.json() == slow.json()
    assert route_calls == [1, 1, 1]  # only the direct FastAPI calls reached the route


def test_a_waiting_lane_request_wakes_on_the_next_event(host: RunningHost) -> None:
    table, ann = seated(host)
    url = f"{host.url}/api/tables/{table['table_id']}/events"
    with httpx.Client() as http:
        version = http.get(url, headers=bearer(ann["player_token"])).json()["version"]

        def act() -> None:
            http.post(
                f"{host.url}/api/tables/{table['table_id']}/commands",
                json={"id": "later", "type": "ledger.draw", "args": {"n": 1}},
                headers=bearer(ann["player_token"]),
            )

        timer = threading.Timer(0.3, act)
        timer.start()
        got = http.get(
            url,
            params={"after": version, "wait": 10},
            headers=bearer(ann["player_token"]),
        ).json()
        timer.join()
    assert [e["version"] for e in got["events"]] == [version + 1]


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("after=-1", 422, "invalid_request"),
        ("after=abc", 422, "invalid_request"),
        ("wait=31", 422, "invalid_request"),
        ("state=maybe", 422, "invalid_request"),
        ("after=99999999999999999999", 422, "invalid_request"),
    ],
)
def test_unusual_requests_get_the_routes_errors(
    host: RunningHost, route_calls: list[int], query: str, status: int, code: str
) -> None:
    table, ann = seated(host)
    r = httpx.get(
        f"{host.url}/api/tables/{table['table_id']}/events?{query}",
        headers=bearer(ann["player_token"]),
    )
    assert r.status_code == status
    assert r.json()["error"]["code"] == code


def test_wrong_tables_and_tokens_get_the_routes_errors(host: RunningHost) -> None:
    table, _ = seated(host)
    events = f"{host.url}/api/tables/{table['table_id']}/events"
    no_table = httpx.get(f"{host.url}/api/tables/nope/events", headers=bearer(ADMIN))
    bad_token = httpx.get(events, headers=bearer("not-a-token"))
    no_token = httpx.get(events)
    assert no_table.status_code == 404 and no_table.json()["error"]["code"]
    assert bad_token.status_code == 401 and bad_token.json()["error"]["code"] == "unauthorized"
    assert no_token.status_code == 401 and no_token.json()["error"]["code"] == "unauthorized"
