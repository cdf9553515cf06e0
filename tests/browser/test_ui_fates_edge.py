"""A Fate's Edge table in real browsers: the GM's tablet and a phone at 390x844, through
Flutter's accessibility tree, against a real host (API + Flet UI on one port).

The GM creates the table; Ann joins, takes a pregen, sees the exact odds of each ladder
step, rolls on the host and enters physical dice; the GM sees the CP arrive in the bank
and ticks a visible clock that appears on the phone. Nothing may leave the local host.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app.domain.actors import GM
from app.domain.odds import fates_edge_odds
from app.ui.widgets import pct
from tests.conftest import ADMIN, RunningHost

from .conftest import enable_semantics
from .flutter_input import (
    dismiss,
    open_tab,
    steady,
    tap,
    tap_until,
    type_into,
)
from .test_ui_first_minute import wait_until

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LIVE_MS = 5_000
OUTCOMES = re.compile(r"(Clean Success|Success & Cost|Partial|Miss): ")


def shot(page: Page, name: str, *, keep: bool = False) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ui-{name}.png"))
    if keep:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def button(page: Page, name: str | re.Pattern[str]) -> Locator:
    exact = True if isinstance(name, str) else None
    return page.get_by_role("button", name=name, exact=exact).first


def see(page: Page, text: str | re.Pattern[str], timeout: int = LIVE_MS) -> None:
    found = page.get_by_text(text).or_(page.get_by_label(text))
    expect(found.first).to_be_visible(timeout=timeout)


def reach(page: Page, target: Locator, *, down: bool = True) -> Locator:
    """Scroll the list until ``target`` is in Flutter's semantics tree (it leaves out
    what is far off screen), and return it."""
    for _ in range(12):
        if target.count():
            return steady(target.first)
        page.mouse.wheel(0, 500 if down else -500)
        page.wait_for_timeout(250)
    return target.first


def close_toast(page: Page) -> None:
    close = page.get_by_role("button", name="Close", exact=True)
    if close.count():
        dismiss(close)
        expect(close).to_have_count(0)


def bank(host: RunningHost, table_id: str) -> int:
    return int(host.hub.tables[table_id].table.view(GM)["rules"]["cp_bank"])


def test_a_player_rolls_with_a_ladder_and_the_gm_sees_cp_and_ticks_a_clock(
    pages: tuple[RunningHost, Page, Page],
) -> None:
    host, gm, ann = pages
    # The GM creates a Fate's Edge table from the start screen.
    gm.goto("/")
    ann.goto("/")  # the phone starts Flutter meanwhile, and joins with the code later
    enable_semantics(gm)
    name_field = gm.get_by_role("textbox", name="New table name")
    for _ in range(3):  # typing while the start screen is still settling can be lost
        type_into(gm, "Host admin token", ADMIN)
        tap(button(gm, "Show tables"))
        try:
            name_field.wait_for(timeout=4_000)
            break
        except PlaywrightTimeout:
            continue
    type_into(gm, "New table name", "Edgewood")
    # The "Rule system" dropdown has no node in Flutter's accessibility tree (its menu
    # items do): open it where it is drawn, just below the table name field.
    box = gm.get_by_role("textbox", name="New table name").bounding_box()
    assert box is not None
    gm.mouse.click(box["x"] + 60, box["y"] + box["height"] + 40)
    tap(button(gm, "Fate's Edge"))
    tap(button(gm, "Create table"))
    button(gm, "Start session 1").wait_for()
    listed = httpx.get(f"{host.url}/api/tables", headers={"Authorization": f"Bearer {ADMIN}"})
    (created,) = listed.json()
    assert created["ruleset"] == "fates-edge"
    table_id, code = created["table_id"], created["join_code"]
    # Ann joins on her phone and takes a pregen.
    enable_semantics(ann)
    type_into(ann, "Join code", code)
    tap(button(ann, "Join"))
    type_into(ann, "Your name", "Ann")
    tap(button(ann, "Join the table"))
    open_tab(ann, "Sheet")
    tap(button(ann, "Play Sable Kestrel"))
    see(ann, "Sable Kestrel")
    close_toast(ann)  # on a phone the toast covers the tab bar
    tap(button(gm, "Start session 1"))
    # The roller: pool from the sheet, the exact odds of each ladder step, before rolling.
    open_tab(ann, "Roll")
    ann.mouse.move(195, 400)  # the scroll wheel acts on the list under the pointer
    tap(button(ann, "Wits 3"))
    tap(button(ann, "Melee 3"))
    see(ann, re.compile(r"Pool: 6d10"))
    exact = fates_edge_odds(6, 2, "intricate")
    odds = f"Success {pct(exact.p_success)} · clean {pct(exact.p_clean)}"
    # The first-steps kit card sits above the roller: scroll the ladder into view.
    said = re.compile(re.escape(odds))
    reach(ann, ann.get_by_text(said).or_(ann.get_by_label(said)))
    see(ann, said)
    chosen = ann.get_by_role("button", name=re.compile(r"^Intricate ladder \(chosen\)"))
    tap_until(button(ann, re.compile("^Intricate ladder")), lambda: chosen.count() > 0, "Intricate")
    tap(reach(ann, ann.get_by_role("button", name="Roll 6d10 Intricate")))
    see(ann, OUTCOMES)
    first = bank(host, table_id)
    # The roll's toast shortens the list: the dice fields below the switch slid under its
    # new end as the tap came (the open point in docs/ui.md); a player closes it first.
    close_toast(ann)
    # Physical dice: the Intricate ladder re-rolls both 1s (one comes up 1 again: a CP).
    faces = ann.get_by_role("textbox", name="The 6 faces rolled")
    tap_until(
        reach(ann, ann.get_by_role("switch", name="Enter physical dice")),
        lambda: faces.count() > 0,
        "the dice fields",
    )
    type_into(ann, "The 6 faces rolled", "1 1 7 8 3 2")
    type_into(ann, re.compile("^Re-roll faces"), "1 9")
    # The first roll's toast is still up: it shortened the list under the button (the
    # strip is in the page's flow), and a tap aimed before it came missed the button
    # (twice in about ten runs: an open point, docs/ui.md "Where the toast goes").
    # A player closes it, or waits for it to go.
    close_toast(ann)
    tap(reach(ann, ann.get_by_role("button", name="Record 6d10 Intricate")))
    see(ann, "Success & Cost: 3 successes, 1 CP (DV 2 Pressured)")
    # Waited for, not read at once: the host's own roll just before can read the same
    # (a helper's run once got here before the record had reached the bank).
    wait_until(ann, lambda: bank(host, table_id) == first + 1, "the CP in the GM's bank")
    # For the picture: back to host dice, the ladder's odds at the top, the result below.
    close_toast(ann)
    tap(ann.get_by_role("switch", name="Enter physical dice"))
    ladder = ann.get_by_role("button", name=re.compile("^Basic ladder")).first.bounding_box()
    if ladder is not None:
        ann.mouse.wheel(0, ladder["y"] - 90)
        ann.wait_for_timeout(400)
    shot(ann, "fates-edge-player", keep=True)
    # The GM sees the CP in the bank, starts a visible clock and ticks it.
    see(gm, f"{first + 1} CP banked")
    tap(button(gm, "Clocks"))
    see(gm, "New clock")
    type_into(gm, "Clock name", "Guards")
    tap(button(gm, "Start clock"))
    tap(button(gm, "Tick Guards"))
    see(gm, "Guards: 1 of 6")
    close_toast(gm)
    shot(gm, "fates-edge-gm", keep=True)
    close_toast(ann)
    open_tab(ann, "Table")
    see(ann, "Guards: 1 of 6")
    shot(ann, "fates-edge-player-table")
