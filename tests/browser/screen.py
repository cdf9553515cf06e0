"""What the UI browser tests do to a screen: find, wait, type, photograph; and a host
with a GM tablet and a phone open on it.

Typing is checked: a redraw still on its way from the previous tap can swallow the first
edit, and a bare ``fill`` on a field that already holds text can append to it, so the
field is cleared, filled and read back until Flutter reports exactly the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import RunningHost, start_host

from .conftest import APP_TIMEOUT_MS, PHONE, TABLET, RequestRecorder

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
WAIT_MS = 5_000


def shot(page: Page, name: str, *, keep: bool = False) -> None:
    """tests/artifacts/ui-<name>.png; with ``keep`` also docs/screenshots/<name>.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ui-{name}.png"))
    if keep:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    """The first button called ``name`` (the exact name, or a pattern)."""
    exact = True if isinstance(name, str) else None
    return page.get_by_role("button", name=name, exact=exact).first


def see(page: Page, text: str | re.Pattern[str], timeout: int = WAIT_MS) -> None:
    """Wait for ``text`` on screen (Flutter merges a card's texts into its group label);
    a screenshot of the failure is kept in tests/artifacts/."""
    found = page.get_by_text(text).or_(page.get_by_label(text))
    try:
        expect(found.first).to_be_visible(timeout=timeout)
    except AssertionError:
        shot(page, "failure")
        raise


def type_into(page: Page, name: str | re.Pattern[str], text: str) -> None:
    """Replace the text of the field named ``name`` with ``text``, checked."""
    box = page.get_by_role("textbox", name=name).first
    for _ in range(4):
        box.click()
        box.press("Control+a")
        box.press("Backspace")
        box.fill(text)
        for _ in range(10):
            page.wait_for_timeout(200)
            if box.input_value() == text:
                page.wait_for_timeout(300)  # let Flutter report the edit to the host
                return
    raise AssertionError(f"the field {name!r} did not keep {text!r}")


def gm_and_phone(
    browser: Browser, data_dir: Path, request: pytest.FixtureRequest, label: str
) -> Iterator[tuple[RunningHost, Page, Page]]:
    """A real host with the web UI, a GM tablet and a phone on it (for a fixture to
    ``yield from``); screenshots when the test failed; no request may leave the host."""
    host = start_host(data_dir, with_web=True)
    contexts = []
    opened = []
    for options in (TABLET, PHONE):
        context = browser.new_context(base_url=host.url, **options)  # type: ignore[arg-type]
        contexts.append((context, RequestRecorder(context)))
        page = context.new_page()
        page.set_default_timeout(APP_TIMEOUT_MS)
        opened.append(page)
    try:
        yield host, opened[0], opened[1]
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            for page, name in zip(opened, ("gm", "phone"), strict=True):
                shot(page, f"FAILED-{label}-{name}")
    finally:
        leaked = [url for _, rec in contexts for url in rec.off_host(host.url)]
        for context, _ in contexts:
            context.close()
        host.stop()
    assert not leaked, f"requests left the local host: {leaked}"
