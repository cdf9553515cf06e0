"""The fast lane (app.host.fast_lane) answers commands, polls and streams exactly as
the FastAPI routes do, and leaves everything unusual to the routes, so errors keep
their one shape."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import app.host.api
import app.host.feed
from app.domain.commands import Command
from app.host.api import build_api
from app.host.fast_lane import FastLane
from tests.conftest import ADMIN, RunningHost, bearer, create_table, join


@pytest.fixture
def route_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the feed requests the FastAPI route (not the fast lane) answered."""
    calls: list[int] = []
    original = app.host.feed.feed_answer  # what app.host.api calls by that name

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


def through_route(
    host: RunningHost, path: str, token: str, body: dict[str, Any] | None = None
) -> httpx.Response:
    """The same request answered by FastAPI alone (no lane), on the same tables."""
    api = build_api(host.hub, admin_token=ADMIN)
    transport = httpx.ASGITransport(app=api)

    async def ask() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://x") as http:
            if body is not None:
                return await http.post(path, json=body, headers=bearer(token))
            return await http.get(path, headers=bearer(token))

    return asyncio.run(ask())


@pytest.fixture
def route_commands(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The command ids the FastAPI route (not the fast lane) took."""
    taken: list[str] = []
    original = Command  # what app.host.api builds by that name

    def counted(command_id: str, *args: Any) -> Any:
        taken.append(command_id)
        return original(command_id, *args)

    monkeypatch.setattr(app.host.api, "Command", counted)
    yield taken


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


def test_the_lane_takes_commands_like_the_route(
    host: RunningHost, route_commands: list[str]
) -> None:
    table, ann = seated(host)
    path = f"/api/tables/{table['table_id']}/commands"
    cases: list[tuple[str, dict[str, Any]]] = [
        (ann["player_token"], {"id": "d1", "type": "ledger.draw", "args": {"n": 1}}),
        (ann["player_token"], {"id": "r1", "type": "ledger.return", "args": {"kind": "red"}}),
        (ann["player_token"], {"id": "n1", "type": "note", "args": {"text": "Howdy"}}),
        (table["gm_token"], {"id": "g1", "type": "note", "args": {"text": "Dusk."}}),
        (ADMIN, {"id": "a1", "type": "note", "args": {"text": "From the host."}}),
        (ann["player_token"], {"id": "x1", "type": "no.such.thing"}),
    ]
    for token, body in cases:
        fast = httpx.post(host.url + path, json=body, headers=bearer(token))
        again = through_route(host, path, token, body)  # a retry, by the route: same answer
        assert fast.status_code == again.status_code, body
        assert fast.json() == again.json(), body
        assert fast.headers["content-type"] == "application/json"
    reused = {"id": "d1", "type": "note", "args": {"text": "another"}}
    fast = httpx.post(host.url + path, json=reused, headers=bearer(ann["player_token"]))
    slow = through_route(host, path, ann["player_token"], reused)
    assert fast.status_code == slow.status_code == 409
    assert fast.json() == slow.json()
    assert route_commands == [body["id"] for _, body in cases] + ["d1"]


@pytest.mark.parametrize(
    ("content", "status", "code"),
    [
        (b'{"type": "note", "args": {}}', 422, "invalid_request"),
        (b'{"id": "", "type": "note"}', 422, "invalid_request"),
        (b'{"id": "c9", "type": "note", "extra": 1}', 422, "invalid_request"),
        (b'{"id": 7, "type": "note"}', 422, "invalid_request"),
        (b'{"id": "c9", "type": "note", "args": []}', 422, "invalid_request"),
        (b'{"id": "c9", "type": "note"', 400, "malformed_json"),
        (b"[1, 2]", 400, "malformed_json"),
        (b"[" * 5000 + b"]" * 5000, 400, "malformed_json"),
        (b'{"id": "c9", "type": "note", "args": {"text": "\\ud800"}}', 422, "invalid_request"),
    ],
)
def test_unusual_commands_get_the_routes_errors(
    host: RunningHost,
    route_commands: list[str],
    content: bytes,
    status: int,
    code: str,
) -> None:
    table, ann = seated(host)
    r = httpx.post(
        f"{host.url}/api/tables/{table['table_id']}/commands",
        content=content,
        headers={"content-type": "application/json", **bearer(ann["player_token"])},
    )
    assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.text


def test_the_lane_streams_like_the_route_and_lets_go_when_the_follower_does(
    host: RunningHost,
) -> None:
    table, ann = seated(host)
    path = f"/api/tables/{table['table_id']}/events/stream?after=1&state=true"
    live = host.hub.tables[table["table_id"]]
    with httpx.stream("GET", host.url + path, headers=bearer(ann["player_token"])) as r:
        assert r.headers["content-type"] == "text/event-stream; charset=utf-8"
        lines = r.iter_lines()  # kept: a dropped iterator closes the stream, and hanging
        # up leaves the seat away at once
        first = next(line for line in lines if line.startswith("data: "))
        assert live.online(ann["player_id"])
    answer = json.loads(first[6:])
    actor = live.actor_for(ann["player_token"])
    assert actor is not None
    expected = asyncio.run(app.host.feed.feed_answer(live, actor, 1, 0, True))
    assert answer == {**expected, "after": 1}
    deadline = time.monotonic() + 5
    while live._waiting[ann["player_id"]] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert live._waiting[ann["player_id"]] == 0  # the host stopped waiting for her


def test_the_lane_s_paths_are_the_routes_own(host: RunningHost) -> None:
    """The lane reads its three paths from the API's routes: one table, one kind each."""
    lane = FastLane(build_api(host.hub, admin_token=ADMIN), host.hub, ADMIN)
    table = "t0123456789"
    assert lane._route(f"/api/tables/{table}/commands") == (table, "commands")
    assert lane._route(f"/api/tables/{table}/events") == (table, "events")
    assert lane._route(f"/api/tables/{table}/events/stream") == (table, "events/stream")
    assert lane._route(f"/api/tables/{table}/qr.svg") is None
    assert lane._route(f"/api/tables/{table}/commands/x") is None
