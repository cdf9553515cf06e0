"""A tab opens at its top (#28): the Log tab shows its newest entry, whatever the last
tab was scrolled to.

The phone's tabs shared one scrolling list, so the Log opened as far down as the Hand
had been scrolled: the newest entry, the one the tab's badge announced, was above the
screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, enable_semantics, pages_on, screenshot
from .flutter_input import open_tab, tap, type_into

pytestmark = pytest.mark.browser


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = start_host(tmp_path / "data", with_web=True)
    yield running
    running.stop()


def scroll_down(page: Page, by: int = 3_000) -> None:
    """Swipe the tab's list down (the mouse wheel, over the middle of the screen)."""
    page.mouse.move(195, 450)
    for _ in range(by // 500):
        page.mouse.wheel(0, 500)
        page.wait_for_timeout(100)
    page.wait_for_timeout(400)


def test_the_log_tab_opens_at_its_newest_entry(host: RunningHost, browser: Browser) -> None:
    created = create_table(host.url, "deadlands", "Deadwood")
    with pages_on(browser, host.url, PHONE) as (ann,):
        ann.goto(f"/join/{created['join_code']}")
        enable_semantics(ann)
        type_into(ann, "Your name", "Ann")
        tap(ann.get_by_role("button", name="Join the table", exact=True).first)
        hand = ann.get_by_role("tab", name=re.compile(r"Hand$"))
        expect(hand.first).to_be_visible(timeout=20_000)
        open_tab(ann, "Hand")
        scroll_down(ann)
        top_before = ann.get_by_role("button", name="Menu").first.bounding_box()
        assert top_before is not None  # the header stays: only the list scrolled
        open_tab(ann, "Log")
        note = ann.get_by_role("textbox", name="Note for the log").first
        expect(note).to_be_visible(timeout=10_000)
        ann.wait_for_timeout(500)
        box = note.bounding_box()
        screenshot(ann, "tab-scroll-log")
        assert box is not None and 0 <= box["y"] < 400, (
            f"the Log opened scrolled down: its note field is at {box}"
        )
        newest = ann.get_by_text(re.compile("Ann joined the table"))
        expect(newest.or_(ann.get_by_label(re.compile("Ann joined the table")))).to_be_visible()
