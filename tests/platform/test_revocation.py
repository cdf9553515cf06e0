"""A token stops reading the moment it stops being the seat's: open streams end and
long polls answer 401 once the seat moves to another phone or is removed; wrong codes
are limited per address, counted as they arrive (a real uvicorn host)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx

from app.host.writer import TableWriter
from tests.conftest import RunningHost, bearer, create_table, join

STREAM_PARAMS: dict[str, str | int] = {"after": 0, "state": "true", "heartbeat": 1}


def follow(url: str, token: str, into: list[str], done: threading.Event) -> threading.Thread:
    """Read a state stream in a thread until the host ends it (``done`` is then set)."""

    def run() -> None:
        with httpx.stream("GET", url, params=STREAM_PARAMS, headers=bearer(token), timeout=30) as r:
            assert r.status_code == 200
            for line in r.iter_lines():
                into.append(line)
        done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def gm_command(
    host: RunningHost, table: dict[str, str], cid: str, type_: str, **args: Any
) -> dict[str, Any]:
    r = httpx.post(
        f"{host.url}/api/tables/{table['table_id']}/commands",
        json={"id": cid, "type": type_, "args": args},
        headers=bearer(table["gm_token"]),
    )
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_a_claimed_seat_ends_the_old_tokens_stream_and_poll(host: RunningHost) -> None:
    table = create_table(host.url)
    ann = join(host.url, table["join_code"], "Ann")
    base = f"{host.url}/api/tables/{table['table_id']}"
    lines: list[str] = []
    ended = threading.Event()
    follow(f"{base}/events/stream", ann["player_token"], lines, ended)
    answers: list[httpx.Response] = []
    poll = threading.Thread(
        target=lambda: answers.append(
            httpx.get(
                f"{base}/events",
                params={"after": 10**6, "wait": 25},
                headers=bearer(ann["player_token"]),
                timeout=30,
            )
        ),
        daemon=True,
    )
    poll.start()
    while not any(line.startswith("data:") for line in lines):
        assert not ended.wait(0.05)
    code = httpx.post(f"{base}/seats/p1/claim", headers=bearer(table["gm_token"])).json()
    claimed = httpx.post(f"{host.url}/api/claim", json={"claim_code": code["claim_code"]})
    assert claimed.status_code == 201

    assert ended.wait(5), "the old token's stream is still open"
    poll.join(5)
    assert answers and answers[0].status_code == 401, answers
    assert answers[0].json()["error"]["code"] == "unauthorized"
    old = httpx.get(base, headers=bearer(ann["player_token"]))
    assert old.status_code == 401
    new = httpx.get(base, headers=bearer(claimed.json()["player_token"]))
    assert new.status_code == 200


def test_a_removed_seat_stops_reading_and_hears_nothing_after(host: RunningHost) -> None:
    table = create_table(host.url)
    join(host.url, table["join_code"], "Ann")
    bob = join(host.url, table["join_code"], "Bob")
    base = f"{host.url}/api/tables/{table['table_id']}"
    # The GM is at the table already: the GM arriving would be news of its own (who is
    # online is in every view), sent before the removal.
    assert httpx.get(base, headers=bearer(table["gm_token"])).status_code == 200
    lines: list[str] = []
    ended = threading.Event()
    follow(f"{base}/events/stream", bob["player_token"], lines, ended)
    while not any(line.startswith("data:") for line in lines):
        assert not ended.wait(0.05)
    heard = len(lines)
    removed = gm_command(host, table, "rm-bob", "seat.remove", player=bob["player_id"])
    assert ended.wait(5), "the removed seat's stream is still open"
    assert not any(line.startswith("data:") for line in lines[heard:])  # nothing more
    r = httpx.get(base, headers=bearer(bob["player_token"]))
    assert r.status_code == 401
    assert r.json()["error"]["message"] == "Your seat has been removed from this table."
    # The GM undoes the removal: the seat, and its token, are back.
    gm_command(host, table, "undo-rm", "undo", version=removed["version"])
    assert httpx.get(base, headers=bearer(bob["player_token"])).status_code == 200


def test_wrong_claim_codes_sent_at_once_are_all_counted(host: RunningHost) -> None:
    for n in range(3):
        create_table(host.url, name=f"T{n}")

    async def guesses() -> list[int]:
        async with httpx.AsyncClient(base_url=host.url) as http:
            answers = await asyncio.gather(
                *(http.post("/api/claim", json={"claim_code": f"wrong-{n}"}) for n in range(30))
            )
        return [a.status_code for a in answers]

    statuses = asyncio.run(guesses())
    assert statuses.count(404) == 10 and statuses.count(429) == 20, statuses


def test_a_wrong_claim_code_reads_no_table_database(host: RunningHost, monkeypatch: Any) -> None:
    tables = [create_table(host.url, name=f"T{n}") for n in range(5)]
    join(host.url, tables[0]["join_code"], "Ann")
    calls: list[str] = []
    original = TableWriter.run

    async def counted(self: TableWriter[Any], fn: Any, *args: Any) -> Any:
        calls.append(getattr(fn, "__name__", "?"))
        return await original(self, fn, *args)

    monkeypatch.setattr(TableWriter, "run", counted)
    r = httpx.post(f"{host.url}/api/claim", json={"claim_code": "not-a-code"})
    assert r.status_code == 404 and calls == []
    # A right code still works after a restart of the index (it is rebuilt on open).
    code = httpx.post(
        f"{host.url}/api/tables/{tables[0]['table_id']}/seats/p1/claim",
        headers=bearer(tables[0]["gm_token"]),
    ).json()["claim_code"]
    assert httpx.post(f"{host.url}/api/claim", json={"claim_code": code}).status_code == 201
