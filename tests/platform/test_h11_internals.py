"""h11's one internal, used only through app/host/h11_internals.py: the installed h11 is
the one it was proven against, and an upgrade request, whole, still waits in it.

A failure here means h11 changed under `app/host/h11_guard.py`: re-check when a
request is whole (the guard's ``_FINISHED`` states), run
tests/platform/test_embedded_host.py, then set the adapter's `PROVEN`.
"""

from __future__ import annotations

import h11
import pytest

from app.host import h11_internals
from app.host.h11_internals import MIGHT_SWITCH_PROTOCOL
from tests.platform.internals_pins import assert_proven, reaching_past

RECHECK = (
    "h11 changed what app/host/h11_internals.py relies on: re-check app/host/h11_guard.py's "
    "finished states, run tests/platform/test_embedded_host.py, then set PROVEN"
)


@pytest.mark.parametrize(("dist", "proven"), sorted(h11_internals.PROVEN.items()))
def test_the_installed_h11_is_the_one_it_was_proven_against(dist: str, proven: str) -> None:
    assert_proven(dist, proven, RECHECK)


def test_a_whole_upgrade_request_waits_in_might_switch_protocol() -> None:
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
    )
    assert isinstance(conn.next_event(), h11.Request)
    assert isinstance(conn.next_event(), h11.EndOfMessage)
    assert conn.their_state is MIGHT_SWITCH_PROTOCOL, f"{conn.their_state}. {RECHECK}."
    assert conn.trailing_data == (b"", False), RECHECK


def test_only_the_adapter_imports_h11s_private_modules() -> None:
    assert reaching_past("app/host/h11_internals.py", "app", ("h11._",)) == []
