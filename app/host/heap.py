"""The host's start-up heap, kept out of the garbage collector's full passes.

Everything a host builds before it serves (modules, the rule systems, every command's
schema, the API and web routes, the open tables) lives until it stops. Python's cyclic
collector still walks all of it on each full collection, and a full collection lands
inside whichever tap is being answered: with ten tables of seven pages a tap now and
then took 0.2-0.5 s (docs/benchmarks.md §11). `gc.freeze()` moves what exists now to a
generation the collector never scans; objects freed by reference count are still freed.

Only a host process calls this (`app.host.server.serve`), once: a test process that
started many hosts would otherwise freeze its earlier tests' leftovers for good.
"""

from __future__ import annotations

import gc
import logging
import time

from . import catalogue

log = logging.getLogger(__name__)


def settle_heap() -> int:
    """Build what the first page would build anyway (the catalogue's bytes), collect
    once, and freeze what is left. How many objects were frozen."""
    catalogue.rulesets_body()
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info(
        "Start-up heap frozen: %d objects (collected in %.0f ms)",
        frozen,
        (time.perf_counter() - started) * 1000,
    )
    return frozen
