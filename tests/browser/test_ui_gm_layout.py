"""The GM's screen from a 7" tablet in portrait (800x1280) to a laptop (1920x1080).

In portrait the old three columns left the middle one ~130 px wide: seat names wrapped
one letter a line and buttons were cut off. Now every seat has a compact row always in
view (on every tool tab), the tools are below it, the join QR shrinks to a button once
the session runs, every button is at least 48 px and inside the screen, and the seat
rows' and the log's text is measured for contrast. Screenshots at the three sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, FloatRect, Locator, Page, expect

from tests.conftest import RunningHost, bearer, create_table, join, start_host

from .conftest import Device, enable_semantics, pages_on
from .flutter_input import host_values, tap, type_into
from .legibility import (
    MIN_CONTRAST,
    buttons_on_screen,
    contrast_in,
    contrast_of,
    cut_off,
    too_small,
)
from .test_ui_session import button, see, shot

pytestmark = pytest.mark.browser

PORTRAIT: Device = {"viewport": {"width": 800, "height": 1280}, "has_touch": True}
NAMES = ("Annabelle Lee", "Bartholomew Quince", "Cat")


@pytest.fixture(scope="module")
def portrait_gm(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[RunningHost, dict[str, str], Page]]:
    host = start_host(tmp_path_factory.mktemp("ui-gm-layout") / "data", with_web=True)
    created = create_table(host.url, "deadlands", name="Gomorra")
    try:
        with pages_on(browser, host.url, PORTRAIT) as (gm,):
            yield host, created, gm
    finally:
        host.stop()


def command(host: RunningHost, created: dict[str, str], cid: str, type_: str, **args: str) -> None:
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={"id": cid, "type": type_, "args": args},
        headers=bearer(created["gm_token"]),
    )
    r.raise_for_status()


def assert_targets_fit(page: Page) -> None:
    # Measure the screen under the toast once the toast has gone (waiting, since tapping
    # its Close races its own timeout); the toast's own Undo is measured in
    # test_ui_guards.py.
    close = page.get_by_role("button", name="Close", exact=True)
    expect(close).to_have_count(0, timeout=15_000)
    targets = buttons_on_screen(page)
    assert targets, "no buttons found on screen"
    assert not too_small(targets), f"targets under 48 px: {too_small(targets)}"
    assert not cut_off(page, targets), f"buttons cut off: {cut_off(page, targets)}"


def seat_row(page: Page, name: str) -> Locator:
    """A seat's row at a glance: one node, read as "Ann online 1 red Unhurt..."."""
    said = re.compile(rf"^{re.escape(name)}\s+(online|away)\b")
    return page.get_by_text(said).or_(page.get_by_label(said)).first


def test_the_gm_runs_the_table_from_a_tablet_in_portrait(
    portrait_gm: tuple[RunningHost, dict[str, str], Page],
) -> None:
    host, created, gm = portrait_gm
    code = created["join_code"]
    for name in NAMES:
        join(host.url, code, name)
    gm.goto("/gm?" + created["gm_url"].split("?", 1)[1])
    enable_semantics(gm)

    # Every seat in a row of its own, the name on one line (not "A/n/n").
    see(gm, "At the table", timeout=30_000)
    for name in NAMES:
        row = seat_row(gm, name)
        expect(row).to_be_visible(timeout=10_000)
        box = row.bounding_box()
        # One line for the name and tokens, one for the words: not a letter a line.
        assert box is not None and box["height"] < 130 and box["width"] > 300, box
    # Before the session, the join QR is large, on the first tab.
    expect(gm.get_by_label(f"Join QR code for {code}")).to_be_visible()
    gm.wait_for_timeout(500)
    assert_targets_fit(gm)
    shot(gm, "gm-800x1280-joining", keep=True)

    tap(button(gm, "Start session 1"))
    command(host, created, "red", "chips.award", player="p1", colour="red")
    command(host, created, "blue", "chips.award", player="p2", colour="blue")
    # The session runs: the QR is a button that brings it back for a latecomer.
    show_qr = button(gm, f"Show the join QR (code {code})")
    expect(show_qr).to_be_visible(timeout=10_000)
    expect(gm.get_by_label(f"Join QR code for {code}")).to_have_count(0)

    # The seats stay in view on every tool tab.
    for tool in ("Chips", "Wounds", "Combat", "Log"):
        tap(button(gm, tool))
        for name in NAMES:
            expect(seat_row(gm, name)).to_be_visible(timeout=10_000)
        gm.wait_for_timeout(300)
        assert_targets_fit(gm)

    # A reason field is empty again once its award is in the log (guarded mistake).
    tap(button(gm, "Chips"))
    type_into(gm, "Reason (for the log)", "a fine speech")
    tap(button(gm, "Award from the pot"))
    live = host.hub.tables[created["table_id"]]
    for _ in range(50):
        if any("a fine speech" in e.text for e in live.table.events):
            break
        gm.wait_for_timeout(200)
    assert any("a fine speech" in e.text for e in live.table.events), [
        e.text for e in live.table.events
    ][-3:]
    # Flutter's hidden <input> keeps the typed text whatever the canvas shows, so the
    # field is read on the host (what the page is told to draw).
    for _ in range(50):
        if host_values("Reason (for the log)") == [""]:
            break
        gm.wait_for_timeout(200)
    assert host_values("Reason (for the log)") == [""]
    tap(button(gm, "Log"))

    # Readable at arm's length: seat rows and log lines measured on the screen.
    for name in NAMES:
        ratio = contrast_of(gm, seat_row(gm, name))
        assert ratio >= MIN_CONTRAST, f"{name}'s row: contrast {ratio:.1f}"
    # A log line: the text left of its Undo (Flutter reads the lines as one group).
    undo = button(gm, re.compile("^Undo: The GM awards Annabelle Lee")).bounding_box()
    assert undo is not None
    lines: FloatRect = {"x": 30, "y": undo["y"], "width": undo["x"] - 40, "height": undo["height"]}
    ratio = contrast_in(gm, lines)
    assert ratio >= MIN_CONTRAST, f"log lines: contrast {ratio:.1f}"
    tap(button(gm, "Seats"))
    gm.wait_for_timeout(500)
    shot(gm, "gm-800x1280", keep=True)

    # The same screen on a laptop: three columns, the log beside the tools.
    for width, height in ((1280, 800), (1920, 1080)):
        gm.set_viewport_size({"width": width, "height": height})
        see(gm, "Table log", timeout=15_000)
        for name in NAMES:
            expect(seat_row(gm, name)).to_be_visible(timeout=10_000)
        gm.wait_for_timeout(500)
        assert_targets_fit(gm)
        shot(gm, f"gm-{width}x{height}", keep=True)
