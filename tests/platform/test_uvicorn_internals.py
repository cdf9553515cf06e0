"""uvicorn's internals, used only through app/host/uvicorn_internals.py: the installed
uvicorn (and httptools) is the one they were proven against, and each still has the
shape the host's subclasses use.

A failure here means uvicorn changed under the host: re-check each internal the
adapter's docstring names (`app/host/connections.py`, `app/host/h11_guard.py`,
`server.HostServer`), run tests/platform/test_host_edges.py and bench/connection_cap.py,
then set the adapter's `PROVEN`.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from app.host import uvicorn_internals
from app.host.uvicorn_internals import (
    OVERRIDDEN,
    READ,
    H11Protocol,
    HttpToolsProtocol,
    forget_captured_signals,
)
from tests.platform.internals_pins import assert_proven, reaching_past

RECHECK = (
    "uvicorn changed what app/host/uvicorn_internals.py relies on: re-check each internal "
    "its docstring names, run tests/platform/test_host_edges.py and bench/connection_cap.py, "
    "then set PROVEN"
)
CLASSES: dict[str, Any] = {"HttpToolsProtocol": HttpToolsProtocol, "H11Protocol": H11Protocol}


@pytest.mark.parametrize(("dist", "proven"), sorted(uvicorn_internals.PROVEN.items()))
def test_the_installed_uvicorn_is_the_one_the_internals_were_proven_against(
    dist: str, proven: str
) -> None:
    assert_proven(dist, proven, RECHECK)


@pytest.mark.parametrize("name", sorted(OVERRIDDEN))
def test_each_protocol_still_has_the_methods_the_host_overrides(name: str) -> None:
    cls = CLASSES[name]
    for method in OVERRIDDEN[name]:
        assert callable(getattr(cls, method, None)), f"{name}.{method} is gone. {RECHECK}."
    upgrade = inspect.signature(cls.handle_websocket_upgrade)
    wanted = ["self", "event"] if name == "H11Protocol" else ["self"]
    assert list(upgrade.parameters) == wanted, (
        f"{name}.handle_websocket_upgrade{upgrade}. {RECHECK}."
    )


@pytest.mark.parametrize("name", sorted(READ))
async def test_a_connection_still_has_the_attributes_the_host_reads(name: str) -> None:
    config = uvicorn.Config(FastAPI(), http=CLASSES[name])
    config.load()
    protocol = CLASSES[name](
        config, uvicorn.Server(config).server_state, {}, asyncio.get_running_loop()
    )
    missing = [a for a in READ[name] if not hasattr(protocol, a)]
    assert missing == [], f"{name} has no {missing}. {RECHECK}."


def test_a_server_still_keeps_the_signals_it_caught_in_a_list() -> None:
    server = uvicorn.Server(uvicorn.Config(FastAPI()))
    assert server._captured_signals == [], RECHECK
    assert inspect.isgeneratorfunction(inspect.unwrap(uvicorn.Server.capture_signals)), RECHECK
    server._captured_signals.append(15)
    forget_captured_signals(server)
    assert server._captured_signals == []
    assert {"started", "should_exit"} <= vars(server).keys(), RECHECK


def test_only_the_adapter_imports_uvicorns_protocol_modules() -> None:
    adapter = "app/host/uvicorn_internals.py"
    assert reaching_past(adapter, "app", ("uvicorn.protocols",)) == []
