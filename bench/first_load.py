"""First-load benchmark: Fate Pot's serving vs Flet's default, on a throttled phone link.

    python -m bench.first_load [--runs 3]

Serves the real player page twice, in this process, each on a host of its own with a
Deadlands table and one seat:
- "flet": the Fate Pot UI (`build_main`) under `flet_web.fastapi.app(main, no_cdn=True)`
  mounted as is;
- "fatepot": the host as `fatepot host` serves it (`mount_web`: gzip, immutable
  versioned URLs, ETags, no CDN).
Headless Chromium (390x844) loads each over 20 Mbit/s with 40 ms RTT (CDP network
emulation), measuring bytes on the wire (headers + encoded bodies; cache hits count 0)
and the time from navigation until the player's "Hand" tab is in the accessibility
tree. The first visit opens a fresh seat link (`/claim/CODE`, as a phone given its
seat by the GM would); the repeat visit is a new tab in the same browser context on
`/` (warm HTTP cache; the device remembers the seat).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

import flet_web.fastapi
import httpx
from playwright.sync_api import Browser, BrowserContext, sync_playwright
from starlette.types import ASGIApp

from app.compose.web import ASSETS, mount_ui
from app.host.api import build_api
from app.host.fast_lane import FastLane
from app.host.hub import Hub
from app.host.limits import BodySizeLimit
from app.host.server import build_app
from app.ui.app import build_main
from app.ui.gateway import LOCAL_BASE, HttpGateway
from bench.common import ADMIN, create_table, join_players
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, enable_semantics

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


def flet_default(hub: Hub) -> ASGIApp:
    """The host's API with the same UI mounted the way Flet does by default."""
    api = build_api(hub, admin_token=ADMIN)
    lane = FastLane(api, hub, ADMIN)
    gateway = HttpGateway(LOCAL_BASE, httpx.ASGITransport(app=lane))
    api.mount("/", flet_web.fastapi.app(build_main(gateway), no_cdn=True, assets_dir=str(ASSETS)))
    return BodySizeLimit(lane)


def fatepot(hub: Hub) -> ASGIApp:
    """The host exactly as ``fatepot host`` assembles it."""
    return build_app(hub, admin_token=ADMIN, mount=mount_ui)


class PlayerSite:
    """A host in this process with a Deadlands table and one seat; each ``seat_link``
    is a fresh one-time link to that seat (the first visit of a new phone)."""

    def __init__(self, build: Callable[[Hub], ASGIApp], data: Path) -> None:
        self.hub = Hub(data)
        self.hub.open_all()
        self.server = Server(build(self.hub))

    def start(self) -> str:
        self.url = self.server.start()
        self.table = create_table(self.url)
        (self.seat,) = join_players(self.url, self.table["join_code"], 1)
        return self.url

    def seat_link(self) -> str:
        r = httpx.post(
            f"{self.url}/api/tables/{self.table['table_id']}/seats/{self.seat['player_id']}/claim",
            headers={"Authorization": f"Bearer {self.table['gm_token']}"},
            timeout=30,
        )
        r.raise_for_status()
        return f"{self.url}/claim/{r.json()['claim_code']}"

    def stop(self) -> None:
        self.server.stop()
        self.hub.close()


def visit(context: BrowserContext, url: str, *, throttle: bool = True) -> Visit:
    """Open `url` in a new tab; stop when the player's Hand tab is in the accessibility
    tree (the seat is open: the page has its hand)."""
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
    page.get_by_role("tab", name="Hand").wait_for()
    seconds = time.perf_counter() - start
    network = page.evaluate(LAST_BYTE_JS) / 1000
    page.wait_for_timeout(300)  # let late requests (the Rive runtime, icons) finish
    page.close()
    return Visit(wire["bytes"], seconds, network, wire["requests"], wire["off_host"])


def measure(
    browser: Browser, sites: dict[str, PlayerSite], runs: int
) -> dict[str, dict[str, list[Visit]]]:
    """Alternate the servers run by run, so background load hits both alike."""
    for site in sites.values():  # server-side warm-up: compression, Flet's patched index
        warm = browser.new_context(**PHONE)
        visit(warm, site.seat_link(), throttle=False)
        warm.close()
    results: dict[str, dict[str, list[Visit]]] = {n: {"first": [], "repeat": []} for n in sites}
    for _ in range(runs):
        for name, site in sites.items():
            context = browser.new_context(**PHONE)
            results[name]["first"].append(visit(context, site.seat_link()))
            results[name]["repeat"].append(visit(context, site.url + "/"))
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
    with tempfile.TemporaryDirectory(prefix="fatepot-first-load-") as tmp:
        sites = {
            "flet": PlayerSite(flet_default, Path(tmp) / "flet"),
            "fatepot": PlayerSite(fatepot, Path(tmp) / "fatepot"),
        }
        try:
            for site in sites.values():
                site.start()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                results = measure(browser, sites, runs)
                browser.close()
        finally:
            for site in sites.values():
                site.stop()
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
