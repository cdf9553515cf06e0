"""A convention host, measured: T tables of a GM and K phones, taps at every table, no
browser; Fate Pot's host and the bare Flet app under the same generator, same run.

    python -m bench.convention [--tables 10] [--phones 6] [--taps 12] [--serial 2]
    python -m bench.convention --tables 2 --phones 2 --taps 5 --serial 1   # a smoke run

Every page is a `bench.flet_wire.WirePage`: Flet 1.0.5's web-socket protocol as the
browser page speaks it (the page script's hello, envelopes and pongs; Flet's
registration with the page's size; the control tree kept by applying every patch; the
tap's and each key's frames), so the host does for each page what it does for a
phone's browser, and only the host is measured. All pages run in this one process
(asyncio); the server runs in a child process (as `bench.browser_tap` starts it).

Per app, in order:

1. **Open**: every table's GM page (the tablet's size, the GM link's token in the
   page's storage; for Fate Pot the GM page with its log) and K phones (each seated
   through a claim link, its Log tab chosen). The server's resident memory before the
   first page and after the last, per session.
2. **Idle**: the server's CPU with every page open and nothing tapped (its pings, the
   pages' pongs, presence), as a rate subtracted below.
3. **Serial** (``--serial`` rounds, one tap at a time across the tables): the GM types
   the note key by key, then taps; CPU from the tap until the last page of the table
   has the note, plus 0.3 s (as browser_tap), less the idle rate: the cost of one tap
   alone, per page. Typing's CPU is counted apart.
4. **Convention** (``--taps`` per table, all tables at once): each table's GM types
   and taps every 2-3 s (random, its own start); per tap the time from sending the
   tap to the moment the *last* page of that table has the note in its control tree;
   the server's CPU over the whole phase (typing, pings and all), less the idle rate,
   per tap per page. The first tap of every table is a warm-up, not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import random
import signal
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import cpu_seconds_precise as cpu_seconds
from bench.common import machine, percentile, rss_kb, wait_quiet
from bench.convention_apps import App, BareFlet, FatePot, Table

RESULTS = Path(__file__).resolve().parent / "results"
SEEN_TIMEOUT = 10.0  # a tap no page shows within this is lost
AFTER_TAP = 0.3  # the CPU after-effects of a tap counted with it (browser_tap's 0.3 s)
KEY_SECONDS = 0.06  # a brisk typist's pace between keys


@dataclass
class Config:
    tables: int = 10
    phones: int = 6
    taps: int = 12  # per table, counted (after one warm-up tap each)
    serial: int = 2  # rounds of one tap at a time over every table
    period: tuple[float, float] = (2.0, 3.0)  # seconds between a table's taps
    idle_seconds: float = 4.0
    seed: int = 24
    quiet_limit: float = 60.0  # how long to wait for the server's CPU to rest
    key_seconds: float = KEY_SECONDS

    @property
    def pages_per_table(self) -> int:
        return self.phones + 1


@dataclass
class Result:
    """What one app measured."""

    app: str
    pages: int = 0
    latencies_ms: list[float] = field(default_factory=list)  # convention phase
    serial_ms: list[float] = field(default_factory=list)
    serial_cpu_ms: list[float] = field(default_factory=list)  # per tap, idle rate taken off
    typing_cpu_ms: list[float] = field(default_factory=list)  # per note typed (serial)
    phase_cpu_s: float = 0.0  # convention phase, idle rate taken off
    phase_taps: int = 0
    phase_seconds: float = 0.0
    idle_cpu_percent: float = 0.0
    rss_start_kb: int = 0
    rss_first_table_kb: int = 0
    rss_open_kb: int = 0
    rss_end_kb: int = 0
    generator_cpu_percent: float = 0.0
    lost: int = 0
    unknown_methods: set[str] = field(default_factory=set)

    def per_session_mib(self) -> float:
        return (self.rss_open_kb - self.rss_start_kb) / max(self.pages, 1) / 1024

    def per_later_session_mib(self, first_table_pages: int) -> float:
        """Per session opened after the first table's (NaN with one table)."""
        later = self.pages - first_table_pages
        if later <= 0:
            return float("nan")
        return (self.rss_open_kb - self.rss_first_table_kb) / later / 1024


async def one_tap(app: App, table: Table, cfg: Config) -> float:
    """Tap (the GM's note ready) and wait for the last page: the latency in ms."""
    text = await app.prepare_tap(table, cfg.key_seconds)
    await asyncio.sleep(0.2)  # the finger moves from the field to the button
    seen = [page.watch(text) for page in table.pages]
    start = time.perf_counter()
    await app.tap(table)
    async with asyncio.timeout(SEEN_TIMEOUT):
        times = await asyncio.gather(*seen)
    return (max(times) - start) * 1000


async def serial_phase(
    app: App, tables: list[Table], cfg: Config, idle_rate: float, r: Result
) -> None:
    pid = app.child.pid
    for _ in range(cfg.serial):
        for table in tables:
            typed, typing = cpu_seconds(pid), time.perf_counter()
            text = await app.prepare_tap(table, cfg.key_seconds)
            await asyncio.sleep(AFTER_TAP)
            typing = time.perf_counter() - typing
            r.typing_cpu_ms.append((cpu_seconds(pid) - typed - idle_rate * typing) * 1000)
            seen = [page.watch(text) for page in table.pages]
            if app.profile:
                os.kill(pid, signal.SIGUSR1)  # bench.host: profile this tap
                await asyncio.sleep(0.05)
            cpu, start = cpu_seconds(pid), time.perf_counter()
            await app.tap(table)
            try:
                async with asyncio.timeout(SEEN_TIMEOUT):
                    times = await asyncio.gather(*seen)
            except TimeoutError:
                r.lost += 1
                continue
            await asyncio.sleep(AFTER_TAP)
            window = time.perf_counter() - start
            if app.profile:
                os.kill(pid, signal.SIGUSR2)  # stop; the stats so far to the file
                await asyncio.sleep(0.5)
            r.serial_ms.append((max(times) - start) * 1000)
            r.serial_cpu_ms.append((cpu_seconds(pid) - cpu - idle_rate * window) * 1000)


async def table_loop(app: App, table: Table, cfg: Config, rng: random.Random, r: Result) -> None:
    await asyncio.sleep(rng.uniform(0, cfg.period[1]))  # the tables start apart
    for n in range(cfg.taps + 1):
        due = time.perf_counter() + rng.uniform(*cfg.period)
        try:
            latency = await one_tap(app, table, cfg)
        except TimeoutError:
            r.lost += 1
        else:
            if n > 0:  # the first tap is a warm-up
                r.latencies_ms.append(latency)
        await asyncio.sleep(max(0.0, due - time.perf_counter()))


async def quiet(pid: int, limit: float = 60.0) -> None:
    """`bench.common.wait_quiet`, off the pages' event loop (they answer pings meanwhile)."""
    await asyncio.to_thread(wait_quiet, pid, limit)


async def measure(app: App, cfg: Config) -> Result:
    r = Result(app.name)
    pid = app.child.pid
    await quiet(pid, cfg.quiet_limit)
    r.rss_start_kb = rss_kb(pid)
    tables: list[Table] = []
    try:
        for i in range(cfg.tables):
            tables.append(await app.open_table(i))
            if i == 0:  # the first sessions warm Flet and the app's code up
                await asyncio.sleep(0.5)
                r.rss_first_table_kb = rss_kb(pid)
        pages = [p for t in tables for p in t.pages]
        r.pages = len(pages)
        await asyncio.sleep(1.0)  # the last pages' presence and first pings
        await quiet(pid, cfg.quiet_limit)
        r.rss_open_kb = rss_kb(pid)

        cpu, start = cpu_seconds(pid), time.perf_counter()
        await asyncio.sleep(cfg.idle_seconds)
        idle_rate = (cpu_seconds(pid) - cpu) / (time.perf_counter() - start)
        r.idle_cpu_percent = idle_rate * 100

        await serial_phase(app, tables, cfg, idle_rate, r)

        rng = random.Random(cfg.seed)
        cpu, start, own = cpu_seconds(pid), time.perf_counter(), time.process_time()
        await asyncio.gather(*(table_loop(app, t, cfg, rng, r) for t in tables))
        r.phase_seconds = time.perf_counter() - start
        r.phase_cpu_s = cpu_seconds(pid) - cpu - idle_rate * r.phase_seconds
        r.phase_taps = cfg.tables * (cfg.taps + 1)
        r.generator_cpu_percent = (time.process_time() - own) / r.phase_seconds * 100
        r.rss_end_kb = rss_kb(pid)
        if app.profile:
            print_profile(app.profile, len(r.serial_ms))
        for page in pages:
            r.unknown_methods |= page.unknown_methods
            if page.crashed:
                raise RuntimeError(f"{app.name}: a page crashed: {page.crashed}")
    finally:
        for t in tables:
            for page in t.pages:
                await page.close()
    return r


#: The host's own layers, for the profile's second list (cumulative time).
OURS = r"app/(ui|inproc|host)/|flet/(messaging|controls/object_patch|components)|link_watch"


def print_profile(path: str, taps: int) -> None:
    """Where the host's event loop spent the profiled taps (serial: each alone)."""
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(
        f"\n--- host profile: {total:.2f} s on the event loop for {taps} taps "
        f"({total / max(taps, 1) * 1000:.1f} ms per tap, profiler overhead included)"
    )
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(OURS, 30)
    gc_file = Path(path + ".gc")
    if gc_file.exists():
        pauses = json.loads(gc_file.read_text())
        print(
            "garbage collector in the same windows (generation: collections, ms): "
            + ", ".join(f"{g}: {n}, {s * 1000:.0f}" for g, (n, s) in pauses.items())
        )


def run_app(app: App, cfg: Config) -> Result:
    app.start(cfg.tables, cfg.phones)
    try:
        return asyncio.run(measure(app, cfg))
    finally:
        app.stop()


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


HEADER = (
    "| app | pages | p50 / p95 / max ms, all tables tapping | one tap alone p50 / p95 ms "
    "| CPU ms per tap per page, alone | typing CPU ms per note | CPU ms per tap per page, "
    "all tapping (typing, pings incl.; less typing) | idle CPU % | MiB per session (after "
    "the first table) | host RSS MiB (start / open / end) | generator CPU % | lost |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def row(r: Result, cfg: Config) -> str:
    lat = r.latencies_ms or [float("nan")]
    ser = r.serial_ms or [float("nan")]
    per_page = cfg.pages_per_table
    phase = r.phase_cpu_s * 1000 / max(r.phase_taps, 1) / per_page
    # The typing's cost per note, from the serial phase, taken off (0 if none typed).
    typing = mean(r.typing_cpu_ms) if r.typing_cpu_ms else 0.0
    return (
        f"| {r.app} | {r.pages} | {percentile(lat, 50):.0f} / {percentile(lat, 95):.0f} / "
        f"{max(lat):.0f} | {percentile(ser, 50):.0f} / {percentile(ser, 95):.0f} "
        f"| {mean(r.serial_cpu_ms) / per_page:.2f} | {mean(r.typing_cpu_ms):.1f} "
        f"| {phase:.2f} ({phase - typing / per_page:.2f}) | {r.idle_cpu_percent:.1f} "
        f"| {r.per_session_mib():.2f} "
        f"({r.per_later_session_mib(per_page):.2f}) "
        f"| {r.rss_start_kb / 1024:.0f} / {r.rss_open_kb / 1024:.0f} / {r.rss_end_kb / 1024:.0f} "
        f"| {r.generator_cpu_percent:.0f} | {r.lost} |"
    )


def run(cfg: Config, apps: list[App] | None = None) -> tuple[str, list[Result]]:
    apps = apps if apps is not None else [FatePot(), BareFlet()]
    lines = [
        f"convention on {machine()}: {cfg.tables} tables x {cfg.pages_per_table} pages, "
        f"{cfg.taps} taps per table (+1 warm-up), {cfg.serial} serial rounds",
        HEADER,
    ]
    results = []
    for app in apps:
        result = run_app(app, cfg)
        results.append(result)
        lines.append(row(result, cfg))
        print(lines[-1], flush=True)
        if result.unknown_methods:
            print(
                f"  ({app.name}: methods answered with nothing: {sorted(result.unknown_methods)})"
            )
    lines.append(f"(load at the end: {machine().rsplit('load ', 1)[1]})")
    return "\n".join(lines), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--taps", type=int, default=12, help="counted taps per table")
    parser.add_argument("--serial", type=int, default=2, help="rounds of one tap alone")
    parser.add_argument("--only", choices=["fatepot", "bare"], help="one app only")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument(
        "--profile", metavar="FILE", help="cProfile Fate Pot's host over each tap alone"
    )
    parser.add_argument(
        "--before-after",
        action="store_true",
        help="Fate Pot with Flet's own send_message, then as shipped, twice (no bare Flet)",
    )
    parser.add_argument(
        "--freeze-before-after",
        action="store_true",
        help="Fate Pot with its start-up heap left to the collector, then as shipped, twice",
    )
    args = parser.parse_args()
    cfg = Config(args.tables, args.phones, args.taps, args.serial, seed=args.seed)
    fatepot = FatePot(str(Path(args.profile).resolve()) if args.profile else None)
    apps: list[App] = [fatepot, BareFlet()]
    if args.only:
        apps = [fatepot] if args.only == "fatepot" else [BareFlet()]
    if args.before_after:
        apps = [FatePot(flet_send_message=True), FatePot()] * 2
    if args.freeze_before_after:
        apps = [FatePot(unfrozen=True), FatePot()] * 2
    report, _ = run(cfg, apps)
    print(report)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "convention.txt").write_text(report + "\n")


if __name__ == "__main__":
    main()
