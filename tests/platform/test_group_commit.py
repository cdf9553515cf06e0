"""Group commit (app.host.writer): commands queued while the disk is busy share one
transaction; nothing is answered, adopted or broadcast before its commit; a failed
commit fails everything decided on top of it, and the retries then act once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

import tests.support.ledger_rules  # noqa: F401  (registers test-ledger)
from app.domain.actors import player
from app.domain.commands import Command
from app.host.hub import Hub
from app.host.live import LiveTable
from app.host.store import TableStore


async def a_table(tmp_path: Path, seats: int = 3) -> tuple[Hub, LiveTable, list[str]]:
    hub = Hub(tmp_path)
    live = await hub.create_table("Group", "test-ledger", {})
    pids = [(await hub.join(live, f"P{i}"))[0] for i in range(seats)]
    return hub, live, pids


def note(cid: str, pid: str, text: str = "tap") -> Command:
    return Command(cid, "note", {"text": text}, player(pid), time.time())


def draw(cid: str, pid: str) -> Command:
    return Command(cid, "ledger.draw", {"n": 1}, player(pid), time.time())


def count_commits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of writes in each transaction, as they happen."""
    sizes: list[int] = []
    real = TableStore.commit

    def counted(self: TableStore, writes: list[Any], **kw: Any) -> None:
        time.sleep(0.02)  # a slow disk: the next commands queue up meanwhile
        real(self, writes, **kw)
        sizes.append(len(writes))

    monkeypatch.setattr(TableStore, "commit", counted)
    return sizes


async def test_commands_that_queue_up_share_one_transaction_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, live, pids = await a_table(tmp_path)
    sizes = count_commits(monkeypatch)
    answers = await asyncio.gather(
        *(hub.execute(live, note(f"c{i}", pids[i % 3], f"tap {i}")) for i in range(12))
    )
    assert [status for status, _ in answers] == [200] * 12
    assert sum(sizes) == 12 and len(sizes) < 12  # batched: fewer commits than commands
    versions = [body["version"] for _, body in answers]
    assert versions == sorted(versions) and len(set(versions)) == 12
    hub.close()
    reopened = Hub(tmp_path)
    reopened.open_all()
    again = reopened.tables[live.table_id]
    assert [e.data.get("text") for e in again.table.events if e.type == "note"] == [
        f"tap {i}" for i in range(12)
    ]
    reopened.close()


async def test_a_command_is_decided_on_top_of_those_still_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Draws from one pot, all queued at once: each sees the pot the one before left."""
    hub, live, pids = await a_table(tmp_path)
    count_commits(monkeypatch)

    def tokens(where: dict[str, int]) -> int:
        return sum(where.values())

    rules = live.table.view(player(pids[0]))["rules"]
    pot, hand = tokens(rules["pot"]), tokens(rules["hands"][pids[0]])
    answers = await asyncio.gather(*(hub.execute(live, draw(f"d{i}", pids[0])) for i in range(5)))
    assert all(status == 200 for status, _ in answers)
    rules = live.table.view(player(pids[0]))["rules"]
    assert tokens(rules["pot"]) == pot - 5 and tokens(rules["hands"][pids[0]]) == hand + 5
    assert not live.pending
    hub.close()


async def test_nothing_is_seen_before_its_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, live, pids = await a_table(tmp_path)
    count_commits(monkeypatch)
    before = live.table.version
    sending = asyncio.ensure_future(hub.execute(live, note("c1", pids[0])))
    await asyncio.sleep(0.005)  # decided and queued, the disk still busy
    assert live.pending and live.table.version == before
    assert (await sending)[0] == 200
    assert live.table.version == before + 1 and not live.pending
    hub.close()


async def test_a_failed_commit_fails_what_was_decided_on_it_and_retries_act_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, live, pids = await a_table(tmp_path)
    real = TableStore.commit
    failing = [True]

    def flaky(self: TableStore, writes: list[Any], **kw: Any) -> None:
        time.sleep(0.02)
        if failing[0]:
            failing[0] = False
            raise OSError("disk full")
        real(self, writes, **kw)

    monkeypatch.setattr(TableStore, "commit", flaky)
    before = live.table.version
    results = await asyncio.gather(
        *(hub.execute(live, draw(f"d{i}", pids[0])) for i in range(4)), return_exceptions=True
    )
    failed = [i for i, r in enumerate(results) if isinstance(r, OSError)]
    assert failed and failed == list(range(len(failed)))  # the first batch and all after it
    assert live.table.version == before + 4 - len(failed) and not live.pending
    retried = [await hub.execute(live, draw(f"d{i}", pids[0])) for i in range(4)]
    assert [status for status, _ in retried] == [200] * 4
    assert live.table.version == before + 4  # each draw once, failed ones now applied
    hub.close()


async def test_a_copy_sent_while_the_first_is_queued_gets_the_same_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, live, pids = await a_table(tmp_path)
    sizes = count_commits(monkeypatch)
    first, copy = await asyncio.gather(
        hub.execute(live, draw("same", pids[0])), hub.execute(live, draw("same", pids[0]))
    )
    assert first == copy and sum(sizes) == 1
    hub.close()
