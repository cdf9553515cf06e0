"""Browser benchmark: the host on a tablet's CPU. A tap on the GM's tablet until the last
of 5 phones shows it (bench/browser_tap.py's measure), for:

- **laptop host**: `fatepot host`'s stack (uvloop, httptools, orjson), CPU as it comes;
- **app host**: the host the app runs itself (bench/app_host.py: h11, asyncio, the
  standard library's JSON), CPU as it comes;
- **app host, tablet CPU**: the same held to one core (``taskset -c 0``) and a CFS
  quota of that core (``--quota``, default 0.5 of every 10 ms: about a mid-range
  tablet's big core against this machine's), through a cgroup v1 ``cpu`` group made
  for the run (its throttled periods are printed beside it);
- **laptop host, tablet CPU**: `fatepot host`'s stack under the same hold.

    python -m bench.tablet_tap [--phones 5] [--taps 12] [--quota 0.5] [--log 0]

Same run, alternating order. Per configuration: p50 / p95 / max ms from the tap's
pointerdown on the tablet to the frame the last phone shows it, and the host process's
CPU ms per tap. The browsers (GM + phones) are not held: on a table they are other
devices.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.browser_tap import RESULTS, FatePot, Result, measure
from bench.common import (
    ADMIN,
    Child,
    create_table,
    free_port,
    gm_command,
    host_child,
    machine,
    percentile,
    rss_kb,
)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

CPU_CGROUP = Path("/sys/fs/cgroup/cpu")
#: A short period, so that even one tap's burst (tens of ms) runs at the quota's speed,
#: as on a slower core, instead of fitting whole in one long period's allowance.
PERIOD_US = 10_000


class Hold:
    """One core and a CFS quota for a process (and every thread it has or makes)."""

    def __init__(self, quota: float, core: int = 0) -> None:
        self.quota = quota
        self.core = core
        self.group: Path | None = None
        self.note = ""

    def apply(self, pid: int) -> None:
        self.note = ""
        subprocess.run(
            ["taskset", "-a", "-p", "-c", str(self.core), str(pid)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        group = CPU_CGROUP / f"fatepot-bench-{pid}"
        try:
            group.mkdir()
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(int(self.quota * PERIOD_US)))
            (group / "cgroup.procs").write_text(str(pid))
            self.group = group
        except OSError as exc:  # no writable cgroup v1 cpu controller: one core only
            self.note = f"(no CPU quota: {exc})"
            with contextlib.suppress(OSError):
                group.rmdir()

    def release(self) -> None:
        if self.group is not None:
            with contextlib.suppress(OSError):
                stat = dict(
                    line.split() for line in (self.group / "cpu.stat").read_text().splitlines()
                )
                self.note = f"(throttled {int(stat.get('nr_throttled', 0))} periods)"
            with contextlib.suppress(OSError):
                self.group.rmdir()  # empty once the process has gone
            self.group = None


class LaptopHost(FatePot):
    """`fatepot host`'s stack (bench/host.py), optionally held to a tablet's CPU."""

    def __init__(self, log_lines: int, hold: Hold | None = None) -> None:
        super().__init__(log_lines)
        self.hold = hold

    def child_of(self, data: Path) -> Child:
        return host_child(data, web=True)

    def start(self) -> Child:
        self.tmp = tempfile.TemporaryDirectory(prefix="fatepot-tablet-")
        self.child = self.child_of(Path(self.tmp.name) / "data")
        self.child.start(timeout=120)
        if self.hold is not None:
            self.hold.apply(self.child.pid)
        self.started_rss_kb = rss_kb(self.child.pid)
        self.table = create_table(self.child.url)
        for i in range(self.log_lines):
            gm_command(self.child.url, self.table, f"earlier-{i}", "note", text=f"earlier {i}")
        return self.child

    def stop(self) -> None:
        super().stop()
        if self.hold is not None:
            self.hold.release()


class AppHost(LaptopHost):
    """The app's own host (bench/app_host.py)."""

    def child_of(self, data: Path) -> Child:
        port = free_port()
        args = ["bench.app_host", "--data", str(data), "--port", str(port)]
        return Child([*args, "--admin-token", ADMIN], port, "/api/health")


def row(label: str, result: Result) -> str:
    lat = result.latencies_ms or [float("nan")]
    cpu = statistics.fmean(result.cpu_ms or [float("nan")])  # /proc counts 10 ms ticks
    return (
        f"| {label} | {percentile(lat, 50):.0f} | {percentile(lat, 95):.0f} | {max(lat):.0f} "
        f"| {cpu:.0f} | {len(result.latencies_ms)} | {result.lost} |"
    )


HEADER = (
    "| host | p50 ms | p95 ms | max ms | host CPU ms/tap | taps | lost |\n"
    "|---|---|---|---|---|---|---|"
)


def run(phones: int, taps: int, quota: float, log: int) -> str:
    held = f"1 core, quota {quota:.2f}"
    configs: list[tuple[str, LaptopHost]] = [
        ("laptop host", LaptopHost(log)),
        ("app host", AppHost(log)),
        (f"app host, {held}", AppHost(log, Hold(quota))),
        (f"laptop host, {held}", LaptopHost(log, Hold(quota))),
    ]
    lines = [f"tablet_tap on {machine()}: GM + {phones} phones, log {log}, {taps} taps", HEADER]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for label, app in configs:
                result = measure(browser, app, phones, taps)
                note = app.hold.note if app.hold is not None else ""
                lines.append(row(f"{label} {note}".strip(), result))
                print(lines[-1], flush=True)
            # The same configurations again in reverse order: load drifts.
            for label, app in reversed(configs):
                result = measure(browser, app, phones, taps)
                note = app.hold.note if app.hold is not None else ""
                lines.append(row(f"{label} (2nd) {note}".strip(), result))
                print(lines[-1], flush=True)
        finally:
            browser.close()
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--taps", type=int, default=12)
    parser.add_argument("--quota", type=float, default=0.5)
    parser.add_argument("--log", type=int, default=0)
    args = parser.parse_args()
    report = run(args.phones, args.taps, args.quota, args.log)
    print(report)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tablet_tap.txt").write_text(report + "\n")


if __name__ == "__main__":
    main()
