"""One damaged table file takes no other table down: it is named in the log with what
to do, moved into damaged/, and every healthy table serves (a real uvicorn host)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import httpx
import pytest

from app.host.damaged import DAMAGED_DIR
from tests.conftest import bearer, create_table, join, start_host


def three_tables(data: Path) -> list[dict[str, str]]:
    host = start_host(data)
    try:
        tables = [create_table(host.url, name=name) for name in ("Ruined", "Garbled", "Fine")]
        for table in tables:
            join(host.url, table["join_code"], "Ann")
    finally:
        host.stop()
    return tables


def test_damaged_tables_are_set_aside_and_the_healthy_one_serves(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    ruined, garbled, fine = three_tables(data)
    # A file cut short (a copy interrupted, a card pulled out): not a database any more.
    ruined_file = data / f"{ruined['table_id']}.sqlite"
    ruined_file.write_bytes(ruined_file.read_bytes()[:100])
    # One event row whose JSON is broken.
    garbled_file = data / f"{garbled['table_id']}.sqlite"
    with sqlite3.connect(garbled_file) as db:
        db.execute("UPDATE events SET record = '{\"version\": 2, bro' WHERE version = 2")
    db.close()

    with caplog.at_level(logging.INFO, logger="app"):
        host = start_host(data)
    try:
        view = httpx.get(
            f"{host.url}/api/tables/{fine['table_id']}", headers=bearer(fine["gm_token"])
        )
        assert view.status_code == 200 and view.json()["name"] == "Fine"
        for gone in (ruined, garbled):
            r = httpx.get(
                f"{host.url}/api/tables/{gone['table_id']}", headers=bearer(gone["gm_token"])
            )
            assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
        assert {r.path.name for r in host.hub.refused} == {ruined_file.name, garbled_file.name}
    finally:
        host.stop()

    aside = sorted(p.name for p in (data / DAMAGED_DIR).glob("*.sqlite"))
    assert len(aside) == 2 and not ruined_file.exists() and not garbled_file.exists()
    assert any(name.startswith(ruined["table_id"]) for name in aside)
    messages = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    ruined_line = next(m for m in messages if ruined_file.name in m)
    assert "not served" in ruined_line and "moved to" in ruined_line
    assert "docs/operations.md" in ruined_line
    garbled_line = next(m for m in messages if garbled_file.name in m)
    assert "an event is not valid JSON" in garbled_line
    assert any(f"Opened table {fine['table_id']}" in r.getMessage() for r in caplog.records)


def test_a_listing_reports_a_damaged_file_and_leaves_it_where_it_is(tmp_path: Path) -> None:
    from app.host.hub import Hub

    data = tmp_path / "data"
    ruined, _, _ = three_tables(data)
    ruined_file = data / f"{ruined['table_id']}.sqlite"
    ruined_file.write_bytes(b"this is not a database at all" * 10)
    hub = Hub(data)
    refused = hub.open_all(set_aside=False)
    hub.close()
    assert [r.path for r in refused] == [ruined_file] and ruined_file.exists()
    assert len(hub.tables) == 2
