"""What a person types is exactly what is sent, at any speed, while the host is slow.

A field that took the host's copy of its text after every keystroke lost letters when
the host read the keys in bursts (a busy host, a slow link): the host's copy of "Cli"
came back after "Climb" was typed and replaced it. Here each device reaches the host
through a proxy that delivers what it sends in bursts (`SourceProxy.lag`), a GM types a
note and a player a roll's label at typing speed, each taps at once, and the log must
hold exactly the typed text.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.conftest import ADMIN, RunningHost, start_host
from tests.support.source_proxy import SourceProxy

from .conftest import PHONE, TABLET, enable_semantics, pages_on, screenshot
from .flutter_input import forget_pages, host_values, open_tab, tap, type_into
from .gm_start import start_first_session

pytestmark = pytest.mark.browser

NOTE = (
    "Peter rides to Dodge City; the posse follows at dawn, 3 hours behind. "
    "The stagecoach from Tombstone is late again, and its driver will not say why. "
    "Ann owes the undertaker 12 dollars and a favour; he has not forgotten either."
)
#: How many times each text is typed (each a fresh chance for a lost letter).
ROUNDS = 3
LABEL = "Climbing the water tower in the rain, with the sheriff's dog barking below"
TICK = "Meanwhile"
#: Seconds between changes to the table while people type.
NEWS_EVERY = 0.2
#: Seconds between the bursts in which the host reads a device.
BURST = 0.3
#: Milliseconds between keys: a quick typist.
KEY_DELAY = 25


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    exact = True if isinstance(name, str) else None
    return page.get_by_role("button", name=name, exact=exact).first


@pytest.fixture
def host(tmp_path: Path) -> Iterator[RunningHost]:
    running = start_host(tmp_path / "data", with_web=True)
    yield running
    running.stop()


def events(host: RunningHost, table_id: str) -> list[Any]:
    return list(host.hub.tables[table_id].table.events)


@contextmanager
def news_meanwhile(host: RunningHost, created: dict[str, Any]) -> Iterator[None]:
    """The table keeps changing (a note from the GM's other device every NEWS_EVERY s), so
    every screen redraws while people type, as at a busy table."""
    stop = threading.Event()

    def post() -> None:
        with httpx.Client() as client:
            n = 0
            while not stop.wait(NEWS_EVERY):
                n += 1
                client.post(
                    f"{host.url}/api/tables/{created['table_id']}/commands",
                    json={"id": f"tick-{n}", "type": "note", "args": {"text": f"{TICK} {n}"}},
                    headers={"Authorization": f"Bearer {created['gm_token']}"},
                )

    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=5)


def focus(page: Page, name: str) -> Locator:
    """Focus the field called ``name`` as a finger does."""
    field = page.get_by_role("textbox", name=name).first
    for attempt in range(8):
        if attempt % 2:
            field.tap()  # Locator.tap focuses a field on a phone-size page (a click may not)
        else:
            tap(field)
        try:
            expect(field).to_be_focused(timeout=1_500)
            return field
        except AssertionError:
            continue
    expect(field).to_be_focused(timeout=1_000)
    return field


def type_fast(page: Page, name: str, text: str) -> None:
    """Type ``text`` key by key into the field called ``name``."""
    field = page.get_by_role("textbox", name=name).first
    try:
        expect(field).to_be_focused(timeout=500)
    except AssertionError:
        focus(page, name)
    page.keyboard.type(text, delay=KEY_DELAY)


def test_text_typed_fast_while_the_host_is_slow_is_sent_exactly(
    host: RunningHost, browser: Browser
) -> None:
    r = httpx.post(
        f"{host.url}/api/tables",
        json={"name": "Deadwood", "ruleset": "deadlands", "settings": {}},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert r.status_code == 201, r.text
    created = r.json()
    table_id = created["table_id"]
    forget_pages()  # the fields of this test's two pages only
    gm_link = SourceProxy(host.url, "127.0.0.2").start()
    phone_link = SourceProxy(host.url, "127.0.0.3").start()
    try:
        with (
            pages_on(browser, gm_link.url, TABLET) as (gm,),
            pages_on(browser, phone_link.url, PHONE) as (ann,),
        ):
            gm.goto(created["gm_url"].replace(host.url, ""))
            enable_semantics(gm)
            start_first_session(gm, host, table_id)
            ann.goto(f"/join/{created['join_code']}")
            enable_semantics(ann)
            type_into(ann, "Your name", "Ann")
            tap(button(ann, "Join the table"))
            open_tab(ann, "Roll")
            roll = button(ann, re.compile(r"^Roll \d+d\d+"))
            tap(button(ann, "Not now"))  # the blank sheet's card: the defaults roll

            # Both fields take the finger first (a field is focused on the phone itself);
            # then the host turns slow and busy while the keys come.
            focus(ann, "What for (optional)")
            focus(gm, "Note for the log")
            gm_link.lag(BURST)
            phone_link.lag(BURST)

            def written() -> tuple[list[str], list[str]]:
                log = events(host, table_id)
                notes = [
                    str(e.data.get("text"))
                    for e in log
                    if e.type == "note" and not str(e.data.get("text")).startswith(TICK)
                ]
                rolls = [str(e.text) for e in log if " rolls " in str(e.text)]
                return notes, rolls

            def until(done: Callable[[], bool]) -> None:
                for _ in range(150):  # the bursts take a while to reach the host
                    if done():
                        return
                    gm.wait_for_timeout(100)

            typed: list[str] = []  # what each field held once the bursts were in

            def rounds(page: Page, name: str, text: str) -> None:
                for _ in range(ROUNDS):
                    type_fast(page, name, text)
                    until(lambda: host_values(name) == [text])
                    typed.extend(host_values(name))
                    if len(typed) % ROUNDS:  # typed again from scratch, as people fix text
                        page.keyboard.press("Control+a")
                        page.keyboard.press("Backspace")

            with news_meanwhile(host, created):
                rounds(gm, "Note for the log", NOTE)
                tap(button(gm, "Write the note"), scroll=False)
                rounds(ann, "What for (optional)", LABEL)
                tap(roll)
                until(lambda: bool(written()[0]) and bool(written()[1]))
            notes, rolls = written()
            screenshot(gm, "typing-gm-note")
            screenshot(ann, "typing-roll-label")
            assert typed == [NOTE] * ROUNDS + [LABEL] * ROUNDS
            assert notes == [NOTE]
            assert len(rolls) == 1 and f"Ann rolls {LABEL} (" in rolls[0], rolls
            # And the field still holds every letter typed (the phone's copy is the
            # host's: the browser reports each edit).
            assert host_values("What for (optional)") == [LABEL]
    finally:
        gm_link.stop()
        phone_link.stop()
