"""The phone in the browser, as a table meets it in the first minutes of the evening.

Each test drives real Chromium against a real host (API + Flet UI on one port), with
phones as separate browser contexts: a tab reused for another link, phones that are
limited each by their own address, a tab closed while the GM watches the seats.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import ADMIN, RunningHost, start_host
from tests.support.source_proxy import SourceProxy

from .conftest import (
    PHONE,
    TABLET,
    enable_semantics,
    page_load,
    pages_on,
    screenshot,
    wait_for_reload,
)
from .flutter_input import open_tab, tap, type_into

pytestmark = pytest.mark.browser

LIVE_MS = 5_000


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    exact = True if isinstance(name, str) else None
    return page.get_by_role("button", name=name, exact=exact).first


def see(page: Page, text: str | re.Pattern[str], timeout: int = LIVE_MS) -> None:
    """Wait for ``text`` on screen (Flutter merges a card's texts into its group label)."""
    found = page.get_by_text(text).or_(page.get_by_label(text))
    expect(found.first).to_be_visible(timeout=timeout)


def create_table(host: RunningHost, name: str = "Deadwood") -> dict[str, Any]:
    r = httpx.post(
        f"{host.url}/api/tables",
        json={"name": name, "ruleset": "deadlands", "settings": {}},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def join_in(page: Page, path: str, name: str, table: str = "Deadwood · Deadlands") -> None:
    """Open a join link in this tab, see which table it opens, take a seat as ``name``."""
    page.goto(path)
    enable_semantics(page)
    see(page, table, timeout=30_000)
    if name == "Ann":
        screenshot(page, "phone-path-join-page")
    type_into(page, "Your name", name)
    tap(button(page, "Join the table"))


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = start_host(tmp_path / "data", with_web=True)
    yield running
    running.stop()


def test_a_link_opened_in_the_tab_of_a_wrong_code_wins(host: RunningHost, browser: Browser) -> None:
    """A wrong join code, then the right join link in the same tab: the right table.
    The code is checked before a name is asked, and the join page names the table and
    its game."""
    created = create_table(host)
    with pages_on(browser, host.url, PHONE) as (phone,):
        phone.goto("/join/WRONG9")
        enable_semantics(phone)
        see(phone, "No table has that join code.", timeout=30_000)
        expect(phone.get_by_role("textbox", name="Your name")).to_have_count(0)
        screenshot(phone, "phone-path-wrong-code")
        join_in(phone, f"/join/{created['join_code']}", "Ann")
        phone.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
        see(phone, "Deadwood · Ann")
        phone.wait_for_timeout(500)
        screenshot(phone, "phone-path-right-link-after-wrong-code")


def test_the_gm_link_opened_after_the_link_without_its_token_wins(
    host: RunningHost, browser: Browser
) -> None:
    created = create_table(host)
    with pages_on(browser, host.url, TABLET) as (gm,):
        gm.goto(f"/gm?table={created['table_id']}")
        enable_semantics(gm)
        see(gm, "Open the GM link printed by the host once on this device.", timeout=30_000)
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        button(gm, "Start session 1").wait_for(timeout=30_000)
        gm.reload()  # the token has left the address bar; the device remembers it
        enable_semantics(gm)
        button(gm, "Start session 1").wait_for(timeout=30_000)


def test_wrong_codes_from_one_phone_do_not_lock_out_another(
    host: RunningHost, browser: Browser
) -> None:
    """Phone A (at 127.0.0.2) guesses until it is stopped; phone B (127.0.0.1) joins."""
    created = create_table(host)
    proxy = SourceProxy(host.url, "127.0.0.2").start()
    try:
        with (
            pages_on(browser, proxy.url, PHONE) as (guesser,),
            pages_on(browser, host.url, PHONE) as (player,),
        ):
            guesser.goto("/join/WRONG1")
            enable_semantics(guesser)
            see(guesser, "No table has that join code.", timeout=30_000)
            type_into(guesser, "Join code", "WRONG2")
            for _ in range(12):
                tap(button(guesser, "Join"))
                guesser.wait_for_timeout(150)
            see(guesser, re.compile("Too many wrong codes"))
            # The brute force is still stopped: even the right code waits now.
            guesser.goto(f"/join/{created['join_code']}")
            enable_semantics(guesser)
            see(guesser, re.compile("Too many wrong codes"), timeout=30_000)
            join_in(player, f"/join/{created['join_code']}", "Bob")
            try:
                player.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
            finally:
                screenshot(player, "phone-path-other-phone-joins")
    finally:
        proxy.stop()


def seat_online(host: RunningHost, created: dict[str, Any], name: str) -> bool:
    r = httpx.get(
        f"{host.url}/api/tables/{created['table_id']}",
        headers={"Authorization": f"Bearer {created['gm_token']}"},
    )
    (seat,) = [s for s in r.json()["seats"] if s["name"] == name]
    return bool(seat["online"])


def test_a_closed_tab_shows_away_within_the_grace_period(
    host: RunningHost, browser: Browser
) -> None:
    """Online means a person has the table open now (docs/ui.md: away within 20 s of
    the tab closing; the GM's screen re-reads presence every 12 s)."""
    created = create_table(host)
    with pages_on(browser, host.url, TABLET) as (gm,):
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        with pages_on(browser, host.url, PHONE) as (phone,):
            join_in(phone, f"/join/{created['join_code']}", "Ann")
            phone.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
            see(gm, "online", timeout=20_000)
            assert seat_online(host, created, "Ann")
        closed = time.monotonic()  # the phone's context (its only tab) is closed
        while seat_online(host, created, "Ann"):
            assert time.monotonic() - closed < 20 + 3, "still online after the grace"
            time.sleep(0.5)
        see(gm, "away", timeout=15_000)
        screenshot(gm, "phone-path-gm-sees-away")


def test_the_log_shows_every_event_of_an_action_under_it(
    host: RunningHost, browser: Browser
) -> None:
    """'End session 1' writes the chips down and ends the session: every line of it
    reaches the player's log, under the action that made it."""
    created = create_table(host)
    with pages_on(browser, host.url, TABLET, PHONE) as (gm, ann):
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        join_in(ann, f"/join/{created['join_code']}", "Ann")
        ann.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
        see(gm, "Ann", timeout=20_000)
        tap(button(gm, "Start session 1"))
        open_tab(ann, "Log")
        see(ann, "Session 1 started.")
        see(ann, re.compile(r"Ann starts the session and draws"))
        tap(button(gm, "End session 1"))
        see(ann, re.compile(r"Ann writes down"))
        see(ann, "Session 1 ended.")
        see(gm, "Session 1 ended.")
        ann.wait_for_timeout(500)
        screenshot(ann, "phone-path-log-groups")


def gm_command(host: RunningHost, created: dict[str, Any], type_: str, **args: Any) -> None:
    """The GM acts (through the API: what is tested here is the player's phone)."""
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={"id": f"{type_}-{time.monotonic_ns()}", "type": type_, "args": args},
        headers={"Authorization": f"Bearer {created['gm_token']}"},
    )
    assert r.status_code == 200, r.text


def seat_id(host: RunningHost, created: dict[str, Any], name: str) -> str:
    r = httpx.get(
        f"{host.url}/api/tables/{created['table_id']}",
        headers={"Authorization": f"Bearer {created['gm_token']}"},
    )
    (seat,) = [s for s in r.json()["seats"] if s["name"] == name]
    return str(seat["player_id"])


def test_a_player_hears_what_happens_to_them_on_any_tab(
    host: RunningHost, browser: Browser
) -> None:
    """An award and a hit reach Ann on the Roll tab: a toast there, and a badge on the
    tab that shows it (Hand, Combat) until she opens it."""
    created = create_table(host)
    with pages_on(browser, host.url, PHONE) as (ann,):
        join_in(ann, f"/join/{created['join_code']}", "Ann")
        ann.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
        pid = seat_id(host, created, "Ann")
        gm_command(host, created, "session.start")
        open_tab(ann, "Roll")
        gm_command(host, created, "chips.award", player=pid, colour="red", reason="a fine bluff")
        see(ann, "The GM awards Ann a red chip for a fine bluff.")
        screenshot(ann, "phone-path-award-toast")
        hand = ann.get_by_role("tab", name=re.compile("Hand"))
        expect(hand).to_have_accessible_name(re.compile("1 new"), timeout=LIVE_MS)
        gm_command(host, created, "wounds.assign", player=pid, wounds={"left_arm": 2})
        see(ann, re.compile("Ann takes"))
        combat = ann.get_by_role("tab", name=re.compile("Combat"))
        expect(combat).to_have_accessible_name(re.compile("1 new"), timeout=LIVE_MS)
        screenshot(ann, "phone-path-hit-badge")
        open_tab(ann, "Hand")
        expect(hand).not_to_have_accessible_name(re.compile("new"), timeout=LIVE_MS)
        expect(combat).to_have_accessible_name(re.compile("1 new"))


def test_a_phone_that_drops_off_the_network_shows_away_then_comes_back_by_itself(
    host: RunningHost, browser: Browser
) -> None:
    """Wi-Fi lost: the seat shows away within the grace period; Wi-Fi back: the page
    reloads onto the same seat by itself (docs/ui.md, "The link"), on the tab it had,
    online, and hears what happened meanwhile."""
    created = create_table(host)
    proxy = SourceProxy(host.url, "127.0.0.3").start()
    try:
        with pages_on(browser, proxy.url, PHONE) as (ann,):
            join_in(ann, f"/join/{created['join_code']}", "Ann")
            ann.get_by_role("tab", name="Hand").wait_for(timeout=20_000)
            pid = seat_id(host, created, "Ann")
            gm_command(host, created, "session.start")
            open_tab(ann, "Roll")
            proxy.cut()
            gone = time.monotonic()
            # The phone says so at once, over its last screen (tests/browser/test_host_blip.py).
            reconnecting = ann.get_by_role("status").filter(has_text="Reconnecting")
            expect(reconnecting).to_be_visible(timeout=10_000)
            expect(ann.get_by_role("tab", name="Roll")).to_be_visible()
            while seat_online(host, created, "Ann"):
                assert time.monotonic() - gone < 20 + 3, "still online after the grace"
                time.sleep(0.5)
            gm_command(host, created, "chips.award", player=pid, colour="blue", reason="luck")
            loaded = page_load(ann)
            proxy.restore()
            back = time.monotonic()
            wait_for_reload(ann, loaded, 10)  # (a screen reader turns the tree on itself)
            see(ann, "The GM awards Ann a blue chip for luck.", timeout=10_000)
            print(f"phone back on its seat, told of the award, {time.monotonic() - back:.1f} s")
            expect(ann.get_by_role("tab", name="Roll", selected=True)).to_have_count(1)
            expect(reconnecting).to_have_count(0)
            hand = ann.get_by_role("tab", name=re.compile("Hand"))
            expect(hand).to_have_accessible_name(re.compile("1 new"), timeout=LIVE_MS)
            assert seat_online(host, created, "Ann")
            screenshot(ann, "phone-path-back-online")
    finally:
        proxy.stop()
