"""Browser-test harness: a real uvicorn server, Debian's Chromium, Flutter semantics.

Fixtures
- `serve(app)`: run an ASGI app on 127.0.0.1:<free port> in a thread; returns base URL.
- `web_base_url`: the sample Flet page mounted by `mount_web` next to a stand-in API.
- `browser`: one headless Chromium per session (`/usr/bin/chromium`, must exist).
- `phone` / `tablet`: a fresh context (390x844 touch / 1280x800) and page, with a
  request recorder that fails the test on any request to another host.
- `pages`: a real host with the web UI, a GM tablet and a phone on it (screenshots of
  both on failure); `pages_on(browser, url, *devices)` opens such pages on any host.

Helpers: `open_app(page, path)` / `enable_semantics(page)` then `page.get_by_role(...)`;
`screenshot(page, name)` writes tests/artifacts/<name>.png, as does every failing test
that used `phone` or `tablet` (named after the test).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypedDict
from urllib.parse import urlsplit

import pytest
import uvicorn
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Request,
    ViewportSize,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError
from starlette.types import ASGIApp

import app.host.web_ui
import app.ui.app
from app.host.web import mount_web
from tests.conftest import RunningHost, start_host

from .flutter_input import record_sessions
from .sample_app import ASSETS, api_app, main

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


class Device(TypedDict, total=False):
    """A device's screen, as ``browser.new_context(**device)`` takes it."""

    viewport: ViewportSize
    is_mobile: bool
    has_touch: bool


PHONE: Device = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TABLET: Device = {"viewport": {"width": 1280, "height": 800}, "has_touch": True}
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
#: Flutter's first frame: compiling ~12 MB of wasm takes a few seconds on 2 cores.
APP_TIMEOUT_MS = 45_000


class Server:
    """uvicorn on a free port in a daemon thread (no signal handlers off the main thread)."""

    def __init__(self, app: ASGIApp) -> None:
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="uvicorn", daemon=True)

    def start(self) -> str:
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("uvicorn failed to start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def serve() -> Iterator[Callable[[ASGIApp], str]]:
    """Start servers for ASGI apps; all are stopped after the test."""
    servers: list[Server] = []

    def start(app: ASGIApp) -> str:
        servers.append(server := Server(app))
        return server.start()

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def seeded_dice(monkeypatch: pytest.MonkeyPatch) -> int:
    """Tables made during the test draw their dice from one fixed seed, so a browser test
    that needs a hit gets the same rolls every run instead of failing once in a few
    hundred (a parry that aced past the attack once failed CI)."""
    seed = 20261125
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed)
    return seed


@pytest.fixture(scope="session")
def web_base_url() -> Iterator[str]:
    """The sample app behind `mount_web`, served once for the session."""
    api = api_app()
    mount_web(api, main, assets_dir=ASSETS)
    server = Server(api)
    yield server.start()
    server.stop()


@pytest.fixture(scope="session", autouse=True)
def recorded_sessions() -> Iterator[None]:
    """Every host built in a browser test remembers its Flet pages (see type_into)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app.host.web_ui, "build_main", record_sessions(app.ui.app.build_main))
        yield


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, started once for the session."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium, a fresh one for each test module. No skip if it is
    missing: CI installs it, so fail.

    Not one for the whole session: twice in CI, late in a run of 300 browser tests, a
    page stopped drawing (a 10 s ``expect`` never returned; a screenshot timed out
    after 45 s) though the same test passed alone every time. Chromium's browser and
    compositor processes are shared by every context, so what one module leaves behind
    reaches every later one; a browser a module costs about a second.
    """
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium", pytrace=False)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


class RequestRecorder:
    """Every request a context makes; `off_host` lists those that left the served host."""

    def __init__(self, context: BrowserContext) -> None:
        self.requests: list[Request] = []
        context.on("request", self.record)

    def record(self, request: Request) -> None:
        self.requests.append(request)

    def off_host(self, base_url: str) -> list[str]:
        host = urlsplit(base_url).netloc
        return [
            r.url
            for r in self.requests
            if urlsplit(r.url).scheme in ("http", "https", "ws", "wss")
            and urlsplit(r.url).netloc != host
        ]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, for screenshots of failures."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _context(browser: Browser, base_url: str, options: Device, item: pytest.Item) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, **options)
    recorder = RequestRecorder(context)
    page = context.new_page()
    page.set_default_timeout(APP_TIMEOUT_MS)
    yield page
    report = getattr(item, "report_call", None)
    if report is not None and report.failed and not page.is_closed():
        screenshot(page, f"FAILED-{item.name}")
    context.close()
    leaked = recorder.off_host(base_url)
    assert not leaked, f"requests left the local host: {leaked}"


@pytest.fixture
def phone(browser: Browser, web_base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone in portrait (390x844, touch) on the sample app; off-host requests fail."""
    yield from _context(browser, web_base_url, PHONE, request.node)


@pytest.fixture
def tablet(browser: Browser, web_base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tablet in landscape (1280x800, touch) on the sample app."""
    yield from _context(browser, web_base_url, TABLET, request.node)


@contextmanager
def pages_on(browser: Browser, base_url: str, *devices: Device) -> Iterator[list[Page]]:
    """One page per device (TABLET, PHONE...) on ``base_url``, each in a context of its
    own under the request recorder; closed on the way out, failing the test if any
    request left the host."""
    contexts: list[tuple[BrowserContext, RequestRecorder]] = []
    pages: list[Page] = []
    try:
        for device in devices:
            context = browser.new_context(base_url=base_url, **device)
            contexts.append((context, RequestRecorder(context)))
            page = context.new_page()
            page.set_default_timeout(APP_TIMEOUT_MS)
            pages.append(page)
        yield pages
    finally:
        leaked = [url for _, recorder in contexts for url in recorder.off_host(base_url)]
        for context, _ in contexts:
            context.close()
    assert not leaked, f"requests left the local host: {leaked}"


@pytest.fixture
def pages(
    browser: Browser, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[RunningHost, Page, Page]]:
    """A real host with the web UI, a GM tablet and a phone; screenshots on failure
    (tests/artifacts/FAILED-<test>-gm.png and -phone.png)."""
    host = start_host(tmp_path / "data", with_web=True)
    try:
        with pages_on(browser, host.url, TABLET, PHONE) as (gm, phone):
            yield host, gm, phone
            report = getattr(request.node, "report_call", None)
            if report is not None and report.failed:
                for page, name in ((gm, "gm"), (phone, "phone")):
                    screenshot(page, f"FAILED-{request.node.name}-{name}")
    finally:
        host.stop()


def enable_semantics(page: Page) -> None:
    """Switch on Flutter's accessibility tree, so controls have roles and names."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics", state="attached")


def page_load(page: Page) -> float:
    """When the page now shown started loading (``performance.timeOrigin``)."""
    for _ in range(100):
        try:
            return float(page.evaluate("performance.timeOrigin"))
        except PlaywrightError:  # navigating right now
            page.wait_for_timeout(100)
    raise AssertionError("the page never settled")


def wait_for_reload(page: Page, loaded: float, timeout_s: float = APP_TIMEOUT_MS / 1000) -> None:
    """Wait until the page has reloaded itself (a load later than ``loaded``, from
    `page_load`), then switch its accessibility tree on again."""
    deadline = time.monotonic() + timeout_s
    while page_load(page) == loaded:
        if time.monotonic() > deadline:
            raise AssertionError("the page did not reload itself")
        page.wait_for_timeout(200)
    enable_semantics(page)


def open_app(page: Page, path: str = "/") -> Page:
    """Navigate, wait for Flutter to start, and switch its semantics on."""
    page.goto(path)
    enable_semantics(page)
    return page


def screenshot(page: Page, name: str) -> Path:
    """Save a PNG under tests/artifacts/ (git-ignored) and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


class WireMeter:
    """Bytes a page receives on the wire (headers + compressed bodies), via CDP.

    Cache hits count 0 and 304s only their headers, as a phone's radio would see it.
    """

    def __init__(self, page: Page) -> None:
        self.bytes = 0
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.send("Network.enable")

    def _finished(self, event: dict[str, float]) -> None:
        self.bytes += int(event["encodedDataLength"])
