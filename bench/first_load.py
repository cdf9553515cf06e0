"""First-load benchmark: Fate Pot's serving vs Flet's default, on a throttled phone link.

    python -m bench.first_load [--runs 3]

Serves the same small Flet page (tests/browser/sample_app.py) twice, in this process:
- "flet": `flet_web.fastapi.app(main, no_cdn=True)` mounted as is;
- "fatepot": `app.host.web.mount_web` (gzip, immutable versioned URLs, ETags, no CDN).
Headless Chromium (390x844) loads each over 20 Mbit/s with 40 ms RTT (CDP network
emulation), measuring bytes on the wire (headers + encoded bodies; cache hits count 0)
and the time from navigation until the "Draw chip" button is in the accessibility tree.
The repeat visit is a new tab in the same browser context (warm HTTP cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

import flet_web.fastapi
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from app.host.web import mount_web
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, enable_semantics
from tests.browser.sample_app import ASSETS, api_app, main

MBIT = 1_000_000 / 8
LINK = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 20 * MBIT,
    "uploadThroughput": 20 * MBIT,
}
#: When the last response (document included) finished, in ms since navigation start.
FIRST_FRAME_JS = """addEventListener("flutter-first-frame",
  () => { window.fatepotFirstFrame = performance.now(); }, { once: true });"""
#: The last byte of what the page fetched before Flutter's first frame (not images the
#: app shows later): the part of the load the serving decides.
LAST_BYTE_JS = """Math.max(...performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .filter((e) => e.startTime < window.fatepotFirstFrame).map((e) => e.responseEnd))"""
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass
class Visit:
    bytes: int
    seconds: float  # navigation start -> "Draw chip" in the accessibility tree
    network: float  # navigation start -> last byte of the files fetched until then
    requests: int
    off_host: int


def flet_default() -> FastAPI:
    api = api_app()
    api.mount("/", flet_web.fastapi.app(main, no_cdn=True, assets_dir=str(ASSETS)))
    return api


def fatepot() -> FastAPI:
    api = api_app()
    mount_web(api, main, assets_dir=ASSETS)
    return api


def visit(context: BrowserContext, url: str, *, throttle: bool = True) -> Visit:
    """Open `url` in a new tab; stop when the app's button is in the accessibility tree."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(FIRST_FRAME_JS)
    cdp = context.new_cdp_session(page)
    wire = {"bytes": 0, "requests": 0, "off_host": 0}
    host = urlsplit(url).netloc

    def finished(event: dict[str, float]) -> None:
        wire["bytes"] += int(event["encodedDataLength"])

    def sent(event: dict[str, dict[str, str]]) -> None:
        wire["requests"] += 1
        if urlsplit(event["request"]["url"]).netloc not in (host, ""):
            wire["off_host"] += 1

    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.requestWillBeSent", sent)
    cdp.send("Network.enable")
    if throttle:
        cdp.send("Network.emulateNetworkConditions", LINK)
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    enable_semantics(page)
    page.get_by_role("button", name="Draw chip").wait_for()
    seconds = time.perf_counter() - start
    network = page.evaluate(LAST_BYTE_JS) / 1000
    page.wait_for_timeout(300)  # let late requests (the Rive runtime, icons) finish
    page.close()
    return Visit(wire["bytes"], seconds, network, wire["requests"], wire["off_host"])


def measure(browser: Browser, urls: dict[str, str], runs: int) -> dict[str, dict[str, list[Visit]]]:
    """Alternate the servers run by run, so background load hits both alike."""
    for url in urls.values():  # server-side warm-up: compression, Flet's patched index
        warm = browser.new_context(**PHONE)  # type: ignore[arg-type]
        visit(warm, url, throttle=False)
        warm.close()
    results: dict[str, dict[str, list[Visit]]] = {n: {"first": [], "repeat": []} for n in urls}
    for _ in range(runs):
        for name, url in urls.items():
            context = browser.new_context(**PHONE)  # type: ignore[arg-type]
            results[name]["first"].append(visit(context, url))
            results[name]["repeat"].append(visit(context, url))
            context.close()
    return results


def median(visits: list[Visit], field: str) -> float:
    return statistics.median(float(getattr(v, field)) for v in visits)


def table(results: dict[str, dict[str, list[Visit]]]) -> str:
    rows = [f"{'':28}{'Flet default':>14}{'Fate Pot':>14}{'ratio':>8}"]
    metrics: list[tuple[str, str, Callable[[float], str]]] = [
        ("bytes", "kB on the wire", lambda v: f"{v / 1e3:,.0f}"),
        ("network", "s to last boot byte", lambda v: f"{v:.2f}"),
        ("seconds", "s to controls", lambda v: f"{v:.2f}"),
        ("requests", "requests", lambda v: f"{v:.0f}"),
        ("off_host", "off-host requests", lambda v: f"{v:.0f}"),
    ]
    for kind in ("first", "repeat"):
        for field, label, fmt in metrics:
            base = median(results["flet"][kind], field)
            ours = median(results["fatepot"][kind], field)
            ratio = f"{ours / base:.2f}" if base else "-"
            rows.append(f"{kind + ' ' + label:28}{fmt(base):>14}{fmt(ours):>14}{ratio:>8}")
    return "\n".join(rows)


def run(runs: int) -> str:
    servers = {"flet": Server(flet_default()), "fatepot": Server(fatepot())}
    urls = {name: server.start() + "/" for name, server in servers.items()}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            results = measure(browser, urls, runs)
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
    RESULTS.mkdir(exist_ok=True)
    raw = {n: {k: [asdict(v) for v in vs] for k, vs in r.items()} for n, r in results.items()}
    (RESULTS / "first_load.json").write_text(json.dumps(raw, indent=2))
    return table(results)


def load() -> str:
    """The 1-minute load average: other work on the machine slows Flutter's start."""
    return f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per server (median)")
    args = parser.parse_args()
    print(f"20 Mbit/s, 40 ms RTT, phone 390x844, median of {args.runs} (load {load()})")
    print(run(args.runs))


if __name__ == "__main__":
    cli()
