"""Fault-drill fixtures: a seated table on a real host, and a "nothing changed" check."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import RunningHost, bearer, create_table, join, start_host


@dataclass
class Seated:
    """A table with two players (Ann p1, Bob p2) and open clients for each role."""

    url: str
    table_id: str
    join_code: str
    gm: httpx.Client
    ann: httpx.Client
    bob: httpx.Client
    tokens: dict[str, str]

    @property
    def commands(self) -> str:
        return f"/api/tables/{self.table_id}/commands"

    def snapshot(self) -> dict[str, Any]:
        """Everything a hostile request could change: the full log, state and views."""
        export = self.gm.get(f"/api/tables/{self.table_id}/export").json()
        views = {
            who: c.get(f"/api/tables/{self.table_id}").json()
            for who, c in (("gm", self.gm), ("ann", self.ann), ("bob", self.bob))
        }
        for view in views.values():  # presence is not table state
            view.pop("gm_online", None)
            for seat in view.get("seats", []):
                seat.pop("online", None)
        return {"export": export, "views": views}


def seat_table(url: str, ruleset: str, name: str = "Saloon") -> Seated:
    t = create_table(url, ruleset=ruleset, name=name)
    ann = join(url, t["join_code"], "Ann")["player_token"]
    bob = join(url, t["join_code"], "Bob")["player_token"]
    tokens = {"gm": t["gm_token"], "ann": ann, "bob": bob}
    gm_http, ann_http, bob_http = (
        httpx.Client(base_url=url, headers=bearer(tokens[who]), timeout=10)
        for who in ("gm", "ann", "bob")
    )
    return Seated(url, t["table_id"], t["join_code"], gm_http, ann_http, bob_http, tokens)


@pytest.fixture(scope="module")
def shared_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    """One host per test module (starting uvicorn per test is most of a test's time)."""
    running = start_host(Path(tmp_path_factory.mktemp("faults")) / "data")
    yield running
    running.stop()


def _close(seated: Seated) -> None:
    for c in (seated.gm, seated.ann, seated.bob):
        c.close()


@pytest.fixture
def ledger(shared_host: RunningHost) -> Iterator[Seated]:
    """A fresh test-ledger table for a test that changes it."""
    seated = seat_table(shared_host.url, "test-ledger")
    yield seated
    _close(seated)


@pytest.fixture(scope="module")
def still_ledger(shared_host: RunningHost) -> Iterator[Seated]:
    """One test-ledger table shared by tests that must leave it exactly as it was."""
    seated = seat_table(shared_host.url, "test-ledger", name="Still")
    yield seated
    _close(seated)


@pytest.fixture(scope="module")
def still_deadlands(shared_host: RunningHost) -> Iterator[Seated]:
    """A Deadlands table in session, shared by tests that must not change it."""
    seated = seat_table(shared_host.url, "deadlands", name="Still Deadlands")
    r = seated.gm.post(seated.commands, json={"id": "start", "type": "session.start"})
    assert r.status_code == 200, r.text
    yield seated
    _close(seated)


def assert_error_shape(r: httpx.Response, *statuses: int) -> None:
    """A refusal in the one canonical shape, with one of the expected statuses."""
    assert r.status_code in statuses, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    assert isinstance(body["error"]["code"], str) and body["error"]["code"]
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "Traceback" not in r.text
