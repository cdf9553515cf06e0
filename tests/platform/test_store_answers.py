"""The store knows which command ids have an answer, across a restart."""

from __future__ import annotations

from pathlib import Path

from app.host.store import CommandResult, TableStore


def test_a_stored_answer_is_known_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    store = TableStore(path)
    assert not store.may_have_result("c1")
    store.record_result(CommandResult("c1", "p1", "f", 409, {"error": {"code": "x"}}))
    assert store.may_have_result("c1") and not store.may_have_result("c2")
    store.db.conn.close()
    again = TableStore(path)
    assert again.may_have_result("c1") and not again.may_have_result("c2")
    found = again.find_result("c1")
    assert found is not None and found.status == 409
