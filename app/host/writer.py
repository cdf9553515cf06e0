"""Group commit: the one thread that touches a table's database, and the queue to it.

Commands to a table are decided one after another on the event loop, each on top of
the ones still waiting for the disk. Whatever queues up while a transaction is being
committed goes into the next transaction together, so eight players tapping at once
cost one fsync rather than eight, and the event loop decides the next commands while
the disk works. Nothing is acknowledged, adopted or broadcast before the transaction
that holds it has committed.

If a commit fails, every write queued behind it fails too (each was decided on top of
the failed ones): their callers get the error, clients retry with the same ids, and
the commands are decided afresh. docs/architecture.md has the whole write path.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeVar

from .store import StoreWrite, TableStore

log = logging.getLogger(__name__)
T = TypeVar("T")
ANSWER_TURNS = 2
Tag = TypeVar("Tag")


@dataclass
class Queued(Generic[Tag]):
    """A write waiting for its transaction, with what the caller attached to it."""

    write: StoreWrite
    tag: Tag
    done: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class TableWriter(Generic[Tag]):
    """Serialises every database call of one table on one thread; batches commits.

    ``adopt`` runs on the event loop after each successful commit with the batch, in
    queue order, then the callers get their answers, then ``broadcast`` runs;
    ``abandon`` runs after a failed commit with every write that failed.
    """

    def __init__(
        self,
        store: TableStore,
        adopt: Callable[[list[Queued[Tag]]], None],
        abandon: Callable[[list[Queued[Tag]]], None],
        broadcast: Callable[[], None],
    ) -> None:
        self.store = store
        self._adopt = adopt
        self._abandon = abandon
        self._broadcast = broadcast
        # One thread: SQLite transactions on one connection must not interleave.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-writer")
        self._queue: list[Queued[Tag]] = []
        self._draining: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Call ``fn(*args)`` on the table's database thread (after queued commits)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, partial(fn, *args))

    def submit(self, write: StoreWrite, tag: Tag) -> asyncio.Future[None]:
        """Queue ``write`` for the next transaction; the future ends once it committed."""
        queued = Queued(write, tag)
        self._queue.append(queued)
        if self._draining is None:
            self._draining = asyncio.get_running_loop().create_task(self._drain())
        return queued.done

    async def _drain(self) -> None:
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    await self.run(self.store.commit, [q.write for q in batch])
                except BaseException as exc:
                    log.error(
                        "Commit to %s failed: %d command(s) not saved (clients retry)",
                        self.store.path,
                        len(batch),
                        exc_info=exc,
                    )
                    failed, self._queue = batch + self._queue, []
                    self._abandon(failed)
                    for queued in failed:
                        if not queued.done.done():
                            queued.done.set_exception(_failure(exc))
                    if not isinstance(exc, Exception):
                        raise
                    continue
                self._adopt(batch)
                for queued in batch:
                    if not queued.done.done():
                        queued.done.set_result(None)
                # Let the answers go out before the broadcast: the tapper's own answer
                # should not wait behind every follower's view (two loop turns: the
                # callers await through asyncio.shield).
                for _ in range(ANSWER_TURNS):
                    await asyncio.sleep(0)
                self._broadcast()
        finally:
            self._draining = None

    def close(self) -> None:
        """Finish what the thread is doing and stop it (queued writes stay unanswered)."""
        self._thread.shutdown(wait=True)


def _failure(exc: BaseException) -> BaseException:
    """What a caller whose write failed gets (a cancelled drain reads as a failure)."""
    if isinstance(exc, Exception):
        return exc
    return RuntimeError("The host stopped before this was saved.")
