"""A host started on a full disk serves every table for reading, refuses changes with a
message saying why, says so at start-up, and stops cleanly (a real `fatepot host` on
a small tmpfs that is then filled; needs root to mount it, as CI and this machine are)."""

from __future__ import annotations

import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import bearer
from tests.platform.test_cli import host_process
from tests.support.drill import free_port

pytestmark = pytest.mark.slow


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"can't mount a small disk here: {mounted.stderr.decode().strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def fill(disk: Path) -> None:
    with (disk / "filler").open("wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError:
            pass


def test_a_full_disk_serves_reads_and_refuses_changes(small_disk: Path) -> None:
    data = small_disk / "data"
    port = free_port()
    proc, out = host_process(data, port, "--table", "Saloon", "--ruleset", "deadlands")
    gm = re.search(r"GM screen.*?table=(t\w+)&token=(\S+)", out)
    code = re.search(r"code (\w{6})", out)
    assert gm and code, out
    table_id, gm_token = gm.group(1), gm.group(2)
    url = f"http://127.0.0.1:{port}"
    ann = httpx.post(f"{url}/api/join", json={"join_code": code.group(1), "name": "Ann"}).json()
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=15)

    fill(small_disk)
    proc, out = host_process(data, port, "--table", "Saloon")
    try:
        assert "READ-ONLY: The host's disk is full" in out, out
        view = httpx.get(f"{url}/api/tables/{table_id}", headers=bearer(ann["player_token"]))
        assert view.status_code == 200 and view.json()["name"] == "Saloon"
        assert httpx.get(f"{url}/api/tables/{table_id}", headers=bearer(gm_token)).is_success
        r = httpx.post(
            f"{url}/api/tables/{table_id}/commands",
            json={"id": "c1", "type": "session.start", "args": {}},
            headers=bearer(gm_token),
        )
        assert r.status_code == 409 and r.json()["error"]["code"] == "read_only", r.text
        assert "disk is full" in r.json()["error"]["message"]
        r = httpx.post(f"{url}/api/join", json={"join_code": code.group(1), "name": "Bob"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "read_only"
    finally:
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=15)
    assert proc.returncode == 0, out + rest
    assert "Traceback" not in out + rest and "Logging error" not in out + rest
