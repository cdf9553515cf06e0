"""Every error, whatever the cause, is {"error": {"code", "message"}} with the right status."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import ADMIN, RunningHost, bearer, create_table, join


def assert_error(r: httpx.Response, status: int, code: str | None = None) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["message"] and isinstance(body["error"]["message"], str)
    if code is not None:
        assert body["error"]["code"] == code
    assert "Traceback" not in r.text


@pytest.fixture
def table(host: RunningHost) -> dict[str, str]:
    t = create_table(host.url)
    t["ann"] = join(host.url, t["join_code"], "Ann")["player_token"]
    t["bob"] = join(host.url, t["join_code"], "Bob")["player_token"]
    t["commands"] = f"{host.url}/api/tables/{t['table_id']}/commands"
    return t


def test_400_malformed_json(host: RunningHost, table: dict[str, str]) -> None:
    for raw in (b"{not json", b"[1,2]", b"\xff\xfe\x00", b'"just a string"', b"[" * 5000):
        r = httpx.post(
            table["commands"],
            content=raw,
            headers={**bearer(table["ann"]), "content-type": "application/json"},
        )
        assert_error(r, 400, "malformed_json")


def test_400_unknown_command(table: dict[str, str]) -> None:
    r = httpx.post(
        table["commands"], json={"id": "x1", "type": "chips.teleport"}, headers=bearer(table["ann"])
    )
    assert_error(r, 400, "unknown_command")


def test_401_missing_or_wrong_token(host: RunningHost, table: dict[str, str]) -> None:
    url = f"{host.url}/api/tables/{table['table_id']}"
    assert_error(httpx.get(url), 401, "unauthorized")
    assert_error(httpx.get(url, headers=bearer("nope")), 401, "unauthorized")
    assert_error(httpx.post(f"{host.url}/api/tables", json={"name": "x", "ruleset": "x"}), 401)


def test_401_a_token_from_another_table(host: RunningHost, table: dict[str, str]) -> None:
    other = create_table(host.url, name="Other")
    r = httpx.get(f"{host.url}/api/tables/{other['table_id']}", headers=bearer(table["ann"]))
    assert_error(r, 401)


def test_403_player_acting_for_another(table: dict[str, str]) -> None:
    r = httpx.post(
        table["commands"],
        headers=bearer(table["ann"]),
        json={"id": "x2", "type": "ledger.draw", "args": {"player": "p2"}},
    )
    assert_error(r, 403, "forbidden")


def test_403_player_sending_gm_command(host: RunningHost, table: dict[str, str]) -> None:
    for type_ in ("ledger.secret", "session.start", "seat.remove", "seat.add"):
        r = httpx.post(
            table["commands"],
            headers=bearer(table["ann"]),
            json={"id": f"gm-{type_}", "type": type_, "args": {"player": "p2"}},
        )
        assert_error(r, 403, "forbidden")
    r = httpx.post(
        f"{host.url}/api/tables/{table['table_id']}/seats/p2/claim", headers=bearer(table["ann"])
    )
    assert_error(r, 403)
    r = httpx.get(f"{host.url}/api/tables/{table['table_id']}/export", headers=bearer(table["ann"]))
    assert_error(r, 403)


def test_404_unknown_table_and_route(host: RunningHost, table: dict[str, str]) -> None:
    assert_error(httpx.get(f"{host.url}/api/tables/tnope", headers=bearer(ADMIN)), 404)
    assert_error(httpx.get(f"{host.url}/api/nothing-here"), 404, "not_found")
    r = httpx.post(f"{host.url}/api/join", json={"join_code": "ZZZZZZ", "name": "Eve"})
    assert_error(r, 404, "unknown_join_code")


def test_409_rule_violation_names_the_rule(table: dict[str, str]) -> None:
    r = httpx.post(
        table["commands"],
        headers=bearer(table["ann"]),
        json={"id": "x3", "type": "ledger.return", "args": {"kind": "white"}},
    )
    assert_error(r, 409, "rule_violation")
    assert "no white token" in r.json()["error"]["message"]


def test_409_name_taken_at_join(host: RunningHost, table: dict[str, str]) -> None:
    r = httpx.post(f"{host.url}/api/join", json={"join_code": table["join_code"], "name": "ann"})
    assert_error(r, 409)
    assert "already a seat called Ann" in r.json()["error"]["message"]


def test_422_bad_arguments(host: RunningHost, table: dict[str, str]) -> None:
    bad = [{"n": "three"}, {"n": 99}, {"n": -1}, {"n": 10**400}, {"n": True}]
    for i, args in enumerate(bad):
        r = httpx.post(
            table["commands"],
            headers=bearer(table["ann"]),
            json={"id": f"b{i}", "type": "ledger.draw", "args": args},
        )
        assert_error(r, 422, "invalid_args")
    r = httpx.post(table["commands"], headers=bearer(table["ann"]), json={"type": "note"})
    assert_error(r, 422, "invalid_request")
    r = httpx.post(
        f"{host.url}/api/tables", headers=bearer(ADMIN), json={"name": "x", "ruleset": "chess"}
    )
    assert_error(r, 422)
    assert "Unknown rule system" in r.json()["error"]["message"]


def test_413_body_too_large(table: dict[str, str]) -> None:
    big = {"id": "big", "type": "note", "args": {"text": "x" * 70_000}}
    assert_error(httpx.post(table["commands"], json=big, headers=bearer(table["ann"])), 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
        for _ in range(80):
            yield b"x" * 1024

    r = httpx.post(table["commands"], content=chunks(), headers=bearer(table["ann"]))
    assert_error(r, 413, "body_too_large")


def test_429_too_many_wrong_join_codes(host: RunningHost, table: dict[str, str]) -> None:
    statuses = [
        httpx.post(
            f"{host.url}/api/join", json={"join_code": f"WRONG{i}", "name": "Eve"}
        ).status_code
        for i in range(11)
    ]
    assert statuses[:10] == [404] * 10
    r = httpx.post(f"{host.url}/api/join", json={"join_code": table["join_code"], "name": "Eve"})
    assert_error(r, 429, "too_many_attempts")


def test_405_wrong_method(host: RunningHost) -> None:
    assert_error(httpx.delete(f"{host.url}/api/health"), 405)
