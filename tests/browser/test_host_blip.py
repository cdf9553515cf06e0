"""A host blip, as a phone in the browser meets it: the host goes away with a player on
her seat and comes back on the same port and data folder.

While it is away the phone keeps her last screen (the hand still on screen and in the
accessibility tree), dimmed under a "Reconnecting..." banner, instead of Flet's white
"Working..." screen under a badge that still said Online; when the host is back the
page returns to the same seat by itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from app.domain.actors import GM
from tests.conftest import ADMIN, start_host

from .conftest import (
    APP_TIMEOUT_MS,
    PHONE,
    enable_semantics,
    page_load,
    pages_on,
    screenshot,
    wait_for_reload,
)
from .flutter_input import tap, type_into

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def banner(page: Page) -> Locator:
    return page.get_by_role("status").filter(has_text="Reconnecting")


def test_a_host_blip_keeps_the_hand_on_screen_and_the_page_comes_back_on_its_seat(
    tmp_path: Path, browser: Browser
) -> None:
    data_dir = tmp_path / "data"
    host = start_host(data_dir, with_web=True)
    try:
        r = httpx.post(
            f"{host.url}/api/tables",
            json={"name": "Deadwood", "ruleset": "deadlands", "settings": {}},
            headers={"Authorization": f"Bearer {ADMIN}"},
        )
        assert r.status_code == 201, r.text
        created = r.json()
        with pages_on(browser, host.url, PHONE) as (ann,):
            ann.goto(f"/join/{created['join_code']}")
            enable_semantics(ann)
            type_into(ann, "Your name", "Ann")
            tap(ann.get_by_role("button", name="Join the table", exact=True))
            ann.get_by_role("tab", name="Hand").wait_for()
            r = httpx.post(
                f"{host.url}/api/tables/{created['table_id']}/commands",
                json={"id": "start", "type": "session.start", "args": {}},
                headers={"Authorization": f"Bearer {created['gm_token']}"},
            )
            r.raise_for_status()
            view = host.hub.tables[created["table_id"]].table.view(GM)
            hand = f"White chips: {view['rules']['players']['p1']['hand']['white']}"
            chips = ann.get_by_role("button", name=re.compile("^White chips: ")).first
            expect(chips).to_have_text(hand, timeout=10_000)
            expect(banner(ann)).to_have_count(0)

            port = int(host.url.rsplit(":", 1)[1])
            loaded = page_load(ann)
            host.stop()  # the host goes away: its sockets close, nothing answers
            expect(banner(ann)).to_be_visible(timeout=10_000)
            ann.wait_for_timeout(3_000)  # it stays away a while
            expect(banner(ann)).to_be_visible()
            # The last hand is still there, on screen and for a screen reader.
            expect(chips).to_be_visible()
            expect(chips).to_have_text(hand)
            ann.screenshot(path=str(SCREENSHOTS / "phone-reconnecting.png"))
            # A tap meanwhile goes nowhere (the dim layer takes it), rather than vanish.
            box = chips.bounding_box()
            assert box is not None
            ann.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            expect(ann.get_by_text("White chip: what it can do now")).to_have_count(0)

            host = start_host(data_dir, with_web=True, port=port)
            # A restarted host has no session for this page: it reloads itself. (The
            # test's accessibility switch is per page load, so wait_for_reload turns it on
            # again: the test's instrument, not something a player does.)
            wait_for_reload(ann, loaded)
            expect(banner(ann)).to_have_count(0)
            found = ann.get_by_text("Deadwood · Ann").or_(ann.get_by_label("Deadwood · Ann"))
            expect(found.first).to_be_visible(timeout=APP_TIMEOUT_MS)
            # Live again, on Ann's seat: a chip the GM awards now reaches this page.
            r = httpx.post(
                f"{host.url}/api/tables/{created['table_id']}/commands",
                json={
                    "id": "award",
                    "type": "chips.award",
                    "args": {"player": "p1", "colour": "white"},
                },
                headers={"Authorization": f"Bearer {created['gm_token']}"},
            )
            r.raise_for_status()
            white = ann.get_by_role("button", name=re.compile("^White chips: ")).first
            expect(white).not_to_have_text(hand, timeout=APP_TIMEOUT_MS)
            assert banner(ann).count() == 0
            screenshot(ann, "host-blip-back")
    finally:
        host.stop()
