"""A table while the host runs: domain state, its store, the write lock and wake-ups."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field

from app.domain.actors import GM, Actor, player
from app.domain.table import Table

from .auth import hash_token, same
from .store import TableStore

# A seat counts as online while it is waiting on the feed or was seen this recently.
ONLINE_GRACE_SECONDS = 40.0


@dataclass
class LiveTable:
    """One open table. All writes go through ``lock``; readers wait on ``changed``."""

    table: Table
    store: TableStore
    join_code: str
    gm_token: str
    player_tokens: dict[str, str] = field(default_factory=dict)  # token hash -> player id
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _waiting: Counter[str] = field(default_factory=Counter)
    _last_seen: dict[str, float] = field(default_factory=dict)

    @property
    def table_id(self) -> str:
        return self.table.table_id

    def actor_for(self, token: str) -> Actor | None:
        """Who a bearer token belongs to at this table, if anyone."""
        if same(token, self.gm_token):
            return GM
        pid = self.player_tokens.get(hash_token(token))
        return None if pid is None else player(pid)

    def notify(self) -> None:
        """Wake every long poll and stream waiting on this table."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_past(self, version: int, timeout: float, who: str) -> None:
        """Return once the table is past ``version`` or ``timeout`` seconds have gone."""
        self.seen(who)
        self._waiting[who] += 1
        try:
            deadline = time.monotonic() + timeout
            while self.table.version <= version:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                try:
                    await asyncio.wait_for(self._changed.wait(), remaining)
                except TimeoutError:
                    return
        finally:
            self._waiting[who] -= 1
            self.seen(who)

    def seen(self, who: str) -> None:
        self._last_seen[who] = time.monotonic()

    def online(self, who: str) -> bool:
        """Whether a seat (or ``gm``) has a live connection to the feed."""
        if self._waiting[who] > 0:
            return True
        last = self._last_seen.get(who)
        return last is not None and time.monotonic() - last < ONLINE_GRACE_SECONDS
