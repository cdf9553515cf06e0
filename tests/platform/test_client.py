"""TableClient against a real host: join, follow, exactly-once sends, offline outbox."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.client import Applied, HostRefused, Queued, Rejected, TableClient
from tests.conftest import ADMIN, RunningHost, start_host


async def until(predicate: Any, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def seated(url: str) -> tuple[dict[str, Any], TableClient, TableClient]:
    created = await TableClient.create_table(url, ADMIN, "Saloon", "test-ledger")
    ann = TableClient(await TableClient.join(url, created["join_code"], "Ann"))
    bob = TableClient(await TableClient.join(url, created["join_code"], "Bob"))
    for c in (ann, bob):
        await c.load()
        c.start()
    return created, ann, bob


async def test_a_command_reaches_the_other_client(host: RunningHost) -> None:
    _, ann, bob = await seated(host.url)
    try:
        outcome = await ann.send("ledger.draw", {"n": 2})
        assert isinstance(outcome, Applied)
        await until(lambda: bob.cursor >= outcome.version)
        assert sum(bob.table["rules"]["hands"]["p1"].values()) == 2
        assert bob.log[0]["type"] == "ledger.drew"
        assert bob.status == "online"
    finally:
        await ann.close()
        await bob.close()


async def test_rejections_carry_the_rule(host: RunningHost) -> None:
    _, ann, bob = await seated(host.url)
    try:
        outcome = await ann.send("ledger.return", {"kind": "red"})
        assert isinstance(outcome, Rejected)
        assert outcome.status == 409 and "no red token" in outcome.message
        assert ann.rejections[-1] == outcome
    finally:
        await ann.close()
        await bob.close()


async def test_join_with_a_wrong_code_raises_the_hosts_message(host: RunningHost) -> None:
    with pytest.raises(HostRefused, match="No table has that join code"):
        await TableClient.join(host.url, "ZZZZZZ", "Eve")


async def test_offline_taps_are_queued_and_sent_once_on_reconnect(tmp_path: Path) -> None:
    running = start_host(tmp_path / "data")
    port = int(running.url.rsplit(":", 1)[1])
    _, ann, bob = await seated(running.url)
    saved: list[list[dict[str, Any]]] = []
    ann._save_outbox = saved.append  # the UI persists the outbox on the device
    try:
        await ann.send("note", {"text": "before"})
        await asyncio.to_thread(running.stop)
        queued = [await ann.send("note", {"text": f"offline {i}"}) for i in range(3)]
        assert all(isinstance(q, Queued) for q in queued)
        assert len(ann.outbox) == 3 and len(saved[-1]) == 3
        await until(lambda: ann.status == "offline", timeout=10)
        running = await asyncio.to_thread(start_host, tmp_path / "data", port=port)
        await until(lambda: not ann.outbox, timeout=15)
        await until(
            lambda: bob.status == "online" and sum("offline" in e["text"] for e in bob.log) == 3,
            timeout=15,
        )
        texts = [e["text"] for e in reversed(bob.log) if "offline" in e["text"]]
        assert texts == ["Ann: offline 0", "Ann: offline 1", "Ann: offline 2"]  # in order
        assert saved[-1] == []
    finally:
        await ann.close()
        await bob.close()
        running.stop()


async def test_a_retry_after_a_lost_answer_does_not_act_twice(host: RunningHost) -> None:
    _, ann, bob = await seated(host.url)
    try:
        first = await ann.send("ledger.draw", {"n": 1}, command_id="tap-1")
        again = await ann.send("ledger.draw", {"n": 1}, command_id="tap-1")
        assert isinstance(first, Applied) and isinstance(again, Applied)
        assert first.version == again.version
        await until(lambda: bob.cursor >= first.version)
        assert sum(bob.table["rules"]["hands"]["p1"].values()) == 1
    finally:
        await ann.close()
        await bob.close()
