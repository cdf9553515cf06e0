"""The phone app's own packages host a table for three phones, and survive SIGKILL (#29).

main.py runs as ``flet run --web`` runs it (``FLET_FORCE_WEB_SERVER``, ``FLET_SERVER_PORT``)
on a fresh virtual environment holding only what ``flet build`` packs
(tests/support/phone_venv.py: no httptools, uvloop or orjson, no Fate Pot installed),
hosting at launch with no tap (``FATEPOT_HOST_HERE``). Three phones open the join link it
prints (the link its QR holds), join, and each writes a note the other two see. The app
is killed with SIGKILL and started again on the same storage: every phone reloads itself
back onto its seat and follows the table again (the GM's session start reaches all three).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import bearer
from tests.support.drill import free_port
from tests.support.phone_venv import NOT_ON_A_PHONE, phone_python

from .conftest import (
    APP_TIMEOUT_MS,
    PHONE,
    enable_semantics,
    page_load,
    screenshot,
    wait_for_reload,
)
from .flutter_input import tap, wait_for_cursor
from .test_phone_app import until
from .test_ui_session import button, see

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ann", "Bob", "Cy")
JOIN_LINE = re.compile(r"Players join:\s+(\S+)")
#: Whether the focused input (Flutter's editing element) holds the text given.
HOLDS_JS = "(text) => !!document.activeElement && document.activeElement.value === text"
#: The host under three phones reloading at once, on a loaded 2-core machine, can take
#: seconds to answer an API call.
API_SECONDS = 30.0
#: From the process started to its join link printed and its Flet app answering.
START_SECONDS = 60.0


@dataclass
class HostingApp:
    """main.py on the phone app's environment, hosting 'Deadwood' from its storage."""

    python: Path
    storage: Path
    app_port: int = field(default_factory=free_port)
    host_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    runs: int = 0
    console: list[str] = field(default_factory=list)  # what the phones' pages said

    @property
    def output(self) -> Path:
        return self.storage.parent / f"main-{self.runs}.log"

    def start(self) -> str:
        """Start the app; the join link it printed once its Flet app answers too."""
        self.runs += 1
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
        env.update(
            PATH=f"{self.python.parent}:{env.get('PATH', '')}",
            PYTHONUNBUFFERED="1",
            FATEPOT_HOST_HERE="Deadwood",
            FATEPOT_RULESET="deadlands",
            FATEPOT_HOST_URL="http://127.0.0.1:9",  # no other host: this one hosts
            FATEPOT_BIND="127.0.0.1",
            FATEPOT_PORT=str(self.host_port),
            FLET_FORCE_WEB_SERVER="true",  # what `flet run --web` sets
            FLET_SERVER_IP="127.0.0.1",
            FLET_SERVER_PORT=str(self.app_port),
            FLET_APP_STORAGE_DATA=str(self.storage),
        )
        with self.output.open("wb") as out:
            self.process = subprocess.Popen(
                [str(self.python), "main.py"], cwd=ROOT, env=env, stdout=out, stderr=out
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            found = JOIN_LINE.search(self.output.read_text(errors="replace"))
            if found and self._app_answers():
                return found.group(1)
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"main.py did not start hosting:\n{self.tail()}")
            time.sleep(0.2)

    def _app_answers(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.app_port}/", timeout=1).status_code == 200
        except httpx.TransportError:
            return False

    def kill(self) -> None:
        """SIGKILL: no goodbye, no table closed."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(20)
            self.process = None

    def tail(self) -> str:
        return self.output.read_text(errors="replace")[-4000:] if self.output.exists() else ""

    def listener(self, phone: str) -> Callable[[ConsoleMessage], None]:
        """Keeps what ``phone``'s page says in its console (the reconnect logic's words)."""

        def said(message: ConsoleMessage) -> None:
            self.console.append(
                f"{time.strftime('%H:%M:%S')} run {self.runs} {phone}: {message.text}"
            )

        return said

    def gm(self) -> dict[str, Any]:
        """The hosted table as its GM sees it (through the admin token in host.json)."""
        host_json = json.loads((self.storage / "tables" / "host.json").read_text())
        r = httpx.get(
            self.url("/api/tables"), headers=bearer(host_json["admin_token"]), timeout=API_SECONDS
        )
        r.raise_for_status()
        [table] = r.json()
        return dict(table)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.host_port}{path}"


@pytest.fixture
def hosting_app(tmp_path: Path) -> Iterator[HostingApp]:
    python = phone_python()
    frozen = (python.parents[1] / "ready").read_text().lower()
    assert not [name for name in (*NOT_ON_A_PHONE, "orjson", "fatepot") if f"{name}==" in frozen]
    app = HostingApp(python, tmp_path / "storage")
    try:
        yield app
    finally:
        app.kill()


@contextmanager
def evidence(app: HostingApp, phones: list[Page]) -> Iterator[None]:
    """On failure: each phone's screen in tests/artifacts/, the app's output in the error."""
    try:
        yield
    except Exception as exc:
        for name, phone in zip(NAMES, phones, strict=True):
            if not phone.is_closed():
                screenshot(phone, f"FAILED-fresh-venv-{name}")
        said = "\n".join(app.console[-40:])
        raise AssertionError(
            f"{exc}\n--- the phones' console ---\n{said}\n--- main.py's output ---\n{app.tail()}"
        ) from exc


def enter(phone: Page, field: str, text: str) -> None:
    """Tap the field, wait for its cursor, type ``text``; typed again (cleared first)
    if the focused input does not hold it whole. (flutter_input's type_into asks the
    Flet session, which runs in main.py's process here.)"""
    box = phone.get_by_role("textbox", name=field).first
    for _ in range(3):
        tap(box)
        wait_for_cursor(phone, field)
        phone.keyboard.press("Control+a")
        phone.keyboard.press("Backspace")
        phone.keyboard.type(text, delay=30)
        try:
            phone.wait_for_function(HOLDS_JS, arg=text, timeout=3_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{field!r} never held {text!r}")


def join(phone: Page, name: str) -> None:
    """Type the name and tap *Join the table*; again only while the form is still
    there (on a loaded machine the seat can take over 10 s to show)."""
    enable_semantics(phone)
    hand = phone.get_by_role("tab", name=re.compile(r"Hand$")).first
    join_button = phone.get_by_role("button", name="Join the table", exact=True)
    for _ in range(3):
        enter(phone, "Your name", name)
        tap(join_button.first)
        try:
            hand.wait_for(timeout=15_000)
            return
        except PlaywrightTimeout:
            if not join_button.count():  # the tap was taken: the seat is on its way
                hand.wait_for(timeout=APP_TIMEOUT_MS)
                return
    raise AssertionError(f"{name} never got a seat")


def write_note(phone: Page, text: str) -> None:
    log_tab = phone.get_by_role("tab", name=re.compile(r"Log$"))
    until(
        phone,
        lambda: tap(log_tab.first, scroll=False),
        log_tab.and_(phone.get_by_role("tab", selected=True)),
        "the Log tab",
    )
    enter(phone, "Note for the log", text)
    tap(button(phone, "Write the note"))
    see(phone, text)


def test_three_phones_play_on_the_phone_apps_own_packages_through_a_sigkill(
    browser: Browser, hosting_app: HostingApp
) -> None:
    link = hosting_app.start()
    contexts = [browser.new_context(base_url=hosting_app.url(""), **PHONE) for _ in NAMES]
    phones = [context.new_page() for context in contexts]
    for phone, name in zip(phones, NAMES, strict=True):
        phone.on("console", hosting_app.listener(name))
    notes = [f"{name} checks the saloon" for name in NAMES]
    try:
        with evidence(hosting_app, phones):
            for phone in phones:  # the three load Flutter at once, as a table does
                phone.set_default_timeout(APP_TIMEOUT_MS)
                phone.goto(link)
            for phone, name in zip(phones, NAMES, strict=True):
                join(phone, name)
            table = hosting_app.gm()
            assert table["join_url"] == link and table["name"] == "Deadwood"
            for phone, note in zip(phones, notes, strict=True):
                write_note(phone, note)
            for phone in phones:  # each sees the others' notes
                for note in notes:
                    see(phone, note)

            loaded = [page_load(phone) for phone in phones]
            hosting_app.kill()
            assert hosting_app.start() == link  # same storage: same table, same link
            for phone, when in zip(phones, loaded, strict=True):
                wait_for_reload(phone, when)
            r = httpx.post(
                hosting_app.url(f"/api/tables/{table['table_id']}/commands"),
                json={"id": "start", "type": "session.start", "args": {}},
                headers=bearer(table["gm_token"]),
                timeout=API_SECONDS,
            )
            assert r.status_code == 200, r.text
            seats = httpx.get(
                hosting_app.url(f"/api/tables/{table['table_id']}"),
                headers=bearer(table["gm_token"]),
                timeout=API_SECONDS,
            ).json()["seats"]
            assert sorted(s["name"] for s in seats) == sorted(NAMES)  # no seat taken anew
            for phone, name in zip(phones, NAMES, strict=True):
                see(phone, "Session 1 running", timeout=APP_TIMEOUT_MS)
                # Its own seat: the header names the table and this phone's player.
                expect(phone.get_by_text(re.compile(rf"^Deadwood · {name}$"))).to_be_visible()
                expect(phone.get_by_role("tab", name=re.compile(r"Hand$"))).to_be_visible()
                expect(phone.get_by_role("textbox", name="Your name")).to_have_count(0)
            # Chromium's pixels can lag the accessibility tree by a second or two under
            # load (a screenshot then still shows "Opening the table..."): a moment first.
            phones[0].wait_for_timeout(2_000)
            for phone, name in zip(phones, NAMES, strict=True):
                screenshot(phone, f"fresh-venv-back-{name}")
    finally:
        for context in contexts:
            context.close()
