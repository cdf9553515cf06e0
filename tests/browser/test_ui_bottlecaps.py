"""A Bottlecaps table in real browsers: a phone taps a cap, sees what it can do now,
rolls a Trait with the Wild Die and spends a cap on it from the Roll tab (spend where
you roll); the GM awards and sees it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.conftest import RunningHost, create_table, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import open_tab, tap, tap_until, type_into
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def caps_table(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[RunningHost, dict[str, str], Page, Page]]:
    host = start_host(tmp_path_factory.mktemp("ui-caps") / "data", with_web=True)
    created = create_table(host.url, "bottlecaps", name="Wasteland")
    try:
        with pages_on(browser, host.url, TABLET, PHONE) as (gm, cat):
            yield host, created, gm, cat
    finally:
        host.stop()


def test_a_cap_shows_its_uses_and_pays_for_a_reroll(
    caps_table: tuple[RunningHost, dict[str, str], Page, Page],
) -> None:
    host, created, gm, cat = caps_table
    live = host.hub.tables[created["table_id"]]

    def logged(text: str) -> bool:
        return any(text in event.text for event in live.table.events)

    gm.goto("/gm?" + created["gm_url"].split("?", 1)[1])
    enable_semantics(gm)
    cat.goto(f"/join/{created['join_code']}")
    enable_semantics(cat)
    type_into(cat, "Your name", "Cat")
    tap(button(cat, "Join the table"))
    cat.get_by_role("tab", name="Caps").wait_for()
    tap(button(gm, "Start session 1"))
    tap(button(gm, "Caps"))
    tap(button(gm, "White"))
    tap(button(gm, "Award"))
    see(gm, "The GM awards Cat", timeout=5_000)
    white = button(cat, re.compile("^White caps: "))
    tap(white)
    see(cat, "There's no roll to reroll: roll first.", timeout=5_000)
    open_tab(cat, "Roll")
    tap(button(cat, "Roll Agility"))
    see(cat, "Cat rolls Agility", timeout=5_000)
    # Spend where you roll: the roll just made offers the caps that can change it.
    reroll = button(cat, "Reroll the Trait roll, keep the better: white cap")
    reroll.wait_for(timeout=10_000)
    cat.wait_for_timeout(300)
    shot(cat, "player-bottlecaps-roll", keep=True)
    # A tap that lands while Flutter redraws can be lost (a person taps again): the tap
    # below is harmless to repeat until what it does has happened.
    tap_until(reroll, lambda: logged("Cat spends a white cap"), "the reroll reaching the host")
    open_tab(cat, "Caps")
    cat.wait_for_timeout(300)
    shot(cat, "player-bottlecaps", keep=True)
    see(gm, "Cat spends a white cap", timeout=5_000)
    tap(button(gm, "Seats"))
    see(gm, "Cat", timeout=5_000)
    shot(gm, "gm-bottlecaps", keep=True)
