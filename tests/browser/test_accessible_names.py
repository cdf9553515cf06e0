"""Every control a screen reader (or a test) can reach has a name of its own (#28).

Walks Flutter's accessibility tree of each main screen in every rule system: the GM's
tablet, and each tab of a player's phone once the session runs. It fails on an
interactive node with no name, on a name two interactive nodes share, and on an
interactive node whose name is a whole card's text (a container that took a control's
role: a Deadlands roll card read as one "button" 150 characters long, because the
Trait menu inside it was an unnamed button).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.conftest import ADMIN, RunningHost, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import open_tab, tap, type_into

pytestmark = pytest.mark.browser

SYSTEMS = ("deadlands", "spacelands", "bottlecaps", "fates-edge", "wheel-of-fate")
#: Roles a person acts on.
INTERACTIVE = ("button", "textbox", "switch", "combobox", "checkbox", "radio", "slider", "tab")
#: Roles whose control Flutter sizes itself (a button's size is the app's own).
TOGGLES = ("switch", "checkbox", "radio")
#: The smallest tap target (app/ui/theme.py's TARGET), less rounding.
SMALLEST_TARGET = 47.5
#: Longer than any control's own name: a container's texts.
LONGEST_NAME = 90
NODE = re.compile(
    r"^\s*- '?(?P<role>"
    + "|".join(INTERACTIVE)
    + r')(?=[\s":\[\']|$)(?: "(?P<name>(?:[^"\\]|\\.)*)")?'
)


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    running = start_host(tmp_path_factory.mktemp("names") / "data", with_web=True)
    yield running
    running.stop()


def problems(page: Page, screen: str) -> list[str]:
    """What is wrong with the interactive nodes of the screen ``page`` shows."""
    return naming_problems(page.locator("body").aria_snapshot(), screen) + too_small(page, screen)


def naming_problems(snapshot: str, screen: str) -> list[str]:
    """Unnamed interactive nodes, names that are a card's text, and names two share, in
    one aria snapshot of a screen."""
    nodes = []
    for line in snapshot.splitlines():
        found = NODE.match(line)
        if found:
            nodes.append((found["role"], found["name"] or ""))
    found_problems = [f"{screen}: an unnamed {role}" for role, name in nodes if not name.strip()]
    found_problems += [
        f"{screen}: a {role} named with a whole card's text: {name[:60]}..."
        for role, name in nodes
        if len(name) > LONGEST_NAME
    ]
    shared = Counter(name for _, name in nodes if name.strip())
    found_problems += [
        f"{screen}: {count} controls named {name!r}" for name, count in shared.items() if count > 1
    ]
    return found_problems


def too_small(page: Page, screen: str) -> list[str]:
    """Toggles on the screen less than a finger's 48 px tall (a switch shrink-wrapped to
    40 px where Flutter thinks it is on a desktop)."""
    found: list[str] = []
    height = (page.viewport_size or {"height": 800})["height"]
    for role in TOGGLES:
        for node in page.get_by_role(role).all():  # type: ignore[arg-type]
            box = node.bounding_box()
            if box is not None and not 100 < box["y"] < height - 250:
                # A node the list clips at its end is measured whole: in the middle.
                page.mouse.move(box["x"] + 5, height / 2)
                page.mouse.wheel(0, box["y"] - height / 2)
                page.wait_for_timeout(400)
                box = node.bounding_box()
            if box is not None and box["height"] < SMALLEST_TARGET:
                name = node.get_attribute("aria-label") or ""
                found.append(f"{screen}: a {role} {box['height']:.0f} px tall: {name[:40]!r}")
    return found


@pytest.mark.parametrize("ruleset", SYSTEMS)
def test_every_control_of_every_main_screen_has_a_name_of_its_own(
    host: RunningHost, browser: Browser, ruleset: str
) -> None:
    created = httpx.post(
        f"{host.url}/api/tables",
        json={"name": "Names", "ruleset": ruleset, "settings": {}},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={"id": "start", "type": "session.start", "args": {}},
        headers={"Authorization": f"Bearer {created['gm_token']}"},
    )
    assert r.status_code == 200, r.text
    found: list[str] = []
    with pages_on(browser, host.url, TABLET, PHONE) as (gm, phone):
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        phone.goto(f"/join/{created['join_code']}")
        enable_semantics(phone)
        type_into(phone, "Your name", "Ann")
        tap(phone.get_by_role("button", name="Join the table", exact=True).first)
        tabs = phone.get_by_role("tab")
        tabs.last.wait_for(timeout=20_000)
        gm.get_by_text(re.compile("Ann")).first.wait_for(timeout=20_000)
        found += problems(gm, f"{ruleset} GM")
        names = [str(n).split(":")[0] for n in tabs.evaluate_all("t => t.map(e => e.ariaLabel)")]
        for name in names:
            open_tab(phone, name)
            phone.wait_for_timeout(500)
            found += problems(phone, f"{ruleset} phone {name}")
    assert not found, "\n".join(found)


def test_the_check_finds_an_unnamed_control_and_a_shared_name(tmp_path: Path) -> None:
    """The parser itself, on an aria snapshot with each fault (it must be able to fail)."""

    class Snapshot:
        def __init__(self, text: str) -> None:
            self.text = text

        def locator(self, _: str) -> Snapshot:
            return self

        def aria_snapshot(self) -> str:
            return self.text

        def get_by_role(self, _: str) -> Snapshot:
            return self

        viewport_size = None

        def all(self) -> list[object]:
            return []

    text = '- button "Roll"\n- button\n- group:\n  - button "Roll"\n  - \'button "' + "x" * 99
    found = problems(Snapshot(text + "\"'\n"), "test")  # type: ignore[arg-type]
    assert found == [
        "test: an unnamed button",
        f"test: a button named with a whole card's text: {'x' * 60}...",
        "test: 2 controls named 'Roll'",
    ]
