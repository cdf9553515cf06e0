"""A new player's first minute in a real browser: join, be led to what the game needs
before the first roll, and roll.

- Fate's Edge: the phone opens on "Before your first roll": a pregen, then a kit, and
  the character is finished and the pool ready (no hunting through Sheet -> pregen ->
  kit -> Finish).
- Deadlands: a blank sheet (1d6 everywhere) is pointed out and leads to the Sheet tab;
  once a trait is filled in, the player rolls and spends a chip on the roll.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from app.domain.actors import GM
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
    close_toast(ann)
    roll = button(ann, re.compile(r"^Roll \d+d10 "))
    tap(roll)
    see(ann, "Sable Kestrel rolls", timeout=10_000)


def test_a_new_deadlands_player_fills_in_a_trait_rolls_and_spends_a_chip(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, bob = phone_on
    created = create_table(host.url, "deadlands", name="Gomorra")
    live = host.hub.tables[created["table_id"]]
    join_on(bob, created["join_code"], "Bob")
    see(bob, "every trait rolls 1d6", timeout=20_000)
    bob.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(bob, "first-minute-deadlands", keep=True)
    tap(button(bob, "Fill in my sheet"))
    see(bob, "Traits", timeout=10_000)
    tap(button(bob, "d8"))  # the first trait (Cognition) becomes 1d8

    def cognition() -> int:
        rules = live.table.view(GM)["rules"]
        return int(rules["players"]["p1"]["sheet"]["traits"]["cognition"]["die"])

    expect(shown(bob, "Cognition 1d8").first).to_be_visible(timeout=10_000)
    assert cognition() == 8
    gm_command(host, created, "start", "session.start")
    gm_command(host, created, "red", "chips.award", player="p1", colour="red")
    close_toast(bob)
    open_tab(bob, "Hand")
    expect(shown(bob, FIRST)).to_have_count(0, timeout=10_000)
    open_tab(bob, "Roll")
    # Dice rolled at the table (a 4): a random roll could go bust, and no chip helps then.
    tap(bob.get_by_role("switch", name="Enter dice rolled at the table"))
    type_into(bob, re.compile("^1 dice"), "4")
    tap(button(bob, "Record these dice"))
    see(bob, "Chance of success now", timeout=10_000)
    tap(button(bob, re.compile("^Red chip")))
    see(bob, "Bob spends a red chip", timeout=10_000)
    assert any("Bob spends a red chip" in e.text for e in live.table.events)


def test_a_new_spacelands_player_fills_in_a_trait_rolls_and_spends_a_chip(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, cy = phone_on
    created = create_table(host.url, "spacelands", name="Outer Rim")
    live = host.hub.tables[created["table_id"]]
    join_on(cy, created["join_code"], "Cy")
    see(cy, "every trait rolls 1d6", timeout=20_000)
    tap(button(cy, "Fill in my sheet"))
    see(cy, "Traits", timeout=10_000)
    tap(button(cy, "d8"))  # the first trait becomes 1d8

    def dice() -> list[int]:
        traits = live.table.view(GM)["rules"]["players"]["p1"]["sheet"]["traits"]
        return [int(t["die"]) for t in traits.values()]

    wait_until(cy, lambda: 8 in dice(), "the trait filled in")
    gm_command(host, created, "start", "session.start")
    gm_command(host, created, "red", "chips.award", player="p1", colour="red")
    close_toast(cy)
    open_tab(cy, "Hand")
    expect(shown(cy, FIRST)).to_have_count(0, timeout=10_000)
    open_tab(cy, "Roll")
    # Dice rolled at the table (a 4): a random roll could go bust, and no chip helps then.
    tap(cy.get_by_role("switch", name="Enter dice rolled at the table"))
    type_into(cy, re.compile("^1 dice"), "4")
    tap(button(cy, "Record these dice"))
    see(cy, "Chance of success now", timeout=10_000)
    tap(button(cy, re.compile("^Red chip")))
    wait_until(
        cy, lambda: any("Cy spends a red chip" in e.text for e in live.table.events), "the spend"
    )


def test_a_new_bottlecaps_player_fills_in_an_attribute_rolls_and_spends_a_cap(
    phone_on: tuple[RunningHost, Page],
) -> None:
    host, dee = phone_on
    created = create_table(host.url, "bottlecaps", name="Wasteland")
    live = host.hub.tables[created["table_id"]]
    join_on(dee, created["join_code"], "Dee")
    see(dee, "every attribute is d4", timeout=20_000)
    dee.wait_for_timeout(1_000)  # the accessibility tree can run ahead of the paint
    shot(dee, "first-minute-bottlecaps", keep=True)
    tap(button(dee, "Fill in my sheet"))
    see(dee, "Attributes", timeout=10_000)
    tap(button(dee, "d8"))  # Agility, the first attribute, becomes d8

    def agility() -> str:
        you = live.table.view(GM)["rules"]["gm"]["players"]["p1"]["sheet"]
        return str(you["attributes"]["Agility"])

    wait_until(dee, lambda: agility() == "d8", "Agility d8")
    gm_command(host, created, "start", "session.start")
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
