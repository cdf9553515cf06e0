"""The convention load generator (`bench.convention`) still drives a real host: one
table of a GM and two phones over Flet's web-socket protocol, two taps each way.

The full measurement (10 tables of 7 pages, Fate Pot beside the bare Flet app) is
``python -m bench.convention``; this keeps the generator from rotting unseen.
"""

from __future__ import annotations

import math

from bench.convention import Config, run
from bench.convention_apps import FatePot


def test_the_generator_taps_a_real_host_and_every_page_shows_each_note() -> None:
    cfg = Config(tables=1, phones=2, taps=2, serial=1, period=(0.3, 0.5), idle_seconds=0.5)
    cfg.quiet_limit = 1.0  # no wait for the web files to be gzipped
    cfg.key_seconds = 0.01
    report, [result] = run(cfg, [FatePot()])
    assert result.lost == 0
    assert result.pages == 3
    assert len(result.latencies_ms) == 2  # the warm-up tap not counted
    assert len(result.serial_ms) == 1
    assert all(0 < ms < 10_000 for ms in [*result.latencies_ms, *result.serial_ms])
    assert result.rss_open_kb > result.rss_start_kb  # three sessions opened
    assert not math.isnan(result.phase_cpu_s)
    assert "| Fate Pot | 3 |" in report
