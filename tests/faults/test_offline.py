"""A player cut off queues her taps; back online, they drain once, in order, with reasons."""

from __future__ import annotations

import pytest

from app.client import table_client
from tests.conftest import RunningHost

from .offline import offline_drill


async def test_refused_connections_queue_taps_that_drain_exactly_once(host: RunningHost) -> None:
    """Airplane mode: every connection is refused at once."""
    port = int(host.url.rsplit(":", 1)[1])
    result = await offline_drill(host.url, port, cut_seconds=3.0, mode="refuse")
    assert result.queued == 5 and result.offline_status_seen
    assert "no red token" in result.rejections[0].message
    assert result.seconds_to_queue < 3


async def test_a_link_that_swallows_packets_queues_taps_without_hanging(
    host: RunningHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dead access point: connections open, nothing comes back. Timeouts are scaled
    down (1 s answers, 2 s long polls and stream heartbeats) so the drill fits the
    suite; bench/fault_drills.py runs it with the real ones for a minute."""
    monkeypatch.setattr(table_client, "SEND_TIMEOUT_SECONDS", 1.0)
    monkeypatch.setattr(table_client, "POLL_WAIT_SECONDS", 2.0)
    monkeypatch.setattr(table_client, "STREAM_HEARTBEAT_SECONDS", 2.0)
    port = int(host.url.rsplit(":", 1)[1])
    result = await offline_drill(host.url, port, cut_seconds=3.0, mode="blackhole")
    assert result.queued == 5
    # Only the first tap waits out the attempts (3 x 1 s); the rest queue at once.
    assert result.seconds_to_queue < 3 * 1.0 + 1.5, result.seconds_to_queue
    assert result.drained_seconds < 20
