"""Half-sent requests can't lock phones out: a host held to 256 open files, flooded
with twice as many connections that never finish their request, still answers a
fresh request at once, keeps at most its cap of them, and closes every one once the
request deadline has passed (bench/connection_cap.py, the same measurement)."""

from __future__ import annotations

import pytest

from app.host.connections import raise_file_limit
from bench.connection_cap import FRESH_REQUESTS, measure

pytestmark = pytest.mark.slow


def test_idle_connections_at_a_256_file_limit_leave_room_for_a_phone() -> None:
    raise_file_limit()
    result = measure(256, idle_factor=2.0)
    assert result.idle_opened == 512
    assert result.fresh_answered == FRESH_REQUESTS
    assert result.fresh_max_ms is not None and result.fresh_max_ms < 2_000
    assert result.idle_still_open_after_flood <= result.expected_max_waiting
    assert result.idle_still_open_after_deadline == 0
