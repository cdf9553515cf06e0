"""A table while the host runs: domain state, its writer, the decide lock and wake-ups."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from app.domain.actors import GM, Actor, player
from app.domain.commands import Command
from app.domain.table import Decision, Table

from .auth import hash_token, same
from .store import StoreWrite, TableStore
from .writer import Queued, TableWriter


def _always() -> bool:
    return True


# A seat counts as online while it is waiting on the feed or was seen this recently: long
# enough to bridge a client's reconnect back-off (at most 5 s between tries), short
# enough that a compiled app that vanished shows away within half a minute. A follower
# that hangs up (its long poll cancelled: a browser page whose link died, a tab closed)
# is away at once (docs/ui.md, "Presence").
ONLINE_GRACE_SECONDS = 20.0


@dataclass(frozen=True)
class Adoption:
    """What to do once a write has committed: adopt its decision, admit its seat."""

    decision: Decision | None
    player_token: tuple[str, str] | None = None  # (token hash, player id)


@dataclass
class LiveTable:
    """One open table.

    ``table`` holds only what is committed: views and feeds read it. Commands are
    decided under ``lock`` on top of ``pending`` (decided, queued for the disk) and
    adopted in order once their transaction commits (app.host.writer).
    """

    table: Table
    store: TableStore
    join_code: str
    gm_token: str
    player_tokens: dict[str, str] = field(default_factory=dict)  # token hash -> player id
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _waiting: Counter[str] = field(default_factory=Counter)
    _last_seen: dict[str, float] = field(default_factory=dict)
    #: Bumped whenever a seat comes or goes: followers waiting on the feed wake up and
    #: get the view with the new presence (the GM sees a player arrive or drop at once).
    presence: int = 0
    pending: list[Decision] = field(default_factory=list)
    writer: TableWriter[Adoption] = field(init=False)

    def __post_init__(self) -> None:
        self.writer = TableWriter(self.store, self._adopt, self._abandon, self.notify)

    @property
    def table_id(self) -> str:
        return self.table.table_id

    def actor_for(self, token: str, admin_token: str | None = None) -> Actor | None:
        """Who a bearer token belongs to at this table, if anyone (the host's admin
        token, when given, acts as the GM)."""
        if same(token, self.gm_token):
            return GM
        pid = self.player_tokens.get(hash_token(token))
        if pid is not None:
            return player(pid) if self.seat_active(pid) else None
        return GM if admin_token is not None and same(token, admin_token) else None

    def seat_active(self, player_id: str) -> bool:
        """Whether a seat is at the table (a removed seat's token opens nothing, until
        the GM undoes the removal)."""
        seat = self.table.state.get("seats", {}).get(player_id)
        return isinstance(seat, dict) and bool(seat.get("active", False))

    def removed_seat(self, token: str) -> bool:
        """Whether ``token`` belongs to a seat the GM has removed."""
        pid = self.player_tokens.get(hash_token(token))
        return pid is not None and not self.seat_active(pid)

    def authority(self, token: str, admin_token: str | None, actor: Actor) -> Callable[[], bool]:
        """A check that ``token`` is still ``actor`` here, for a follower to ask again
        after every change (a claimed or removed seat's old token stops reading)."""
        return lambda: self.actor_for(token, admin_token) == actor

    # ---- writing ------------------------------------------------------------------

    def decide(self, command: Command) -> Decision:
        """Decide ``command`` on top of every decision still waiting to commit."""
        return self.table.decide(command, self.pending)

    def commit(
        self,
        decision: Decision | None,
        write: StoreWrite,
        player_token: tuple[str, str] | None = None,
    ) -> asyncio.Future[None]:
        """Queue a decided command (or a refusal: no decision) for the disk.

        Call straight after ``decide``, with no await between: the next command is
        decided on top of this one. The future ends once it is committed and adopted.
        """
        if decision is not None:
            self.pending.append(decision)
        return self.writer.submit(write, Adoption(decision, player_token))

    def _adopt(self, batch: list[Queued[Adoption]]) -> None:
        for queued in batch:
            decision, player_token = queued.tag.decision, queued.tag.player_token
            if decision is not None:
                self.table.accept(decision)
                self.pending.pop(0)
            if player_token is not None:
                self.player_tokens[player_token[0]] = player_token[1]

    def _abandon(self, failed: list[Queued[Adoption]]) -> None:
        self.pending.clear()  # everything still pending was decided on top of the failure

    def close(self) -> None:
        self.writer.close()
        self.store.close()

    # ---- reading ------------------------------------------------------------------

    def notify(self) -> None:
        """Wake every long poll and stream waiting on this table."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_past(
        self,
        version: int,
        timeout: float,
        who: str,
        still: Callable[[], bool] = _always,
        *,
        presence: bool = False,
    ) -> None:
        """Return once the table is past ``version``, ``timeout`` seconds have gone or
        ``still`` says the waiter's token no longer holds (checked on every wake-up), or,
        with ``presence`` (a follower that gets views), who is online changed. A wait
        cancelled (the follower hung up) leaves ``who``
        away at once, unless another of its followers still waits."""
        self.seen(who)
        self._waiting[who] += 1
        present = self.presence
        hung_up = False
        try:
            deadline = time.monotonic() + timeout
            while self.table.version <= version and still():
                if presence and self.presence != present:
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                try:
                    async with asyncio.timeout(remaining):  # no task per wait, as wait_for
                        await self._changed.wait()
                except TimeoutError:
                    return
        except asyncio.CancelledError:
            hung_up = True
            raise
        finally:
            self._waiting[who] -= 1
            if not hung_up:
                self.seen(who)
            elif self._waiting[who] <= 0:
                self._last_seen.pop(who, None)
                self._presence_changed()

    def seen(self, who: str) -> None:
        """``who`` reached the table just now (a command, a read)."""
        was = self.online(who)
        self._last_seen[who] = time.monotonic()
        if not was:
            self._presence_changed()

    def _presence_changed(self) -> None:
        self.presence += 1
        self.notify()

    def online(self, who: str) -> bool:
        """Whether a seat (or ``gm``) has a live connection to the feed."""
        if self._waiting[who] > 0:
            return True
        last = self._last_seen.get(who)
        return last is not None and time.monotonic() - last < ONLINE_GRACE_SECONDS
