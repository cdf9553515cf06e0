"""A new player's first minute in a real browser: join, be led to what the game needs
before the first roll, and roll.

- Fate's Edge: the phone opens on "Before your first roll": a pregen, then a kit, and
  the character is finished and the pool ready (no hunting through Sheet -> pregen ->
  kit -> Finish); the first roll's die is re-rolled with a Boon.
- Deadlands / Spacelands: a blank sheet (1d6 everywhere) is pointed out with
  ready-made archetypes; joining mid-session, one tap on "Play the Gunslinger" fills
  the sheet, and the player rolls from it and spends a chip on the roll.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from app.domain.actors import GM
from app.domain.changes import tokens_in
from tests.conftest import RunningHost, bearer, create_table, start_host

from .conftest import PHONE, enable_semantics, pages_on
from .flutter_input import open_tab, tap, type_into
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser

FIRST = "Before your first roll"


@pytest.fixture(scope="module")
def live_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    host = start_host(tmp_path_factory.mktemp("ui-first-minute") / "data", with_web=True)
    yield host
    host.stop()


@pytest.fixture
def phone_on(browser: Browser, live_host: RunningHost) -> Iterator[tuple[RunningHost, Page]]:
    """A new player's own phone (a fresh browser context) on the shared host."""
    with pages_on(browser, live_host.url, PHONE) as (phone,):
        yield live_host, phone


def gm_command(
    host: RunningHost, created: dict[str, str], cid: str, type_: str, **args: str
) -> None:
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={"id": cid, "type": type_, "args": args},
        headers=bearer(created["gm_token"]),
    )
    r.raise_for_status()


def join_on(phone: Page, code: str, name: str) -> None:
    phone.goto(f"/join/{code}")
    enable_semantics(phone)
    type_into(phone, "Your name", name)
    tap(button(phone, "Join the table"))


def shown(page: Page, text: str) -> Locator:
    """Text on screen, alone or inside a card Flutter reads as one group."""
    said = re.compile(re.escape(text))
    return page.get_by_text(said).or_(page.get_by_label(said))


def wait_until(page: Page, done: Callable[[], bool], what: str, ms: int = 10_000) -> None:
    for _ in range(ms // 200):
        if done():
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"waited in vain for {what}")


def close_toast(page: Page) -> None:
    """Let the toast go (on a phone it covers the tab bar); tapping its Close would race
    its own timeout."""
    close = page.get_by_role("button", name="Close", exact=True)
    expect(close).to_have_count(0, timeout=15_000)


def test_a_new_fates_edge_player_takes_a_pregen_and_a_kit_and_rolls(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, ann = phone_on
    created = create_table(host.url, "fates-edge", name="Edgewood")
    gm_command(host, created, "start", "session.start")
    live = host.hub.tables[created["table_id"]]
    join_on(ann, created["join_code"], "Ann")
    see(ann, FIRST, timeout=20_000)
    ann.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(ann, "first-minute-fates-edge", keep=True)
    tap(button(ann, "Play Sable Kestrel"))
    kit = button(ann, "Take the Traveler's Pack")
    kit.wait_for(timeout=10_000)
    tap(kit)

    def sheet() -> dict[str, str]:
        found: dict[str, str] = live.table.view(GM)["rules"]["characters"]["p1"]
        return found

    wait_until(ann, lambda: sheet()["status"] != "creating", "the character finished")
    assert sheet()["name"] == "Sable Kestrel"
    expect(shown(ann, FIRST)).to_have_count(0, timeout=10_000)
    # A Boon (a backstory bond called upon), to spend on the first roll.
    gm_command(host, created, "boon", "boon.award", player="p1", reason="bond")
    # Issue #28: she is told she has a Boon and how to spend it, and the top of the
    # Roll tab says so without scrolling (the hint sat under the last roll, below).
    see(ann, "Spend it on the Roll tab", timeout=10_000)
    held = shown(ann, "1 Boon: tap a die after you roll")  # in the Roll card's title
    held.first.wait_for(timeout=10_000)
    box = held.first.bounding_box()
    assert box is not None and box["y"] < PHONE["viewport"]["height"] / 2
    shot(ann, "fe-boon-given", keep=True)
    close_toast(ann)
    roll = button(ann, re.compile(r"^Roll \d+d10 "))
    tap(roll)
    see(ann, "Sable Kestrel rolls", timeout=10_000)
    # The spend where she rolled: tap a die to re-roll it with the Boon.
    close_toast(ann)
    tap(button(ann, re.compile(r"^Re-roll Die 1: ")))
    wait_until(
        ann,
        lambda: any("spends a Boon to re-roll" in e.text for e in live.table.events),
        "the Boon spent on a re-roll",
    )


def quick_start_roll_and_spend(
    host: RunningHost, phone: Page, ruleset: str, name: str, archetype: str
) -> None:
    """Join mid-session, take a ready-made archetype, roll from the sheet, spend a chip."""
    created = create_table(host.url, ruleset, name=f"A {ruleset} table")
    gm_command(host, created, "start", "session.start")  # the evening is under way
    live = host.hub.tables[created["table_id"]]
    join_on(phone, created["join_code"], name)
    see(phone, "every trait rolls 1d6", timeout=20_000)
    phone.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(phone, f"first-minute-{ruleset}", keep=True)
    tap(button(phone, f"Play the {archetype}"))

    def sheet() -> dict[str, Any]:
        found: dict[str, Any] = live.table.view(GM)["rules"]["players"]["p1"]["sheet"]
        return found

    wait_until(phone, lambda: bool(sheet()["aptitudes"]), "the archetype on the sheet")
    assert sheet()["traits"]["deftness"] == {"die": 10, "coordination": 3}
    expect(shown(phone, FIRST)).to_have_count(0, timeout=10_000)
    gm_command(host, created, "red", "chips.award", player="p1", colour="red")
    close_toast(phone)
    open_tab(phone, "Roll")
    # The best trait from the sheet (Deftness 3d10), with dice rolled at the table (4, 3
    # and 2: a failure at TN 5): a random roll could go bust, and no chip helps then.
    see(phone, "3d10 vs TN 5", timeout=10_000)
    tap(phone.get_by_role("switch", name="Enter dice rolled at the table"))
    type_into(phone, re.compile("^3 dice"), "4, 3, 2")
    tap(button(phone, "Record these dice"))
    see(phone, "Chance of success now", timeout=10_000)
    tap(button(phone, re.compile("^Red chip")))
    wait_until(
        phone,
        lambda: any(f"{name} spends a red chip" in e.text for e in live.table.events),
        "the spend",
    )


def test_a_new_deadlands_player_takes_a_gunslinger_rolls_and_spends_a_chip(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, bob = phone_on
    quick_start_roll_and_spend(host, bob, "deadlands", "Bob", "Gunslinger")


def test_a_new_spacelands_player_takes_a_blaster_hand_rolls_and_spends_a_chip(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, cy = phone_on
    quick_start_roll_and_spend(host, cy, "spacelands", "Cy", "Blaster hand")


def test_a_new_bottlecaps_player_takes_a_scavenger_rolls_and_spends_a_cap(
    phone_on: tuple[RunningHost, Page],
) -> None:
    """Issue #28: Dee sits down after the GM started the session (before, the card said
    "Ready-made characters can be taken between sessions" and Dee sat at d4): she draws
    her caps on arrival and takes a starter with one tap; nothing asked of the GM."""
    host, dee = phone_on
    created = create_table(host.url, "bottlecaps", name="Wasteland")
    live = host.hub.tables[created["table_id"]]
    gm_command(host, created, "start", "session.start")  # the evening is under way
    join_on(dee, created["join_code"], "Dee")
    see(dee, "every attribute is d4", timeout=20_000)
    # "Each session, you start with three Caps drawn randomly from the pot": on arrival.
    assert sum(tokens_in(live.table.state, "hand:p1").values()) == 3
    dee.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(dee, "first-minute-bottlecaps", keep=True)
    tap(button(dee, "Play the Scavenger"))  # a ready-made sheet: Agility d8, Shooting d6...

    def sheet() -> dict[str, Any]:
        found: dict[str, Any] = live.table.view(GM)["rules"]["gm"]["players"]["p1"]["sheet"]
        return found

    wait_until(dee, lambda: sheet()["attributes"]["Agility"] == "d8", "Agility d8")
    assert sheet()["skills"]["Shooting"] == "d6"
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={
            "id": "cap",
            "type": "cap.award",
            "args": {"player": "p1", "n": 1, "colour": "white"},
        },
        headers=bearer(created["gm_token"]),
    )
    r.raise_for_status()
    close_toast(dee)
    open_tab(dee, "Caps")
    expect(shown(dee, FIRST)).to_have_count(0, timeout=10_000)
    open_tab(dee, "Roll")
    # Dice rolled at the table (a failure, no snake eyes): a random roll could come up
    # double 1s, a critical failure no cap can reroll.
    tap(dee.get_by_role("switch", name="Enter dice rolled at the table"))
    type_into(dee, re.compile("^Trait die d8 faces"), "3")
    type_into(dee, "Wild Die d6 faces", "2")
    tap(button(dee, "Roll Agility"))
    see(dee, "Dee rolls Agility", timeout=10_000)
    open_tab(dee, "Caps")
    reroll = button(dee, "Reroll the Trait roll, keep the better: white cap")
    white = button(dee, re.compile("^White caps: "))
    tap(white)
    reroll.wait_for(timeout=10_000)
    tap(reroll)
    wait_until(
        dee, lambda: any("Dee spends a white cap" in e.text for e in live.table.events), "the spend"
    )


def test_a_new_wheel_player_quick_starts_and_rolls_with_a_fate_point(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, eve = phone_on
    created = create_table(host.url, "wheel-of-fate", name="The Wheel")
    gm_command(host, created, "start", "session.start")
    live = host.hub.tables[created["table_id"]]
    join_on(eve, created["join_code"], "Eve")
    eve.get_by_role("tab", name="Roll").wait_for()
    open_tab(eve, "Roll")
    see(eve, FIRST, timeout=20_000)
    eve.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(eve, "first-minute-wheel", keep=True)
    tap(button(eve, "Quick start"))

    def sheet() -> dict[str, object]:
        found: dict[str, object] = live.table.view(GM)["rules"]["sheets"]["p1"]
        return found

    wait_until(eve, lambda: bool(sheet().get("attributes")), "the even split")
    see(eve, "You can roll now.", timeout=10_000)
    close_toast(eve)
    tap(button(eve, "Physical 3d"))
    more_fate = button(eve, "More Fate points for bonus dice")
    eve.mouse.move(195, 500)  # the stepper sits below the fold: scroll the list to it
    for _ in range(10):
        if more_fate.count():
            break
        eve.mouse.wheel(0, 250)
        eve.wait_for_timeout(300)
    tap(more_fate)
    see(eve, "costs 1 fate point", timeout=10_000)
    tap(button(eve, re.compile(r"^Roll 3d6\+")))
    wait_until(eve, lambda: int(str(sheet().get("fate"))) == 4, "the fate point spent")
    see(eve, "Your last roll", timeout=10_000)
