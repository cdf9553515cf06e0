"""Every GM tool of every rule system speaks words, never the API (#28).

The GM's tablet, once a player sits and the session runs: each tool tab is opened and
scrolled through (Flutter leaves what is far off screen out of the accessibility tree),
and every text and name it shows is read. It fails on a command's wire name
("bond.propose"), a seat's or NPC's id ("p1", "n2"), "seat id", or an argument's
snake_case name ("helper_skill"): things the GM never sees anywhere else and can't act
on. Each screenful's controls are held to `test_accessible_names`' rules too: a name
of its own (a die type per trait was five buttons "d6" on one screen; each form of the
More tab had its "The player" menu), and no card's text as a control's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from app.ui.systems import system_ui
from tests.conftest import ADMIN, RunningHost, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import tap, type_into
from .test_accessible_names import naming_problems

pytestmark = pytest.mark.browser

SYSTEMS = ("deadlands", "spacelands", "bottlecaps", "fates-edge", "wheel-of-fate")
#: What only the API says.
LEAKS = {
    "a command's wire name": re.compile(r"\b[a-z]+\.[a-z][a-z_]+\b"),
    "a seat's or NPC's id": re.compile(r"\b[pn]\d+\b"),
    "a seat id": re.compile(r"\bseat ids?\b", re.IGNORECASE),
    "an argument's name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
}
#: Texts that match a pattern and are words (a web address in the join card).
ALLOWED = re.compile(r"https?://\S+|\b\w+\.(?:png|svg)\b")
#: The tools column, in landscape (x), and how far one scroll step goes.
TOOLS_X, STEP = 640, 500


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    running = start_host(tmp_path_factory.mktemp("words") / "data", with_web=True)
    yield running
    running.stop()


def leaks(text: str) -> list[str]:
    """What in ``text`` only the API says, as "what: the words"."""
    text = ALLOWED.sub(" ", text)
    return [f"{what}: {m.group(0)!r}" for what, rx in LEAKS.items() for m in rx.finditer(text)]


def read_tool(gm: Page, names: list[str] | None = None, screen: str = "") -> str:
    """Everything the open tool shows, scrolled through top to bottom (``names``: gets
    what is wrong with the controls' names on each screenful)."""
    seen: list[str] = []
    gm.mouse.move(TOOLS_X, 400)
    gm.mouse.wheel(0, -20_000)
    gm.wait_for_timeout(400)
    last = ""
    for _ in range(12):
        snapshot = gm.locator("body").aria_snapshot()
        seen.append(snapshot)
        if names is not None:
            names += naming_problems(snapshot, screen)
        if snapshot == last:
            break
        last = snapshot
        gm.mouse.wheel(0, STEP)
        gm.wait_for_timeout(350)
    return "\n".join(seen)


@pytest.mark.parametrize("ruleset", SYSTEMS)
def test_every_gm_tool_speaks_words(host: RunningHost, browser: Browser, ruleset: str) -> None:
    created = httpx.post(
        f"{host.url}/api/tables",
        json={"name": "Words", "ruleset": ruleset, "settings": {}},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    found: list[str] = []
    with pages_on(browser, host.url, TABLET, PHONE) as (gm, phone):
        phone.goto(f"/join/{created['join_code']}")
        enable_semantics(phone)
        type_into(phone, "Your name", "Ann")
        tap(phone.get_by_role("button", name="Join the table", exact=True).first)
        phone.get_by_role("tab").last.wait_for(timeout=20_000)
        r = httpx.post(
            f"{host.url}/api/tables/{created['table_id']}/commands",
            json={"id": "start", "type": "session.start", "args": {}},
            headers={"Authorization": f"Bearer {created['gm_token']}"},
        )
        assert r.status_code == 200, r.text
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        gm.get_by_text(re.compile("Session 1")).first.wait_for(timeout=20_000)
        for tool in ["Seats", *(panel.name for panel in system_ui(ruleset).gm)]:
            tab = gm.get_by_role("button", name=tool, exact=True).first
            gm.mouse.move(TOOLS_X, 400)
            gm.mouse.wheel(0, -20_000)
            tap(tab)
            gm.wait_for_timeout(600)
            text = read_tool(gm, found, f"{ruleset} GM {tool}")
            found += [f"{ruleset} {tool}: {leak}" for leak in leaks(text)]
    assert not found, "\n".join(sorted(set(found)))


def test_the_check_finds_what_only_the_api_says() -> None:
    text = 'button "Send bond.propose" text: with: the other player\'s seat id (p2) helper_skill'
    assert leaks(text) == [
        "a command's wire name: 'bond.propose'",
        "a seat's or NPC's id: 'p2'",
        "a seat id: 'seat id'",
        "an argument's name: 'helper_skill'",
    ]
    assert leaks("Join at http://192.168.1.5:8000/join/AB12CD. Wind 10/10.") == []
