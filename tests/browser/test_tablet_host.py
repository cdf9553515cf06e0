"""The GM's tablet hosts the table: main.py (the compiled app's code, served here as a
Flet web app in a process of its own) taps *Host a table here*, shows the GM screen with
the join link at the host it started, and a phone's browser joins through that host.
The app killed and started again: the GM is back at the same table, Ann in her seat,
and her phone follows the table again by itself. On the way, the app's GM screen is
checked at a tablet's size in landscape and portrait (tablet_screen.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.conftest import bearer
from tests.support.drill import free_port

from .conftest import APP_TIMEOUT_MS, PHONE, TABLET, enable_semantics, page_load, wait_for_reload
from .flutter_input import tap
from .tablet_screen import LANDSCAPE, PORTRAIT, check_gm_screen
from .test_phone_app import until, write
from .test_ui_session import button, see, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Tablet:
    """main.py in its own process, hosting from its own storage folder."""

    storage: Path
    app_url: str
    host_url: str
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "FATEPOT_HOST_URL": "http://127.0.0.1:9",  # no other host: this one hosts
            "FLET_FORCE_WEB_SERVER": "true",
            "FLET_SERVER_IP": "127.0.0.1",
            "FLET_SERVER_PORT": self.app_url.rsplit(":", 1)[1],
            "FLET_APP_STORAGE_DATA": str(self.storage),
            "FATEPOT_BIND": "127.0.0.1",
            "FATEPOT_PORT": self.host_url.rsplit(":", 1)[1],
        }
        self.process = subprocess.Popen(
            [sys.executable, "main.py"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(self.app_url, timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.process.poll() is None and time.monotonic() < deadline, "no main.py"
            time.sleep(0.2)

    def kill(self) -> None:
        """The app killed: no goodbye, no tables closed."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(20)
            self.process = None

    def admin(self) -> str:
        token: str = json.loads((self.storage / "tables" / "host.json").read_text())["admin_token"]
        return token


@pytest.fixture
def tablet(tmp_path: Path) -> Iterator[Tablet]:
    running = Tablet(
        tmp_path / "storage", f"http://127.0.0.1:{free_port()}", f"http://127.0.0.1:{free_port()}"
    )
    running.start()
    try:
        yield running
    finally:
        running.kill()


def test_the_gms_tablet_hosts_the_table_and_it_survives_the_app_killed(
    browser: Browser, tablet: Tablet
) -> None:
    gm_context = browser.new_context(base_url=tablet.app_url, **TABLET)
    phone_context = browser.new_context(base_url=tablet.host_url, **PHONE)
    gm: Page = gm_context.new_page()
    phone: Page = phone_context.new_page()
    for page in (gm, phone):
        page.set_default_timeout(APP_TIMEOUT_MS)
    try:
        gm.goto("/")
        enable_semantics(gm)
        write(gm, "Table name", "Deadwood")
        # Tapped again only while the start screen is still there (on a loaded machine
        # the GM screen can take over 10 s to come; a second tap then found no button).
        until(
            gm,
            lambda: tap(button(gm, "Host a table here")) if gm.url.endswith("/") else None,
            gm.get_by_text("Hosted on this device")
            .or_(gm.get_by_label("Hosted on this device"))
            .or_(gm.get_by_role("button", name="Start session 1", exact=True)),
            "hosting here",
        )
        shot(gm, "tablet-hosting")
        tables = httpx.get(f"{tablet.host_url}/api/tables", headers=bearer(tablet.admin()))
        [table] = tables.json()
        assert table["name"] == "Deadwood"
        assert table["join_url"] == f"{tablet.host_url}/join/{table['join_code']}"
        see(gm, f"Join QR code for {table['join_code']}")  # the QR of that link

        # A phone joins through the tablet's host, as by a laptop's.
        phone.goto(f"/join/{table['join_code']}")
        enable_semantics(phone)

        def join() -> None:
            write(phone, "Your name", "Ann")
            tap(button(phone, "Join the table"))

        until(phone, join, phone.get_by_role("tab", name="Hand"), "joining")
        see(gm, "Ann", timeout=10_000)
        # The app's GM screen at a tablet's size, held either way (tablet_screen.py).
        for size in (LANDSCAPE, PORTRAIT):
            check_gm_screen(gm, size, table["join_code"], "Ann")

        # The app killed and opened again: the same table, seat and links.
        loaded = page_load(phone)
        tablet.kill()
        tablet.start()
        # The app opened again: a new page on the same device (its preferences kept).
        # (Not the old page: Flet's own web server, unlike the host, would take its
        # session id to the new process, which knows nothing of it.)
        gm.close()
        gm = gm_context.new_page()
        gm.set_default_timeout(APP_TIMEOUT_MS)
        gm.goto("/")
        enable_semantics(gm)
        see(gm, "Hosted on this device", timeout=APP_TIMEOUT_MS)
        see(gm, f"Join QR code for {table['join_code']}")
        see(gm, "Ann", timeout=10_000)
        httpx.post(
            f"{tablet.host_url}/api/tables/{table['table_id']}/commands",
            json={"id": "start", "type": "session.start", "args": {}},
            headers=bearer(table["gm_token"]),
        ).raise_for_status()
        # The phone found the host again by itself: a restarted host has no session for
        # its page, which reloads itself on Ann's seat. (The accessibility switch is per
        # page load: the test's instrument, turned on again by wait_for_reload.)
        wait_for_reload(phone, loaded)
        see(phone, "Session 1 running", timeout=APP_TIMEOUT_MS)
        shot(phone, "tablet-hosting-phone-back")
    finally:
        gm_context.close()
        phone_context.close()
