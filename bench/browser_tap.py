"""Browser benchmark: a tap on the GM's tablet until the last of K phones shows it.

    python -m bench.browser_tap [--phones 1 2 4 8] [--log 0 200] [--taps 12]

The path players feel. Each phone is a separate headless Chromium context (390x844)
on the player page of a seat (opened through a claim link, Log tab showing); the GM is
a tablet (1280x800) on the GM page. Per tap, the GM types a note and taps "Write the
note"; the time runs from the tap's ``pointerdown`` on the tablet to the frame in
which the note's text is in the accessibility tree of the *last* phone (each page
checks once per animation frame; all pages read one machine clock).

Beside it, in the same run and alternating order, the bare Flet app
(``bench/bare_flet.py``): one button, a list of lines shared through ``page.pubsub``,
each session inserting one row. Both are served the same way (``mount_web`` under the
same uvicorn, in a child process). "log" is how many lines the log (or list) holds
before the first tap.

Per configuration: latency p50 / p95 / max over the taps; the server process's CPU
time per tap (from the tap until every phone shows it, plus 0.3 s), also divided by
the pages open; WebSocket bytes each phone receives per tap (binary frames, decoded
size); the server's resident memory per open page.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, sync_playwright

from bench.common import (
    Child,
    cpu_seconds,
    create_table,
    free_port,
    gm_command,
    host_child,
    join_players,
    machine,
    percentile,
    rss_kb,
    wait_quiet,
)
from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    TABLET,
    Device,
    enable_semantics,
)

RESULTS = Path(__file__).resolve().parent / "results"
APP_TIMEOUT_MS = 90_000
TAP_BUTTON = "Write the note"  # the same name on both apps' pages
SEEN_TIMEOUT_MS = 10_000
#: Runs in every page: ``fatepotWatch(text)`` starts looking for ``text`` in the
#: accessibility tree once per frame and stamps the frame it appears in.
WATCH_JS = """
window.fatepotWatch = (text) => {
  window.fatepotSeenAt = null;
  const look = () => {
    const host = document.querySelector("flt-semantics-host") || document.body;
    if (host.innerHTML.includes(text)) {
      window.fatepotSeenAt = performance.timeOrigin + performance.now();
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
};
addEventListener("pointerdown", () => {
  window.fatepotTapAt = performance.timeOrigin + performance.now();
}, { capture: true });
"""


@dataclass
class Result:
    """What one configuration measured."""

    latencies_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    rss_per_page_kb: float = 0.0  # the server's growth from start to all pages open
    ws_bytes: list[float] = field(default_factory=list)  # per phone per tap
    pages: int = 0
    lost: int = 0


class FrameMeter:
    """Bytes a page receives in WebSocket frames (binary frames decoded from base64)."""

    def __init__(self, page: Page) -> None:
        self.bytes = 0
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.cdp.on("Network.webSocketFrameReceived", self._frame)
        self.cdp.send("Network.enable")

    def _frame(self, event: dict[str, Any]) -> None:
        response = event["response"]
        data = str(response.get("payloadData", ""))
        self.bytes += len(data) * 3 // 4 if response.get("opcode") == 2 else len(data)


@dataclass
class Screen:
    page: Page
    meter: FrameMeter


def open_screen(browser: Browser, url: str, device: Device) -> tuple[Screen, BrowserContext]:
    # The host's Content-Security-Policy forbids eval, which Playwright's
    # wait_for_function needs; the measuring scripts are the benchmark's, not the app's.
    context = browser.new_context(**device, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(APP_TIMEOUT_MS)
    page.add_init_script(WATCH_JS)
    meter = FrameMeter(page)
    page.goto(url)
    enable_semantics(page)
    return Screen(page, meter), context


class App(ABC):
    """One server under test: how to start it, seat its pages, and make one tap."""

    name = ""
    child: Child
    started_rss_kb = 0  # the server's resident memory once started, before any page

    def __init__(self, log_lines: int) -> None:
        self.log_lines = log_lines
        self.taps = 0

    @abstractmethod
    def start(self) -> Child:
        """Start the server in a child process, with ``log_lines`` lines already there."""

    @abstractmethod
    def stop(self) -> None:
        """Stop the server and remove what it stored."""

    @abstractmethod
    def gm_url(self) -> str:
        """Where the tablet that taps opens."""

    @abstractmethod
    def phone_urls(self, n: int) -> list[str]:
        """Where each of ``n`` phones opens (each a seat of its own where there are seats)."""

    @abstractmethod
    def ready(self, phone: Page) -> None:
        """Bring a freshly opened phone to the screen that shows the taps' lines."""

    @abstractmethod
    def prepare_tap(self, gm: Page) -> str:
        """Get the tablet ready for the next tap; the text the phones will then show."""


class FatePot(App):
    name = "Fate Pot"

    def start(self) -> Child:
        self.tmp = tempfile.TemporaryDirectory(prefix="fatepot-tap-")
        self.child = host_child(Path(self.tmp.name) / "data", web=True)
        self.child.start(timeout=120)
        self.started_rss_kb = rss_kb(self.child.pid)
        self.table = create_table(self.child.url)
        for i in range(self.log_lines):
            gm_command(self.child.url, self.table, f"earlier-{i}", "note", text=f"earlier {i}")
        wait_quiet(self.child.pid)  # the web files gzipped before the first tap
        return self.child

    def stop(self) -> None:
        self.child.stop()
        self.tmp.cleanup()

    def gm_url(self) -> str:
        t = self.table
        return f"{self.child.url}/gm?table={t['table_id']}&token={t['gm_token']}"

    def phone_urls(self, n: int) -> list[str]:
        seats = join_players(self.child.url, self.table["join_code"], n)
        urls = []
        headers = {"Authorization": f"Bearer {self.table['gm_token']}"}
        for seat in seats:
            r = httpx.post(
                f"{self.child.url}/api/tables/{self.table['table_id']}/seats/"
                f"{seat['player_id']}/claim",
                headers=headers,
                timeout=30,
            )
            r.raise_for_status()
            urls.append(f"{self.child.url}/claim/{r.json()['claim_code']}")
        return urls

    def ready(self, phone: Page) -> None:
        phone.get_by_role("tab", name="Log").click()
        phone.get_by_label("Note for the log").first.wait_for(state="attached")

    def prepare_tap(self, gm: Page) -> str:
        self.taps += 1
        text = f"tap{self.taps:04d}x"
        field_ = gm.get_by_label("Note for the log").first
        for _ in range(5):
            field_.click()
            gm.keyboard.press("Control+A")
            gm.keyboard.type(text)
            # The host must have the text before the tap sends it. Flutter's editing
            # element holds what the field shows; the host's echo of each keystroke can
            # still rewrite it (issue 14), so read it back after the echo has settled.
            gm.wait_for_timeout(400)
            if gm.evaluate("document.activeElement && document.activeElement.value") == text:
                break
        return text


class BareFlet(App):
    name = "bare Flet"

    def start(self) -> Child:
        port = free_port()
        self.child = Child(
            ["bench.bare_flet", "--port", str(port), "--lines", str(self.log_lines)],
            port,
            "/api/health",
        )
        self.child.start(timeout=120)
        wait_quiet(self.child.pid)  # the web files gzipped before the first tap
        self.started_rss_kb = rss_kb(self.child.pid)
        return self.child

    def stop(self) -> None:
        self.child.stop()

    def gm_url(self) -> str:
        return self.child.url + "/"

    def phone_urls(self, n: int) -> list[str]:
        return [self.child.url + "/"] * n

    def ready(self, phone: Page) -> None:
        phone.get_by_role("button", name="Write the note").wait_for(state="attached")

    def prepare_tap(self, gm: Page) -> str:
        self.taps += 1
        return f"note {self.log_lines + self.taps}<"  # the row's text, closed by markup


@contextmanager
def table_of(browser: Browser, app: App, phones: int) -> Iterator[tuple[Screen, list[Screen]]]:
    """A fresh server with the GM's tablet and ``phones`` phones open on it."""
    app.start()
    contexts: list[BrowserContext] = []
    try:
        gm, ctx = open_screen(browser, app.gm_url(), TABLET)
        contexts.append(ctx)
        gm.page.get_by_role("button", name=TAP_BUTTON).first.wait_for(state="attached")
        screens = []
        for url in app.phone_urls(phones):
            screen, ctx = open_screen(browser, url, PHONE)
            contexts.append(ctx)
            app.ready(screen.page)
            screens.append(screen)
        yield gm, screens
    finally:
        for ctx in contexts:
            ctx.close()
        app.stop()


def one_tap(app: App, gm: Screen, phones: list[Screen], pid: int) -> tuple[float, float, float]:
    """(latency ms, server CPU ms, WebSocket bytes per phone) for one tap."""
    text = app.prepare_tap(gm.page)
    for phone in phones:
        phone.page.evaluate("t => window.fatepotWatch(t)", text)
        phone.meter.bytes = 0
    cpu = cpu_seconds(pid)
    gm.page.get_by_role("button", name=TAP_BUTTON).first.click()
    for phone in phones:
        phone.page.wait_for_function("window.fatepotSeenAt !== null", timeout=SEEN_TIMEOUT_MS)
    tapped = float(gm.page.evaluate("window.fatepotTapAt"))
    seen = max(float(p.page.evaluate("window.fatepotSeenAt")) for p in phones)
    time.sleep(0.3)
    cpu = cpu_seconds(pid) - cpu
    ws = statistics.mean(p.meter.bytes for p in phones)
    return seen - tapped, cpu * 1e3, ws


def measure(browser: Browser, app: App, phones: int, taps: int, warmup: int = 2) -> Result:
    result = Result(pages=phones + 1)
    with table_of(browser, app, phones) as (gm, screens):
        pid = app.child.pid
        result.rss_per_page_kb = (rss_kb(pid) - app.started_rss_kb) / result.pages
        for i in range(warmup + taps):
            try:
                latency, cpu, ws = one_tap(app, gm, screens, pid)
            except Exception:  # a tap Flutter lost, or text the host never had
                result.lost += 1
                continue
            if i >= warmup:
                result.latencies_ms.append(latency)
                result.cpu_ms.append(cpu)
                result.ws_bytes.append(ws)
    return result


def row(label: str, ours: Result, bare: Result) -> str:
    def stats(r: Result) -> tuple[float, float, float, float, float]:
        lat = r.latencies_ms or [float("nan")]
        return (
            percentile(lat, 50),
            percentile(lat, 95),
            max(lat),
            # A mean, not a median: /proc counts CPU in 10 ms ticks, so single taps
            # read 0, 10 or 20 ms and only their average resolves the cost.
            statistics.fmean(r.cpu_ms or [float("nan")]),
            statistics.median(r.ws_bytes or [float("nan")]),
        )

    o, b = stats(ours), stats(bare)
    return (
        f"| {label} | {o[0]:.0f} / {o[1]:.0f} / {o[2]:.0f} | {b[0]:.0f} / {b[1]:.0f} / {b[2]:.0f} "
        f"| {o[1] / b[1]:.1f}x | {o[3]:.0f} ({o[3] / ours.pages:.1f}) | {b[3]:.0f} "
        f"({b[3] / bare.pages:.1f}) | {o[4]:,.0f} | {b[4]:,.0f} "
        f"| {ours.rss_per_page_kb / 1024:.1f} ({bare.rss_per_page_kb / 1024:.1f}) "
        f"| {ours.lost}/{bare.lost} |"
    )


HEADER = (
    "| phones, log | Fate Pot p50 / p95 / max ms | bare Flet p50 / p95 / max ms | p95 ratio "
    "| Fate Pot CPU ms/tap (per page) | bare CPU ms/tap (per page) | Fate Pot WS B/phone/tap "
    "| bare WS B/phone/tap | MiB/page (bare) | lost taps |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def run(phone_counts: list[int], logs: list[int], taps: int) -> str:
    lines = [f"browser_tap on {machine()}", HEADER]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for turn, (log, k) in enumerate(itertools.product(logs, phone_counts)):
                order: list[type[App]] = [FatePot, BareFlet]
                if turn % 2:
                    order.reverse()
                results = {cls.name: measure(browser, cls(log), k, taps) for cls in order}
                lines.append(row(f"{k}, {log}", results[FatePot.name], results[BareFlet.name]))
                print(lines[-1], flush=True)
        finally:
            browser.close()
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--log", type=int, nargs="+", default=[0, 200])
    parser.add_argument("--taps", type=int, default=12)
    args = parser.parse_args()
    report = run(args.phones, args.log, args.taps)
    print(report)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "browser_tap.txt").write_text(report + "\n")


if __name__ == "__main__":
    main()
