"""What every benchmark shares: child-process servers, /proc readings, percentiles."""

from __future__ import annotations

import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
ADMIN = "bench-admin"
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def machine() -> str:
    """The machine line every table is printed under."""
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    load = os.getloadavg()[0]
    return (
        f"{os.cpu_count()} cores, {mem:.0f} GiB, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, load {load:.1f}"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank: an observed value, never interpolated."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * q // 100))  # ceil
    return ordered[int(rank) - 1]


def rss_kb(pid: int) -> int:
    """Resident memory of a process, in KiB."""
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * PAGE_KB


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (its threads included)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def cpu_seconds_precise(pid: int) -> float:
    """The CPU time of a process's live threads, in nanosecond steps (the scheduler's
    own count, /proc/PID/task/*/schedstat), where /proc/PID/stat counts 10 ms ticks.
    A thread that ended takes its time with it: read it over windows without thread
    churn (the event loop and its thread pool)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
    return total / 1e9


def wait_quiet(pid: int, limit: float = 60.0, *, rest: float = 0.05) -> None:
    """Until a server's CPU rests (below ``rest`` of a core for two half seconds in a
    row), at most ``limit`` seconds: a host gzips the web client's files in a thread
    after it starts (mount_web's warm-up), which a benchmark must not count."""
    deadline, calm = time.monotonic() + limit, 0
    while calm < 2 and time.monotonic() < deadline:
        cpu = cpu_seconds_precise(pid)
        time.sleep(0.5)
        calm = calm + 1 if cpu_seconds_precise(pid) - cpu < rest / 2 else 0


class Child:
    """A server in a child process on 127.0.0.1, ready once ``ready_path`` answers."""

    def __init__(self, args: list[str], port: int, ready_path: str) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.args = args
        self.ready_path = ready_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self, timeout: float = 60) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", *self.args], cwd=ROOT, stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + self.ready_path, timeout=0.5).status_code < 500:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"{self.args[0]} did not come up")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def host_child(data: Path, *, web: bool = False, extra: Sequence[str] = ()) -> Child:
    port = free_port()
    args = ["bench.host", "--data", str(data), "--port", str(port), "--admin-token", ADMIN]
    return Child([*args, *(["--web"] if web else []), *extra], port, "/api/health")


@contextmanager
def running_host(*, web: bool = False) -> Iterator[Child]:
    """A fresh host (empty data folder) in a child process."""
    with tempfile.TemporaryDirectory(prefix="fatepot-bench-") as tmp:
        child = host_child(Path(tmp) / "data", web=web)
        child.start()
        try:
            yield child
        finally:
            child.stop()


@contextmanager
def trivial_server() -> Iterator[Child]:
    """The baseline: a bare ASGI endpoint under the same uvicorn."""
    port = free_port()
    child = Child(["bench.trivial", "--port", str(port)], port, "/")
    child.start()
    try:
        yield child
    finally:
        child.stop()


def create_table(url: str, ruleset: str = "deadlands", name: str = "Bench") -> dict[str, Any]:
    r = httpx.post(
        f"{url}/api/tables",
        json={"name": name, "ruleset": ruleset},
        headers={"Authorization": f"Bearer {ADMIN}"},
        timeout=30,
    )
    r.raise_for_status()
    created: dict[str, Any] = r.json()
    return created


def join_players(url: str, join_code: str, n: int, prefix: str = "P") -> list[dict[str, str]]:
    """Seat ``n`` players; returns their join answers (player_id, player_token)."""
    seats = []
    with httpx.Client(base_url=url, timeout=30) as http:
        for i in range(n):
            r = http.post("/api/join", json={"join_code": join_code, "name": f"{prefix}{i + 1}"})
            r.raise_for_status()
            seats.append(r.json())
    return seats


def gm_command(url: str, table: dict[str, Any], cid: str, type_: str, **args: Any) -> None:
    r = httpx.post(
        f"{url}/api/tables/{table['table_id']}/commands",
        json={"id": cid, "type": type_, "args": args},
        headers={"Authorization": f"Bearer {table['gm_token']}"},
        timeout=30,
    )
    r.raise_for_status()


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f}"
