"""`fatepot host / tables / export / import` as a GM would run them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.support.drill import free_port

FATEPOT = [sys.executable, "-m", "app.cli"]


def host_process(
    data: Path, port: int, *extra: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [
            *FATEPOT,
            "host",
            "--no-ui",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--data",
            str(data),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line)
        if "█" in line:  # the QR code follows the links
            break
    for _ in range(50):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=0.5)
            break
        except httpx.TransportError:
            time.sleep(0.1)
    return proc, "".join(lines)


def test_host_prints_links_and_qr_and_resumes_after_restart(tmp_path: Path) -> None:
    port = free_port()
    proc, out = host_process(
        tmp_path,
        port,
        "--table",
        "Saloon",
        "--ruleset",
        "deadlands",
        "--public-url",
        "http://gm-laptop.lan:8550",
    )
    try:
        gm = re.search(r"GM screen.*?(http://\S+/gm\?table=(t\w+)&token=(\S+))", out)
        join = re.search(r"Players join:\s+(http://gm-laptop\.lan:8550/join/(\w{6}))", out)
        assert gm and join, out
        table_id, token = gm.group(2), gm.group(3)
        view = httpx.get(
            f"http://127.0.0.1:{port}/api/tables/{table_id}",
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        assert view["name"] == "Saloon" and view["ruleset"] == "deadlands"
    finally:
        proc.terminate()
        proc.wait(10)
    proc, again = host_process(tmp_path, port, "--table", "Saloon")
    try:
        assert f"table={table_id}&token={token}" in again  # same table, same GM link
        assert join.group(2) in again
    finally:
        proc.terminate()
        proc.wait(10)


def test_admin_token_from_the_environment(tmp_path: Path) -> None:
    port = free_port()
    proc, out = host_process(tmp_path, port, env={"FATEPOT_ADMIN_TOKEN": "s3cret-admin"})
    try:
        assert "s3cret-admin" in out
        r = httpx.get(
            f"http://127.0.0.1:{port}/api/tables", headers={"Authorization": "Bearer s3cret-admin"}
        )
        assert r.status_code == 200 and len(r.json()) == 1
    finally:
        proc.terminate()
        proc.wait(10)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*FATEPOT, *args], capture_output=True, text=True, timeout=60)


def test_tables_export_import(tmp_path: Path) -> None:
    port = free_port()
    proc, out = host_process(tmp_path, port, "--table", "Saloon", "--ruleset", "bottlecaps")
    code = re.search(r"code (\w{6})", out)
    assert code
    httpx.post(
        f"http://127.0.0.1:{port}/api/join", json={"join_code": code.group(1), "name": "Ann"}
    )
    proc.terminate()
    proc.wait(10)

    listed = run("tables", "--data", str(tmp_path))
    assert listed.returncode == 0 and "Saloon" in listed.stdout and "bottlecaps" in listed.stdout
    exported = run("export", "Saloon", "--data", str(tmp_path))
    assert exported.returncode == 0, exported.stderr
    data = json.loads(exported.stdout)
    assert data["ruleset"] == "bottlecaps" and data["events"][0]["type"] == "table.created"
    assert any(e["type"] == "seat.added" for e in data["events"])

    dump = tmp_path / "saloon.json"
    dump.write_text(exported.stdout)
    other = tmp_path / "other"
    imported = run("import", str(dump), "--data", str(other))
    assert imported.returncode == 0, imported.stderr
    again = json.loads(run("export", "Saloon", "--data", str(other)).stdout)
    assert again["state"] == data["state"] and again["events"] == data["events"]

    dump.write_text('{"format": "something else"}')
    assert run("import", str(dump), "--data", str(other)).returncode == 2
    assert run("export", "Nope", "--data", str(other)).returncode == 2
