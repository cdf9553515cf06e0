"""Duplicated, delayed, reordered and abandoned deliveries: each command acts once."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.conftest import bearer

from .conftest import Seated, assert_error_shape


def runs_of(export: dict[str, Any]) -> Counter[str]:
    """How many separate runs of versions each command id has in the log (1 = once)."""
    ids = [e["command_id"] for e in export["events"]]
    return Counter(cid for i, cid in enumerate(ids) if i == 0 or ids[i - 1] != cid)


def export(seated: Seated) -> dict[str, Any]:
    data: dict[str, Any] = seated.gm.get(f"/api/tables/{seated.table_id}/export").json()
    return data


def conserved(state: dict[str, Any]) -> bool:
    totals: Counter[str] = Counter()
    for held in state.get("tokens", {}).values():
        totals.update(held)
    return all(v == 0 for v in totals.values())


async def test_twenty_copies_at_once_act_once(ledger: Seated) -> None:
    body = {"id": "same-tap", "type": "ledger.draw", "args": {"n": 2}}
    async with httpx.AsyncClient(
        base_url=ledger.url, headers=bearer(ledger.tokens["ann"]), timeout=30
    ) as http:
        answers = await asyncio.gather(*(http.post(ledger.commands, json=body) for _ in range(20)))
    assert {r.status_code for r in answers} == {200}
    assert len({r.text for r in answers}) == 1  # every copy got the first answer verbatim
    log = export(ledger)
    assert runs_of(log)["same-tap"] == 1
    assert sum(log["state"]["tokens"]["hand:p1"].values()) == 2


async def test_shuffled_delayed_duplicates_from_three_seats_act_once_each(ledger: Seated) -> None:
    rng = random.Random(20261122)
    tokens = {"gm": ledger.tokens["gm"], "p1": ledger.tokens["ann"], "p2": ledger.tokens["bob"]}
    intents: list[tuple[str, dict[str, Any]]] = []
    for i in range(30):
        who = rng.choice(["p1", "p2"])
        type_, args = rng.choice(
            [
                ("ledger.draw", {"n": 1}),
                ("note", {"text": f"n{i}"}),
                ("ledger.return", {"kind": "white"}),
            ]
        )
        intents.append((who, {"id": f"i{i}", "type": type_, "args": args}))
    deliveries = [intent for intent in intents for _ in range(3)]
    rng.shuffle(deliveries)
    answers: dict[str, list[str]] = {}

    async with httpx.AsyncClient(base_url=ledger.url, timeout=30) as http:

        async def deliver(who: str, body: dict[str, Any]) -> None:
            await asyncio.sleep(rng.uniform(0, 0.5))  # delayed, so arrivals interleave
            r = await http.post(ledger.commands, json=body, headers=bearer(tokens[who]))
            assert r.status_code in (200, 409), r.text
            answers.setdefault(body["id"], []).append(r.text)

        await asyncio.gather(*(deliver(who, body) for who, body in deliveries))
    assert all(len(set(texts)) == 1 for texts in answers.values()), "copies got different answers"
    log = export(ledger)
    applied = {cid for cid, text in answers.items() if '"version"' in text[0]}
    runs = runs_of(log)
    assert all(runs[cid] == 1 for cid in applied)
    assert not (set(runs) & (set(answers) - applied)), "a refused command left events"
    assert conserved(log["state"])


def test_a_late_duplicate_gets_its_first_answer_after_other_commands(ledger: Seated) -> None:
    first = ledger.ann.post(
        ledger.commands, json={"id": "early", "type": "ledger.draw", "args": {"n": 1}}
    )
    for i in range(5):
        ledger.bob.post(
            ledger.commands, json={"id": f"b{i}", "type": "ledger.draw", "args": {"n": 1}}
        )
    before = export(ledger)
    late = ledger.ann.post(
        ledger.commands, json={"id": "early", "type": "ledger.draw", "args": {"n": 1}}
    )
    assert late.status_code == 200 and late.json() == first.json()
    assert export(ledger) == before


def test_a_refusal_is_replayed_even_once_the_command_would_pass(ledger: Seated) -> None:
    """The answer belongs to the id: a retry must not turn a refusal into an action."""
    refused = ledger.ann.post(
        ledger.commands, json={"id": "ret", "type": "ledger.return", "args": {"kind": "white"}}
    )
    assert_error_shape(refused, 409)
    for i in range(6):  # now Ann surely holds a white token
        ledger.ann.post(
            ledger.commands, json={"id": f"d{i}", "type": "ledger.draw", "args": {"n": 5}}
        )
    before = export(ledger)
    again = ledger.ann.post(
        ledger.commands, json={"id": "ret", "type": "ledger.return", "args": {"kind": "white"}}
    )
    assert again.status_code == 409 and again.json() == refused.json()
    assert export(ledger) == before


def test_one_id_reused_for_another_command_or_by_another_seat(ledger: Seated) -> None:
    ledger.ann.post(ledger.commands, json={"id": "mine", "type": "note", "args": {"text": "a"}})
    before = export(ledger)
    other_args = ledger.ann.post(
        ledger.commands, json={"id": "mine", "type": "note", "args": {"text": "b"}}
    )
    assert_error_shape(other_args, 409)
    assert other_args.json()["error"]["code"] == "command_id_reused"
    other_seat = ledger.bob.post(
        ledger.commands, json={"id": "mine", "type": "note", "args": {"text": "a"}}
    )
    assert_error_shape(other_seat, 409)
    assert export(ledger) == before


def send_and_hang_up(seated: Seated, body: dict[str, Any], token: str) -> None:
    """Send a command over a raw connection and hang up once the host has applied it,
    without reading the answer: the answer is lost on the way back, every time."""
    parts = urlsplit(seated.url)
    raw = json.dumps(body).encode()
    request = (
        f"POST {seated.commands} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n"
    ).encode() + raw
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as conn:
        conn.sendall(request)
        deadline = time.monotonic() + 10
        while runs_of(export(seated))[body["id"]] == 0:  # applied, answer unread
            assert time.monotonic() < deadline, "the host never applied the command"
            time.sleep(0.05)


def test_an_answer_lost_on_the_way_back_then_retried_acts_once(ledger: Seated) -> None:
    """The client hangs up before the answer arrives (Wi-Fi drop); its retries, same id."""
    body = {"id": "lost-answer", "type": "ledger.draw", "args": {"n": 3}}
    for _ in range(3):
        send_and_hang_up(ledger, body, ledger.tokens["ann"])
    r = ledger.ann.post(ledger.commands, json=body)
    assert r.status_code == 200
    log = export(ledger)
    assert runs_of(log)["lost-answer"] == 1
    assert sum(log["state"]["tokens"]["hand:p1"].values()) == 3
