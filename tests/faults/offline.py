"""The offline drill: cut one player off, let her tap while cut off, bring her back.

Used by tests/faults/test_offline.py (seconds) and bench/fault_drills.py (a minute).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from app.client import Applied, Queued, Rejected, TableClient

from .proxy import CutProxy, Mode

ADMIN = "admin-token-for-tests"


async def until(predicate: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


@dataclass
class OfflineResult:
    queued: int  # taps that went to the outbox while cut off
    seconds_to_queue: float  # the slowest tap to come back as Queued
    drained_seconds: float  # link back -> outbox empty
    rejections: list[Rejected]
    offline_status_seen: bool


async def offline_drill(
    host_url: str, host_port: int, cut_seconds: float, mode: Mode, admin: str = ADMIN
) -> OfflineResult:
    """Ann behind a proxy, Bob direct. Returns what happened; asserts exactly-once."""
    proxy = CutProxy(host_port)
    created = await TableClient.create_table(host_url, admin, "Offline", "test-ledger")
    ann_seat = await TableClient.join(host_url, created["join_code"], "Ann")
    ann_seat = type(ann_seat)(proxy.url, ann_seat.table_id, ann_seat.token, ann_seat.player_id)
    ann = TableClient(ann_seat)
    bob = TableClient(await TableClient.join(host_url, created["join_code"], "Bob"))
    saved: list[list[dict[str, Any]]] = []
    ann._save_outbox = saved.append  # the UI persists the outbox on the device
    statuses: list[str] = []
    ann.subscribe(lambda c: statuses.append(c.status))
    try:
        for c in (ann, bob):
            await c.load()
            c.start()
        first = await ann.send("note", {"text": "before the cut"})
        assert isinstance(first, Applied)
        proxy.set_mode(mode)
        cut_at = time.monotonic()
        taps: list[tuple[str, dict[str, Any]]] = [
            ("note", {"text": "offline 1"}),
            ("ledger.return", {"kind": "red"}),  # refused on arrival: she has none
            ("ledger.draw", {"n": 2}),
            ("ledger.draw", {"n": 1, "player": "p2"}),  # refused: Bob's seat
            ("note", {"text": "offline 2"}),
        ]
        slowest = 0.0
        ids = []
        for type_, args in taps:
            t0 = time.monotonic()
            outcome = await ann.send(type_, args)
            slowest = max(slowest, time.monotonic() - t0)
            assert isinstance(outcome, Queued), outcome
            ids.append(outcome.command_id)
        assert [c["id"] for c in saved[-1]] == ids  # persisted, in order
        for i in range(3):  # the table goes on without her
            assert isinstance(await bob.send("ledger.draw", {"n": 1}), Applied)
            assert isinstance(await bob.send("note", {"text": f"Bob {i}"}), Applied)
        await asyncio.sleep(max(0.0, cut_seconds - (time.monotonic() - cut_at)))
        proxy.set_mode("open")
        back_at = time.monotonic()
        await until(lambda: not ann.outbox, 60, "the outbox to drain")
        drained = time.monotonic() - back_at
        export = await bob.http.get(
            f"/api/tables/{created['table_id']}/export",
            headers={"Authorization": f"Bearer {created['gm_token']}"},
        )
        events = export.json()["events"]
        runs = Counter(
            e["command_id"]
            for i, e in enumerate(events)
            if i == 0 or events[i - 1]["command_id"] != e["command_id"]
        )
        applied_ids = [ids[0], ids[2], ids[4]]
        assert all(runs[cid] == 1 for cid in applied_ids), "an offline tap acted twice"
        assert runs[ids[1]] == 0 and runs[ids[3]] == 0, "a refused tap left events"
        order = [e["command_id"] for e in events if e["command_id"] in applied_ids]
        assert order == applied_ids, "the outbox drained out of order"
        latest = export.json()["version"]
        await until(
            lambda: ann.cursor >= latest and bob.cursor >= latest, 30, "both feeds to catch up"
        )
        texts = [e["text"] for e in ann.log]
        assert sum("Bob" in t for t in texts) >= 3, "Ann's feed missed what Bob did"
        assert sum(ann.table["rules"]["hands"]["p1"].values()) == 2
        rejected = [r for r in ann.rejections if r.command_id in (ids[1], ids[3])]
        assert [r.status for r in rejected] == [409, 403]
        assert all(r.message for r in rejected)
        assert saved[-1] == []
        assert ann.status == "online"
        return OfflineResult(
            len(ids),
            slowest,
            drained,
            rejected,
            "offline" in statuses or "reconnecting" in statuses,
        )
    finally:
        await ann.close()
        await bob.close()
        proxy.close()
