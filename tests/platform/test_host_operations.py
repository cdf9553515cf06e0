"""A host a GM can leave running: it logs, stops cleanly, and keeps its data folder to
itself. Real `fatepot host` processes, and a real uvicorn host for the failure drills."""

from __future__ import annotations

import logging
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.host.errors import INTERNAL_ERROR
from app.host.logs import configure_logging, log_path
from app.host.store import TableStore
from tests.conftest import RunningHost, bearer, create_table, join
from tests.platform.test_cli import FATEPOT, host_process
from tests.support.drill import free_port


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """configure_logging changes the process's logging: put it back afterwards."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)


def test_a_failed_commit_on_the_fast_lane_is_logged_with_its_traceback(
    host: RunningHost, restore_logging: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    log_file = configure_logging(host.data_dir, "INFO")
    table = create_table(host.url)
    ann = join(host.url, table["join_code"], "Ann")
    live = host.hub.tables[table["table_id"]]

    def disk_on_fire(*args: object, **kwargs: object) -> None:
        raise OSError(5, "Input/output error: the disk is on fire")

    monkeypatch.setattr(live.store, "commit", disk_on_fire)
    r = httpx.post(
        f"{host.url}/api/tables/{table['table_id']}/commands",
        json={"id": "c1", "type": "ledger.draw", "args": {"n": 1}},
        headers=bearer(ann["player_token"]),
    )
    assert r.status_code == 500 and r.json() == INTERNAL_ERROR
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text()
    assert "Commit to" in text and "failed: 1 command(s) not saved" in text
    assert "Unexpected error on command 'ledger.draw'" in text
    assert "Traceback (most recent call last)" in text
    assert "OSError: [Errno 5] Input/output error: the disk is on fire" in text


def test_the_host_logs_to_its_data_folder_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    proc, out = host_process(data, port, "--table", "Saloon", "--log-level", "info")
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0, out + rest
    assert "Traceback" not in out + rest
    text = log_path(data).read_text()
    assert "starting: data in" in text and "Serving 1 table(s)" in text
    assert "Host stopped; every table closed" in text
    # What it built before serving is out of the collector's full passes (app.host.heap).
    frozen = re.search(r"Start-up heap frozen: (\d+) objects", text)
    assert frozen is not None and int(frozen.group(1)) > 50_000, text
    # The store was closed before the process ended: no WAL is left to replay.
    assert list(data.glob("*.sqlite")) and not list(data.glob("*.sqlite-wal"))


def test_ctrl_c_stops_the_host_without_a_traceback(tmp_path: Path) -> None:
    port = free_port()
    proc, out = host_process(tmp_path / "data", port)
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0, out + rest
    assert "Traceback" not in out + rest and "KeyboardInterrupt" not in out + rest
    assert "Host stopped; every table closed" in out + rest


def test_a_second_host_on_the_same_data_folder_is_refused_with_a_clear_message(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    first, _ = host_process(data, free_port())
    try:
        second = subprocess.run(
            [
                *FATEPOT,
                "host",
                "--no-ui",
                "--bind",
                "127.0.0.1",
                "--port",
                str(free_port()),
                "--data",
                str(data),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 3
        assert "Another Fate Pot host (pid" in second.stderr
        assert "is already serving the data folder" in second.stderr
        assert "Traceback" not in second.stderr
        assert first.poll() is None  # the first host is untouched
    finally:
        first.terminate()
        first.wait(15)
    # Once the first host has stopped, the folder is free again.
    again, out = host_process(data, free_port())
    again.terminate()
    rest, _ = again.communicate(timeout=15)
    assert "already serving" not in out + rest


def test_table_files_are_readable_by_their_owner_only(host: RunningHost) -> None:
    table = create_table(host.url)
    join(host.url, table["join_code"], "Ann")
    files = list(host.data_dir.glob(f"{table['table_id']}.sqlite*"))
    assert files and all(f.stat().st_mode & 0o777 == 0o600 for f in files), [
        (f.name, oct(f.stat().st_mode)) for f in files
    ]


def test_an_old_world_readable_table_file_is_tightened_on_open(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    path.touch(mode=0o644)
    path.chmod(0o644)
    TableStore(path).close()
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_routes_unexpected_error_is_logged_once_with_its_context(
    host: RunningHost, restore_logging: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    log_file = configure_logging(host.data_dir, "INFO")

    def broken(code: str) -> None:
        raise RuntimeError("the join index is broken")

    monkeypatch.setattr(host.hub, "by_join_code", broken)
    r = httpx.post(f"{host.url}/api/join", json={"join_code": "ABCDEF", "name": "Ann"})
    assert r.status_code == 500 and r.json() == INTERNAL_ERROR
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text()
    assert text.count("RuntimeError: the join index is broken") == 1, text
    assert "Unexpected error on POST /api/join" in text
