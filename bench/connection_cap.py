"""Idle connections against the open-file limit: does a phone still get in?

    python -m bench.connection_cap [--limits 1024 256] [--idle-factor 2] [--unguarded]

For each file limit, a host runs in a child process held to it (soft and hard), and
this process opens ``idle-factor`` x limit connections that send half a request and
then nothing (a stalled browser, a scanner, a bad Wi-Fi). Then, with all of them
still open on this side, twenty fresh requests ask for /api/health as a phone would.
Measured: how many fresh requests were answered and how fast, how many of the idle
connections the host had already closed (the cap), and whether every one was closed
once the request deadline had passed. ``--unguarded`` runs uvicorn's own protocol, for
the before picture. docs/benchmarks.md has the results.
"""

from __future__ import annotations

import argparse
import json
import resource
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx

from app.host.connections import ConnectionLimits, raise_file_limit
from bench.common import ADMIN, ROOT, free_port, machine, percentile

HALF_REQUEST = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
FRESH_REQUESTS = 20
REQUEST_TIMEOUT = 3.0


@dataclass
class CapResult:
    file_limit: int
    guarded: bool
    idle_opened: int
    idle_still_open_after_flood: int
    fresh_answered: int
    fresh_p50_ms: float | None
    fresh_max_ms: float | None
    idle_still_open_after_deadline: int
    expected_max_waiting: int


def start_host(data: Path, port: int, file_limit: int, guarded: bool) -> subprocess.Popen[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, file_limit))

    args = ["bench.host", "--data", str(data), "--port", str(port), "--admin-token", ADMIN]
    args += ["--request-timeout", str(REQUEST_TIMEOUT)] if guarded else ["--unguarded"]
    proc = subprocess.Popen(
        [sys.executable, "-m", *args], cwd=ROOT, preexec_fn=limit, stdout=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=0.5)
            return proc
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the host did not start")


def still_open(sockets: list[socket.socket]) -> int:
    """How many of ``sockets`` the host has not closed (a closed one reads b"")."""
    count = 0
    for sock in sockets:
        try:
            if sock.recv(1, socket.MSG_PEEK) != b"":
                count += 1
        except BlockingIOError:  # nothing to read and not closed
            count += 1
        except OSError:
            pass
    return count


def fresh_requests(url: str) -> list[float]:
    """Milliseconds for each fresh /api/health answered within 5 s."""
    times = []
    for _ in range(FRESH_REQUESTS):
        start = time.perf_counter()
        try:
            if httpx.get(f"{url}/api/health", timeout=5).status_code == 200:
                times.append((time.perf_counter() - start) * 1000)
        except httpx.TransportError:
            pass
    return times


def measure(file_limit: int, idle_factor: float = 2.0, guarded: bool = True) -> CapResult:
    """Flood a host held to ``file_limit`` files with half-sent requests; see it cope."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="fatepot-cap-") as tmp:
        proc = start_host(Path(tmp) / "data", port, file_limit, guarded)
        idle: list[socket.socket] = []
        try:
            for _ in range(int(file_limit * idle_factor)):
                sock = socket.socket()
                sock.settimeout(2)
                try:
                    sock.connect(("127.0.0.1", port))
                    sock.sendall(HALF_REQUEST)
                    sock.setblocking(False)  # still_open peeks without waiting
                except OSError:
                    sock.close()
                    continue
                idle.append(sock)
            time.sleep(0.5)
            after_flood = still_open(idle)
            times = fresh_requests(f"http://127.0.0.1:{port}")
            time.sleep(REQUEST_TIMEOUT + 1.5)
            after_deadline = still_open(idle)
        finally:
            for sock in idle:
                sock.close()
            proc.kill()
            proc.wait()
    return CapResult(
        file_limit=file_limit,
        guarded=guarded,
        idle_opened=len(idle),
        idle_still_open_after_flood=after_flood,
        fresh_answered=len(times),
        fresh_p50_ms=round(percentile(times, 50), 1) if times else None,
        fresh_max_ms=round(max(times), 1) if times else None,
        idle_still_open_after_deadline=after_deadline,
        expected_max_waiting=ConnectionLimits.for_file_limit(file_limit).max_waiting,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limits", type=int, nargs="+", default=[1024, 256])
    parser.add_argument("--idle-factor", type=float, default=2.0)
    parser.add_argument("--unguarded", action="store_true")
    args = parser.parse_args()
    raise_file_limit()  # this side holds every idle socket open
    print(machine(), file=sys.stderr)
    for limit in args.limits:
        result = measure(limit, args.idle_factor, guarded=not args.unguarded)
        print(json.dumps(asdict(result)))


if __name__ == "__main__":
    main()
