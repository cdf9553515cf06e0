"""Browser-test harness: a real uvicorn server, Debian's Chromium, Flutter semantics.

Fixtures
- `serve(app)`: run an ASGI app on 127.0.0.1:<free port> in a thread; returns base URL.
- `web_base_url`: the sample Flet page mounted by `mount_web` next to a stand-in API.
- `browser`: one headless Chromium per module (`/usr/bin/chromium`, must exist), a
  fresh one after a stall.
- `phone` / `tablet`: a fresh context (390x844 touch / 1280x800) and page, with a
  request recorder that fails the test on any request to another host.
- `pages`: a real host with the web UI, a GM tablet and a phone on it (screenshots of
  both on failure); `pages_on(browser, url, *devices)` opens such pages on any host.

Helpers: `open_app(page, path)` / `enable_semantics(page)` then `page.get_by_role(...)`;
`screenshot(page, name)` writes tests/artifacts/<name>.png, as does every failing test
that used `phone` or `tablet` (named after the test).

Evidence of a failure (docs/web.md, "When a browser test fails or hangs"): Chromium's
own log per module (tests/artifacts/chromium-<module>.log, its tail in the failure
report), a Playwright trace of every context a failing test closed
(trace-<test>[-n].zip), and a stall guard: a Playwright call with no answer in
`STALL_S` raises `BrowserStalled`, and the next test gets a fresh Chromium.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any, TypedDict, cast
from urllib.parse import urlsplit

import pytest
import uvicorn
from flet.messaging.session import Session as FletSession
from playwright._impl import _sync_base
from playwright._impl._greenlets import wait_for_future
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

import app.compose.web
import app.ui.app
from app.host.web import mount_web
from tests.conftest import RunningHost, start_host

from .flutter_input import record_changes, record_sessions
from .sample_app import ASSETS, api_app, main
from .screen_evidence import OPEN_PAGES, keep_screen, take_pending

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
#: Screenshots, Chromium's logs and traces (git-ignored); FATEPOT_TEST_ARTIFACTS moves them.
ARTIFACTS = Path(
    os.environ.get("FATEPOT_TEST_ARTIFACTS") or Path(__file__).resolve().parents[1] / "artifacts"
)
#: Flutter's first frame: compiling ~12 MB of wasm takes a few seconds on 2 cores.
APP_TIMEOUT_MS = 45_000
#: A Playwright call that gets no answer for this long has stalled: every call a test
#: makes times out by itself within APP_TIMEOUT_MS (the longest explicit one is 30 s),
#: so only a stuck renderer, browser or driver gets here. FATEPOT_BROWSER_STALL_S sets it
#: (0: no limit, e.g. to debug with ``page.pause()``).
STALL_S = float(os.environ.get("FATEPOT_BROWSER_STALL_S") or 60)
#: Playwright traces of failing tests' contexts, off unless FATEPOT_BROWSER_TRACE is 1
#: (calls and a screencast) or "calls": tracing every context cost 12 % more CPU (5 %
#: without the screencast) on test_ui_claim + test_web_browser (docs/web.md).
TRACE = os.environ.get("FATEPOT_BROWSER_TRACE", "0")
#: How long a failing test's screenshot may take (a stalled page never draws one).
FAILURE_SHOT_MS = 10_000


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
    """Every host built in a browser test remembers its Flet pages (see type_into) and
    the events they sent (`record_changes`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app.compose.web, "build_main", record_sessions(app.ui.app.build_main))
        # ...and what each page sent: text changes, clicks, events for unknown controls.
        patch.setattr(FletSession, "dispatch_event", record_changes(FletSession.dispatch_event))
        yield


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, started once for the session."""
    with sync_playwright() as driver:
        yield driver


class BrowserStalled(AssertionError):
    """A Playwright call got no answer within `STALL_S`: Chromium (or Playwright's
    driver) stalled. The call is aborted and the next test gets a fresh Chromium."""


def _call_name(future: asyncio.Future[Any]) -> str:
    """The Playwright method a sync call runs (``Page.evaluate``), for messages."""
    coro = future.get_coro() if isinstance(future, asyncio.Task) else None
    return str(getattr(coro, "__qualname__", "a Playwright call"))


class StallGuard:
    """Bounds every wait of Playwright's sync API by `STALL_S`.

    The sync API waits for each call in ``_sync_base.wait_for_future`` while its event
    loop runs; `wait` stands in for it and arms a timer on that loop which cancels the
    call (Playwright then aborts it in the driver) and raises `BrowserStalled` in the
    test. No thread and no signal: the loop and the connection stay intact. A private
    hook of the pinned Playwright: test_stall_evidence.py fails if it stops working.
    """

    def __init__(self) -> None:
        self.limit_s = STALL_S
        self.stalls = 0
        self._wait = wait_for_future

    def wait(
        self, loop: asyncio.AbstractEventLoop, fiber: Any, future: asyncio.Future[Any]
    ) -> None:
        stalled: list[str] = []

        def expire() -> None:
            if not future.done():
                stalled.append(_call_name(future))
                future.cancel()

        if not self.limit_s:
            self._wait(loop, fiber, future)
            return
        timer = loop.call_later(self.limit_s, expire)
        try:
            self._wait(loop, fiber, future)
        finally:
            timer.cancel()
        if stalled:
            self.stalls += 1
            raise BrowserStalled(
                f"{stalled[0]} got no answer from Chromium in {self.limit_s:g} s (a stall: "
                "every call times out by itself sooner); aborted, and the next test gets "
                f"a fresh Chromium. Evidence: Chromium's log, trace and screenshots in {ARTIFACTS}"
            )


STALLS = StallGuard()
#: The log of each module's live Chromium, by module name, for failure reports.
CHROMIUM_LOGS: dict[str, Path] = {}
#: The module's Chromium (at most one module runs at a time).
SLOTS: list[ChromiumSlot] = []


@pytest.fixture(scope="session", autouse=True)
def stall_guard() -> Iterator[StallGuard]:
    """Every Playwright call of the session under `STALLS` (see StallGuard)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_sync_base, "wait_for_future", STALLS.wait)
        yield STALLS


@pytest.fixture(autouse=True)
def fresh_browser_after_stall(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that stalled or ran into pytest-timeout, and after its contexts kept
    their evidence, replace the stuck Chromium: pages a module-scoped fixture opened in
    it then fail fast in the next tests instead of stalling again."""
    stalls = STALLS.stalls
    yield
    report = getattr(request.node, "report_call", None)
    timed_out = report is not None and "from pytest-timeout" in str(report.longrepr)
    if STALLS.stalls != stalls or timed_out:
        for slot in SLOTS:
            slot.replace()


class ChromiumSlot:
    """A module's Chromium, launched again when it stalled or went away.

    `browser` hands this out as the Browser: each attribute is looked up on the live
    Chromium, so after a replacement the next ``browser.new_context()`` opens in a fresh
    process. Each launch logs to a file of its own (Chromium truncates its log file):
    chromium-<module>.log, then chromium-<module>-2.log...
    """

    def __init__(self, playwright: Playwright, module: str) -> None:
        self.playwright = playwright
        self.module = module
        self.launches = 0
        self.current = self._launch()

    def _launch(self) -> Browser:
        self.launches += 1
        suffix = "" if self.launches == 1 else f"-{self.launches}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        log = CHROMIUM_LOGS[self.module] = ARTIFACTS / f"chromium-{self.module}{suffix}.log"
        args = [*CHROMIUM_ARGS, "--enable-logging", "--v=0", f"--log-file={log}"]
        return self.playwright.chromium.launch(executable_path=CHROMIUM, args=args)

    def replace(self) -> None:
        """Close the Chromium (as far as it still answers) and launch a fresh one."""
        with suppress(PlaywrightError, BrowserStalled):
            self.current.close()
        self.current = self._launch()

    def __getattr__(self, name: str) -> Any:
        if not self.current.is_connected():  # crashed or killed: relaunch
            self.current = self._launch()
        return getattr(self.current, name)

    def new_context(self, **options: Any) -> BrowserContext:
        """A context whose pages keep their accessibility tree across their own reloads
        (`SCREEN_READER_JS`)."""
        context: BrowserContext = self.__getattr__("new_context")(**options)
        context.add_init_script(SCREEN_READER_JS)
        return context


#: Like a phone whose screen reader is on: once a test has switched a tab's
#: accessibility tree on (`enable_semantics`), every page that tab loads later (a page
#: back from a drop reloads onto its seat: docs/ui.md, "The link") has it on again.
SCREEN_READER_JS = """(() => {
  try { if (sessionStorage.getItem("fatepot-test-semantics") !== "1") return; }
  catch (e) { return; }
  const timer = setInterval(() => {
    if (document.querySelector("flt-semantics")) { clearInterval(timer); return; }
    const placeholder = document.querySelector("flt-semantics-placeholder");
    if (placeholder) placeholder.click();
  }, 200);
})();"""


@pytest.fixture(scope="module")
def browser(playwright: Playwright, request: pytest.FixtureRequest) -> Iterator[Browser]:
    """Headless Debian Chromium, a fresh one for each test module (and after a stall,
    see ChromiumSlot). No skip if it is missing: CI installs it, so fail.

    Not one for the whole session: twice in CI, late in a run of 300 browser tests, a
    page stopped drawing (a 10 s ``expect`` never returned; a screenshot timed out
    after 45 s) though the same test passed alone every time. Chromium's browser and
    compositor processes are shared by every context, so what one module leaves behind
    reaches every later one; a browser a module costs about a second.
    """
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium", pytrace=False)
    slot = ChromiumSlot(playwright, _module_name(request.node))
    SLOTS.append(slot)
    yield cast(Browser, slot)
    SLOTS.remove(slot)
    with suppress(PlaywrightError, BrowserStalled):
        slot.current.close()


def _module_name(node: pytest.Item | pytest.Collector) -> str:
    """A test's module as named in artifacts: ``test_ui_claim``."""
    return node.nodeid.split("::")[0].rsplit("/", 1)[-1].removesuffix(".py")


def _test_id() -> str:
    """The running test's id (``tests/browser/test_x.py::test_x[param]``)."""
    return os.environ.get("PYTEST_CURRENT_TEST", "test").rsplit(" ", 1)[0]


#: How many contexts each test (by id) has traced so far.
_TRACES: dict[str, int] = {}


def start_trace(context: BrowserContext) -> Path:
    """Trace ``context`` if `TRACE` says so (no DOM snapshots: a Flutter page is a
    canvas) and return where a failure keeps it: trace-<test>.zip, then
    trace-<test>-2.zip... for the test's later contexts."""
    test_id = _test_id()
    count = _TRACES[test_id] = _TRACES.get(test_id, 0) + 1
    test = test_id.split("::")[-1].replace("/", "_")
    if TRACE != "0":
        context.tracing.start(screenshots=TRACE != "calls", snapshots=False)
    return ARTIFACTS / (f"trace-{test}.zip" if count == 1 else f"trace-{test}-{count}.zip")


def close_context(context: BrowserContext, trace: Path, failed: bool) -> None:
    """Close ``context``, keeping its trace only when its test ``failed``. Evidence is
    best effort: a stalled or dead Chromium may not give it, and the context closes."""
    if TRACE != "0":
        with suppress(PlaywrightError, BrowserStalled):
            if failed:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                context.tracing.stop(path=trace)
            else:
                context.tracing.stop()
    context.close()


def failure_shot(page: Page, name: str) -> None:
    """A failing test's screenshot, if its page still draws one within FAILURE_SHOT_MS."""
    if not page.is_closed():
        with suppress(PlaywrightError, BrowserStalled):
            screenshot(page, name, timeout_ms=FAILURE_SHOT_MS)


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
    """Keep each phase's report on the test item, for screenshots of failures, and add
    the tail of Chromium's log to a failing browser test's report."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    log = CHROMIUM_LOGS.get(_module_name(item))
    if report.failed and log is not None and "browser" in getattr(item, "fixturenames", ()):
        report.sections.append((f"Chromium's log {log}, last lines", _tail(log)))
    call_failed = report.when == "call" and report.failed
    for title, words in take_pending(call_failed):  # and those kept as its pages closed
        report.sections.append((f"What the screens showed: {title}", words))
    return report


def _tail(path: Path, lines: int = 30) -> str:
    """The last lines of Chromium's log, without its D-Bus complaints (a container has
    no bus; Chromium retries it all run long). '' if the file is missing."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return ""
    return "\n".join([line for line in text.splitlines() if "dbus" not in line][-lines:])


def _failed(item: pytest.Item) -> bool:
    """Whether the test's call phase failed (a pytest-timeout included)."""
    report = getattr(item, "report_call", None)
    return report is not None and bool(report.failed)


def _device_name(device: Device) -> str:
    """'phone', 'tablet' or the viewport's size, for failure reports."""
    if device is PHONE or device is TABLET:
        return "phone" if device is PHONE else "tablet"
    size = device.get("viewport") or {"width": 0, "height": 0}
    return f"{size['width']}x{size['height']} page"


def _context(browser: Browser, base_url: str, options: Device, item: pytest.Item) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, **options)
    recorder = RequestRecorder(context)
    trace = start_trace(context)
    page = context.new_page()
    page.set_default_timeout(APP_TIMEOUT_MS)
    title = _device_name(options)
    OPEN_PAGES[title] = page
    try:
        yield page
    finally:
        OPEN_PAGES.pop(title, None)
    if failed := _failed(item):
        failure_shot(page, f"FAILED-{item.name}")
    close_context(context, trace, failed)
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
def pages_on(
    browser: Browser,
    base_url: str,
    *devices: Device,
    failed: Callable[[], bool] = lambda: False,
) -> Iterator[list[Page]]:
    """One page per device (TABLET, PHONE...) on ``base_url``, each in a context of its
    own under the request recorder; closed on the way out, failing the test if any
    request left the host. Each context's trace is kept (trace-<test>[-n].zip) when the
    body raised or ``failed()`` says the test failed."""
    contexts: list[tuple[BrowserContext, RequestRecorder, Path]] = []
    pages: list[Page] = []
    titles: list[str] = []
    raised = True
    try:
        for device in devices:
            context = browser.new_context(base_url=base_url, **device)
            contexts.append((context, RequestRecorder(context), start_trace(context)))
            page = context.new_page()
            page.set_default_timeout(APP_TIMEOUT_MS)
            pages.append(page)
            titles.append(f"{_device_name(device)} on {base_url}, #{len(OPEN_PAGES) + 1}")
            OPEN_PAGES[titles[-1]] = page
        yield pages
        raised = False
    finally:
        for title, page in zip(titles, pages, strict=False):
            OPEN_PAGES.pop(title, None)
            if raised:  # the test's own body failed: read the screens before they close
                keep_screen(page, title)
        leaked = [url for _, recorder, _ in contexts for url in recorder.off_host(base_url)]
        keep = raised or failed()
        for context, _, trace in contexts:
            close_context(context, trace, keep)
    assert not leaked, f"requests left the local host: {leaked}"


@pytest.fixture
def pages(
    browser: Browser, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[RunningHost, Page, Page]]:
    """A real host with the web UI, a GM tablet and a phone; screenshots on failure
    (tests/artifacts/FAILED-<test>-gm.png and -phone.png)."""
    host = start_host(tmp_path / "data", with_web=True)
    try:
        failed = partial(_failed, request.node)
        with pages_on(browser, host.url, TABLET, PHONE, failed=failed) as (gm, phone):
            yield host, gm, phone
            if failed():
                for page, name in ((gm, "gm"), (phone, "phone")):
                    failure_shot(page, f"FAILED-{request.node.name}-{name}")
    finally:
        host.stop()


def enable_semantics(page: Page) -> None:
    """Switch on Flutter's accessibility tree, so controls have roles and names (on
    again by itself in the pages this tab loads later: `SCREEN_READER_JS`)."""
    page.wait_for_selector("flt-semantics-placeholder, flt-semantics", state="attached")
    page.evaluate(
        """() => {
          sessionStorage.setItem("fatepot-test-semantics", "1");
          const placeholder = document.querySelector("flt-semantics-placeholder");
          if (placeholder && !document.querySelector("flt-semantics")) placeholder.click();
        }"""
    )
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


def screenshot(page: Page, name: str, timeout_ms: float | None = None) -> Path:
    """Save a PNG under tests/artifacts/ (git-ignored) and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), timeout=timeout_ms)
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
