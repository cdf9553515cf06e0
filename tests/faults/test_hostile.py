"""A hostile client is refused, in the canonical error shape, and nothing changes.

tests/platform/test_error_shape.py checks the statuses; here every refusal is also
checked against a snapshot of the whole table (log, state, every seat's view).
"""

from __future__ import annotations

import json

import httpx
import pytest

from tests.conftest import ADMIN, RunningHost, bearer, create_table, join

from .conftest import Seated, assert_error_shape, seat_table


def test_a_token_from_another_table_changes_neither(
    shared_host: RunningHost, ledger: Seated
) -> None:
    host = shared_host
    other = seat_table(host.url, "test-ledger", name="Other")
    before, before_other = ledger.snapshot(), other.snapshot()
    for token in (other.tokens["ann"], other.tokens["gm"]):
        r = httpx.post(
            f"{host.url}{ledger.commands}",
            headers=bearer(token),
            json={"id": "x", "type": "ledger.draw", "args": {"n": 5}},
        )
        assert_error_shape(r, 401)
        r = httpx.get(f"{host.url}/api/tables/{ledger.table_id}/export", headers=bearer(token))
        assert_error_shape(r, 401)
    r = httpx.post(
        f"{host.url}/api/tables/tnot-a-table/commands",
        headers=bearer(ADMIN),
        json={"id": "y", "type": "note", "args": {"text": "hi"}},
    )
    assert_error_shape(r, 404)
    assert ledger.snapshot() == before and other.snapshot() == before_other


def test_a_stolen_join_code_cannot_take_a_seat_already_taken(ledger: Seated) -> None:
    before = ledger.snapshot()
    for name in ("Ann", "ann", " ANN "):
        r = httpx.post(f"{ledger.url}/api/join", json={"join_code": ledger.join_code, "name": name})
        assert_error_shape(r, 409, 422)
    assert ledger.snapshot() == before
    # A thief who joins under a new name gets a new seat, never Ann's hand or her actions.
    thief = join(ledger.url, ledger.join_code, "Mallory")
    assert thief["player_id"] not in ("p1", "p2")
    cmds = f"{ledger.url}{ledger.commands}"
    thief_headers = bearer(thief["player_token"])
    after_join = ledger.snapshot()
    for args in ({"player": "p1", "n": 1}, {"player": "p2", "kind": "white"}):
        type_ = "ledger.draw" if "n" in args else "ledger.return"
        r = httpx.post(
            cmds, headers=thief_headers, json={"id": f"t-{type_}", "type": type_, "args": args}
        )
        assert_error_shape(r, 403)
    r = httpx.post(
        cmds, headers=thief_headers, json={"id": "t-undo", "type": "undo", "args": {"version": 2}}
    )
    assert_error_shape(r, 403, 409)
    assert ledger.snapshot() == after_join


def test_a_used_claim_link_and_the_replaced_token_are_dead(ledger: Seated) -> None:
    r = ledger.gm.post(f"/api/tables/{ledger.table_id}/seats/p1/claim")
    assert r.status_code == 201
    code = r.json()["claim_code"]
    first = httpx.post(f"{ledger.url}/api/claim", json={"claim_code": code})
    assert first.status_code == 201
    again = httpx.post(f"{ledger.url}/api/claim", json={"claim_code": code})
    assert_error_shape(again, 404)
    r = ledger.ann.post(
        ledger.commands, json={"id": "old", "type": "ledger.draw", "args": {"n": 1}}
    )
    assert_error_shape(r, 401)


def test_brute_forcing_join_codes_is_throttled_and_seats_no_one(host: RunningHost) -> None:
    """Its own host: the limiter blocks this address for a minute afterwards."""
    ledger = seat_table(host.url, "test-ledger")
    before = ledger.snapshot()
    statuses = []
    for i in range(15):
        r = httpx.post(f"{ledger.url}/api/join", json={"join_code": f"GUESS{i:02d}", "name": "Eve"})
        statuses.append(r.status_code)
        assert_error_shape(r, 404, 429)
    assert statuses[:10] == [404] * 10 and set(statuses[10:]) == {429}
    # Once blocked, even the right code is refused: a lucky guess can't be confirmed.
    r = httpx.post(f"{ledger.url}/api/join", json={"join_code": ledger.join_code, "name": "Eve"})
    assert_error_shape(r, 429)
    r = httpx.post(f"{ledger.url}/api/claim", json={"claim_code": "x" * 16})
    assert_error_shape(r, 429)
    assert ledger.snapshot() == before


RAW_BODIES = {
    "oversized": (
        json.dumps({"id": "big", "type": "note", "args": {"text": "x" * 70_000}}).encode(),
        (413,),
    ),
    "deep JSON": (
        b'{"id":"d","type":"note","args":{"text":' + b"[" * 100_000 + b"]" * 100_000 + b"}}",
        (400, 413),
    ),
    "deep but small": (
        b'{"id":"d2","type":"note","args":{"text":' + b"[" * 3000 + b"]" * 3000 + b"}}",
        (400, 422),
    ),
    "not UTF-8": (b'{"id":"u","type":"note","args":{"text":"\xff\xfe caf\xe9"}}', (400,)),
    "a lone surrogate": (b'{"id":"s","type":"note","args":{"text":"\\ud800"}}', (400, 422)),
    "NUL bytes": (b'{"id":"z\\u0000","type":"note\\u0000","args":{}}', (400, 422)),
    "huge integer": (
        b'{"id":"h","type":"ledger.draw","args":{"n":' + b"9" * 4000 + b"}}",
        (400, 422),
    ),
    "infinite float": (b'{"id":"i","type":"ledger.draw","args":{"n":1e999}}', (400, 422)),
    "NaN": (b'{"id":"n","type":"ledger.draw","args":{"n":NaN}}', (400, 422)),
    "array body": (b"[1,2,3]", (400,)),
    "args not an object": (b'{"id":"a","type":"note","args":[1]}', (400, 422)),
    "id too long": (json.dumps({"id": "i" * 500, "type": "note", "args": {}}).encode(), (422,)),
    "extra field": (b'{"id":"e","type":"note","args":{},"actor":"gm"}', (400, 422)),
}


@pytest.mark.parametrize("name", sorted(RAW_BODIES))
def test_malformed_bodies_are_refused_and_change_nothing(still_ledger: Seated, name: str) -> None:
    ledger = still_ledger
    body, statuses = RAW_BODIES[name]
    before = ledger.snapshot()
    r = ledger.ann.post(ledger.commands, content=body, headers={"content-type": "application/json"})
    assert_error_shape(r, *statuses)
    assert ledger.snapshot() == before


NUMBERS = [
    ("ledger.draw", {"n": -1}),
    ("ledger.draw", {"n": 0}),
    ("ledger.draw", {"n": 2**63}),
    ("ledger.draw", {"n": -(2**63)}),
    ("ledger.draw", {"n": 10**400}),
    ("ledger.draw", {"n": 1.5}),
    ("ledger.draw", {"n": "1"}),
    ("ledger.draw", {"n": None}),
    ("ledger.draw", {"n": [1]}),
    ("ledger.return", {"kind": "gold"}),
]


@pytest.mark.parametrize(("type_", "args"), NUMBERS, ids=[repr(a) for _, a in NUMBERS])
def test_bad_numbers_are_refused_and_change_nothing(
    still_ledger: Seated, type_: str, args: dict[str, object]
) -> None:
    ledger = still_ledger
    before = ledger.snapshot()
    r = ledger.ann.post(ledger.commands, json={"id": f"n-{args!r}", "type": type_, "args": args})
    assert_error_shape(r, 409, 422)
    assert ledger.snapshot() == before


DEADLANDS_ABUSE = [
    ("chips.cash", {"chips": {"white": -5}}),
    ("chips.cash", {"chips": {"white": 10**30}}),
    ("chips.convert_excess", {"chips": {"red": -1}}),
    ("chips.spend", {"colour": "white", "player": "p2"}),
    ("chips.spend", {"colour": "gold"}),
    ("chips.negate", {"colour": "red", "wounds": {"head": -3}}),
    ("trade.propose", {"to": "p2", "colour": "white", "payment": {"red": -4}}),
    ("trade.propose", {"to": "p1", "colour": "white", "payment": {}}),
    ("roll.trait", {"dice": -2, "sides": 6}),
    ("roll.trait", {"dice": 10**6, "sides": 6}),
    ("roll.trait", {"dice": 2, "sides": 7}),
    ("roll.trait", {"dice": 2, "sides": 6, "faces": [[-1]]}),
    ("sheet.update", {"path": "bounty.earned", "value": 10**9}),
    ("sheet.update", {"path": ["..", "tokens"], "value": {}}),
]


@pytest.mark.parametrize(
    ("type_", "args"), DEADLANDS_ABUSE, ids=[f"{t} {a!r}" for t, a in DEADLANDS_ABUSE]
)
def test_deadlands_refuses_negative_huge_and_foreign_counts(
    still_deadlands: Seated, type_: str, args: dict[str, object]
) -> None:
    deadlands = still_deadlands
    before = deadlands.snapshot()
    r = deadlands.ann.post(
        deadlands.commands, json={"id": f"a-{type_}-{args!r}", "type": type_, "args": args}
    )
    assert_error_shape(r, 403, 409, 422)
    assert deadlands.snapshot() == before


def gm_only_commands(url: str) -> list[tuple[str, str]]:
    catalogue = httpx.get(f"{url}/api/rulesets").json()
    return [
        (rs["name"], type_)
        for rs in catalogue
        for type_, spec in rs["commands"].items()
        if "player" not in spec["roles"]
    ]


def test_players_are_refused_every_gm_command_of_every_system(shared_host: RunningHost) -> None:
    """For each rule system, a player sends each GM-only command type: 403, no change."""
    host = shared_host
    by_system: dict[str, list[str]] = {}
    for system, type_ in gm_only_commands(host.url):
        by_system.setdefault(system, []).append(type_)
    assert len(by_system) >= 5
    for system, types in by_system.items():
        seated = seat_table(host.url, system, name=f"GM-{system}")
        before = seated.snapshot()
        args = {
            "player": "p2",
            "to": "p1",
            "colour": "white",
            "reason": "x",
            "name": "Z",
            "amount": 1,
            "wounds": {"head": 1},
            "text": "x",
        }
        for type_ in types:
            r = seated.ann.post(
                seated.commands, json={"id": f"gm-{type_}", "type": type_, "args": args}
            )
            assert_error_shape(r, 403)
        admin_only = httpx.post(
            f"{host.url}/api/tables",
            headers=bearer(seated.tokens["ann"]),
            json={"name": "Mine", "ruleset": system},
        )
        assert_error_shape(admin_only, 401)
        assert seated.snapshot() == before, system


def test_a_gm_token_does_not_create_tables(shared_host: RunningHost, ledger: Seated) -> None:
    host = shared_host
    before = httpx.get(f"{host.url}/api/tables", headers=bearer(ADMIN)).json()
    r = httpx.post(
        f"{host.url}/api/tables",
        headers=bearer(ledger.tokens["gm"]),
        json={"name": "Mine", "ruleset": "test-ledger"},
    )
    assert_error_shape(r, 401)
    assert httpx.get(f"{host.url}/api/tables", headers=bearer(ADMIN)).json() == before
    assert create_table(host.url)["table_id"]  # the admin still can


def post_ascii(client: httpx.Client, path: str, body: object) -> httpx.Response:
    """JSON with \\u escapes: the only way to put a lone surrogate on the wire."""
    return client.post(
        path, content=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "ok \udc80"])
def test_lone_surrogates_never_reach_the_log(still_ledger: Seated, text: str) -> None:
    """JSON may carry a lone surrogate; UTF-8 can't store or send it: 422, not a 500
    and not a poisoned feed."""
    ledger = still_ledger
    before = ledger.snapshot()
    r = post_ascii(
        ledger.ann, ledger.commands, {"id": "sur", "type": "note", "args": {"text": text}}
    )
    assert_error_shape(r, 422)
    r = post_ascii(ledger.ann, ledger.commands, {"id": text, "type": "note", "args": {"text": "x"}})
    assert_error_shape(r, 422)
    r = post_ascii(ledger.ann, "/api/join", {"join_code": ledger.join_code, "name": text})
    assert_error_shape(r, 422)
    assert ledger.snapshot() == before
    ok = ledger.ann.get(f"/api/tables/{ledger.table_id}/events", params={"state": True})
    assert ok.status_code == 200  # the feed still serves
