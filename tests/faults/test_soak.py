"""A 20-second soak: nine people acting at random; nothing lost, nothing leaks.

The 10-minute version, with latency per window, is ``python -m bench.soak``.
"""

from __future__ import annotations

import asyncio

from bench.common import running_host
from bench.soak import soak


def test_twenty_seconds_of_random_play_keep_every_promise() -> None:
    with running_host() as host:
        result = asyncio.run(soak(host, seconds=20, seed=11, windows=4))
    assert result["server_errors"] == 0
    assert result["behind"] == 0  # every client reached the last version
    assert result["acknowledged"] > 20  # check_log inside soak() checked them all
    rows = result["rows"]
    assert rows[-1]["rss_mb"] - rows[0]["rss_mb"] < 15  # no runaway growth
