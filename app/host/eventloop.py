"""The event loop the host runs on: uvloop where it exists, asyncio's own elsewhere.

Fan-out to every follower is socket writes and callbacks in one loop; uvloop does both
in C (see docs/benchmarks.md for what it buys). It does not exist on Windows, where
the host still runs, only slower.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop maker, or None (asyncio's default) when uvloop is not installed."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - only on platforms without uvloop
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the fastest loop available."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
