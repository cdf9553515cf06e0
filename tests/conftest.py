"""Shared fixtures: a real uvicorn host on 127.0.0.1 and real httpx clients."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from hypothesis import HealthCheck, settings

import tests.support.ledger_rules  # noqa: F401  (registers the test rule system)
from app.domain.commands import Command
from app.domain.context import Context
from app.domain.events import Draft, Event
from app.domain.jsonvalue import clone
from app.domain.table import Decision, Table
from app.host import eventloop
from app.host.hub import Hub
from app.host.server import build_app, uvicorn_config
from tests.support.event_check import check_data

ADMIN = "admin-token-for-tests"

# Property tests check what the rules and the protocol do, not how fast: on a shared
# 2-core machine (CI, or a developer running the browser tests beside them) a slow
# example is load, not a defect. Speed is measured in bench/.
settings.register_profile("fatepot", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("fatepot")


@dataclass
class RunningHost:
    """A host serving on a real socket in a background thread."""

    url: str
    hub: Hub
    data_dir: Path
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.hub.close()


def start_host(data_dir: Path, *, with_web: bool = False, port: int = 0) -> RunningHost:
    """Open the data folder and serve it on 127.0.0.1 (on a free port unless given)."""
    from app.compose.web import mount_ui  # the UI's stack only for a host that serves it

    hub = Hub(data_dir)
    hub.open_all()
    app = build_app(hub, admin_token=ADMIN, mount=mount_ui if with_web else None)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    port = sock.getsockname()[1]
    config = uvicorn_config(app, lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)

    def run() -> None:
        eventloop.run(server.serve(sockets=[sock]))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("host did not start")
        time.sleep(0.01)
    return RunningHost(f"http://127.0.0.1:{port}", hub, data_dir, server, thread)


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = start_host(tmp_path / "data")
    yield running
    running.stop()


@pytest.fixture
def admin_headers() -> dict[str, str]:
    return {"Authorization": f"Bearer {ADMIN}"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create_table(url: str, ruleset: str = "test-ledger", name: str = "Saloon") -> dict[str, str]:
    r = httpx.post(
        f"{url}/api/tables",
        json={"name": name, "ruleset": ruleset},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert r.status_code == 201, r.text
    data: dict[str, str] = r.json()
    return data


def join(url: str, code: str, name: str) -> dict[str, str]:
    r = httpx.post(f"{url}/api/join", json={"join_code": code, "name": name})
    assert r.status_code == 201, r.text
    data: dict[str, str] = r.json()
    return data


@pytest.fixture(autouse=True, scope="session")
def deciding_leaves_its_state_alone() -> Iterator[None]:
    """Every decide in every test checks that the state it decided on is unchanged.

    Decisions copy on write (app.domain.cow): a rule that wrote into the state directly
    instead of through an event would change the table's committed state, and a
    refused command would leave a trace. The copy and compare cost ~0.1 ms a decide.
    """
    decide = Table.decide

    def guarded(table: Table, command: Command, pending: Sequence[Decision] = ()) -> Decision:
        base = pending[-1].state if pending else table.state
        before = clone(base)
        try:
            return decide(table, command, pending)
        finally:
            assert base == before, f"deciding '{command.type}' changed the state it started from"

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "decide", guarded)
        yield


@pytest.fixture(autouse=True, scope="session")
def every_event_is_declared() -> Iterator[None]:
    """Every event any test emits is one its system lists, with the data its type
    declares (app.domain.event_types): a key added or dropped fails the test that made
    it. Validating one event's data costs a few microseconds."""
    emit = Context.emit

    def checked(ctx: Context, draft: Draft) -> Event:
        check_data(ctx.ruleset.name, draft.type, draft.data)
        return emit(ctx, draft)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Context, "emit", checked)
        yield


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the browser tests last.

    Sync Playwright keeps an event loop running in the main thread until the session
    ends, and asyncio tests after it would find that loop and refuse to start their own.
    (`scripts/test` runs them in a pytest of their own, after the fast tests.)
    """
    items.sort(key=lambda item: "/browser/" in item.nodeid.replace("\\", "/"))
