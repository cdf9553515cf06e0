"""The phone app's own code path, end to end without a phone: main.py (the UI over
HttpGateway and real HTTP, as `flet build` ships it) runs as a Flet web app in a
process of its own, against a separate host that serves the API only, and a phone's
browser plays a round through it: join, get a chip from the GM, roll, spend it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app.domain.actors import GM
from tests.conftest import RunningHost, bearer, create_table, start_host
from tests.support.drill import free_port

from .conftest import APP_TIMEOUT_MS, PHONE, enable_semantics
from .flutter_input import tap
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def phone_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningHost, str]]:
    """A host (API only) and main.py served by Flet's own web server, each on its port."""
    host = start_host(tmp_path_factory.mktemp("phone-app") / "data", with_web=False)
    port = free_port()
    env = {
        **os.environ,
        "FATEPOT_HOST_URL": host.url,
        "FLET_FORCE_WEB_SERVER": "true",
        "FLET_SERVER_IP": "127.0.0.1",
        "FLET_SERVER_PORT": str(port),
    }
    app = subprocess.Popen(
        [sys.executable, "main.py"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(url, timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert app.poll() is None and time.monotonic() < deadline, "main.py did not serve"
            time.sleep(0.2)
        yield host, url
    finally:
        app.terminate()
        app.wait(20)
        host.stop()


def write(page: Page, field: str | re.Pattern[str], text: str) -> None:
    """Type ``text`` into the field named ``field``, as a person does."""
    box = page.get_by_role("textbox", name=field).first
    tap(box)
    box.press("Control+a")
    box.press("Backspace")
    page.keyboard.type(text, delay=30)
    page.wait_for_timeout(500)


def until(page: Page, act: Callable[[], object], outcome: Locator, what: str) -> None:
    """Do ``act`` until ``outcome`` shows (three tries). flutter_input's type_into asks
    the Flet session whether the text arrived, which it can only do when the session
    runs in the test's process; here it runs in main.py's, so the screen is the check."""
    for _ in range(3):
        act()
        try:
            outcome.first.wait_for(timeout=10_000)
            return
        except PlaywrightTimeout:
            continue
    shot(page, "phone-app-failed")
    raise AssertionError(f"{what}: never happened")


def gm(host: RunningHost, table: dict[str, str], cid: str, type_: str, **args: str) -> None:
    httpx.post(
        f"{host.url}/api/tables/{table['table_id']}/commands",
        json={"id": cid, "type": type_, "args": args},
        headers=bearer(table["gm_token"]),
    ).raise_for_status()


def test_a_phone_plays_a_round_through_the_phone_apps_own_code(
    browser: Browser, phone_app: tuple[RunningHost, str]
) -> None:
    host, app_url = phone_app
    table = create_table(host.url, "deadlands", name="Deadwood")
    context = browser.new_context(base_url=app_url, **PHONE)
    phone: Page = context.new_page()
    phone.set_default_timeout(APP_TIMEOUT_MS)
    try:
        phone.goto(f"/join/{table['join_code']}")
        enable_semantics(phone)

        def join() -> None:
            write(phone, "Your name", "Ann")
            tap(button(phone, "Join the table"))

        until(phone, join, phone.get_by_role("tab", name="Hand"), "joining")
        live = host.hub.tables[table["table_id"]]
        assert [seat["name"] for seat in live.table.view(GM)["seats"]] == ["Ann"]

        gm(host, table, "start", "session.start")
        gm(host, table, "red", "chips.award", player="p1", colour="red")
        see(phone, "Session 1 running", timeout=10_000)
        by_hand = phone.get_by_role("switch", name="Enter dice rolled at the table")
        until(phone, lambda: tap(phone.get_by_role("tab", name="Roll")), by_hand, "the Roll tab")
        dice = phone.get_by_role("textbox", name=re.compile("^1 dice"))
        until(phone, lambda: tap(by_hand), dice, "entering dice by hand")

        def record() -> None:
            write(phone, re.compile("^1 dice"), "4")
            tap(button(phone, "Record these dice"))

        chance = phone.get_by_text("Chance of success now").or_(
            phone.get_by_label("Chance of success now")
        )
        until(phone, record, chance, "recording the dice")
        tap(button(phone, re.compile("^Red chip")))
        see(phone, "Ann spends a red chip", timeout=10_000)
        shot(phone, "phone-app-round")
        events = [str(e.to_public()) for e in live.table.events]
        assert any("Ann spends a red chip" in event for event in events), events[-3:]
    finally:
        context.close()
