"""The GM screen of the app hosting the table, checked at a tablet's size both ways.

Used by test_tablet_host.py: landscape (1280x800) and portrait (800x1280), each with a
screenshot in tests/artifacts/ (``tablet-gm-<w>x<h>.png``, and ``-hosting.png`` scrolled
down). The main controls are on the screen whole, with no scrolling: the seat row, the
session's start, the tool tabs, the log; every button in view is inside the screen
sideways and at least 48 px. The join QR (below the session and the pot once a seat is
taken), *Hosted on this device* and *Stop hosting* are reached by scrolling the session
column, and are whole once there.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, ViewportSize, expect

from .conftest import screenshot
from .legibility import buttons_on_screen, cut_off, too_small

LANDSCAPE: ViewportSize = {"width": 1280, "height": 800}
PORTRAIT: ViewportSize = {"width": 800, "height": 1280}
#: Tool tabs (buttons) on every layout; the log is a tab in portrait, a column beside
#: the tools in landscape.
TOOLS = ("Seats", "Chips", "Wounds", "Combat")
#: How long the layout may take to settle after a rotation.
SETTLE_MS = 15_000


def whole_on_screen(page: Page, target: Locator, what: str) -> None:
    """``target`` is drawn entirely inside the viewport (not cut off at any edge); the
    screen saved as tests/artifacts/FAILED-tablet-gm.png if not."""
    size = page.viewport_size
    try:
        expect(target).to_be_visible(timeout=SETTLE_MS)
    except AssertionError:
        screenshot(page, "FAILED-tablet-gm")
        raise
    box = target.bounding_box()
    if box is None:
        screenshot(page, "FAILED-tablet-gm")
    assert box is not None and size is not None, f"{what}: not on the screen"
    inside = (
        box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )
    if not inside:
        screenshot(page, "FAILED-tablet-gm")
    assert inside, f"{what} is cut off at {size['width']}x{size['height']}: {box}"


def bring_into_view(page: Page, target: Locator, *, square: bool = False) -> None:
    """Scroll with the wheel (as a finger swipes) until ``target`` is inside the screen.
    Flutter leaves what is scrolled far away out of the accessibility tree, so a
    target not found yet is looked for further down the session column (the left one
    in landscape). ``square``: the target is square, and drawn whole only when its box
    (clipped by Flutter to the scroll view) is too."""
    size = page.viewport_size or PORTRAIT
    for _ in range(15):
        box = target.bounding_box() if target.count() else None
        inside = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
        if box is not None and inside and (not square or box["height"] >= box["width"] - 1):
            return
        x = box["x"] + box["width"] / 2 if box is not None else size["width"] / 7
        page.mouse.move(x, size["height"] / 2)
        page.mouse.wheel(0, -300 if box is not None and box["y"] < 0 else 300)
        page.wait_for_timeout(300)


def to_top(page: Page) -> None:
    """Scroll every column back to its top (a column scrolled down stays so when the
    tablet turns, and its top would be out of view)."""
    size = page.viewport_size or PORTRAIT
    for x in (size["width"] / 7, size["width"] / 2):
        page.mouse.move(x, size["height"] / 2)
        page.mouse.wheel(0, -5 * size["height"])
    page.wait_for_timeout(500)


def check_gm_screen(page: Page, size: ViewportSize, code: str, seat: str) -> None:
    """The app's hosting GM screen at ``size``, scrolled to the top: its main controls
    whole on the screen."""
    page.set_viewport_size(size)
    to_top(page)
    name = f"{size['width']}x{size['height']}"
    row = re.compile(rf"^{re.escape(seat)}\s+(online|away)\b")
    whole_on_screen(page, page.get_by_text(row).or_(page.get_by_label(row)).first, seat)
    start = page.get_by_role("button", name="Start session 1", exact=True).first
    whole_on_screen(page, start, "Start session 1")
    for tool in TOOLS:
        tab = page.get_by_role("button", name=tool, exact=True).first
        whole_on_screen(page, tab, f"the {tool} tab")
    log = page.get_by_role("button", name="Log", exact=True).or_(page.get_by_text("Table log"))
    whole_on_screen(page, log.first, "the log (tab or column)")
    targets = buttons_on_screen(page)
    assert not cut_off(page, targets), f"buttons cut off at {name}: {cut_off(page, targets)}"
    assert not too_small(targets), f"buttons under 48 px at {name}: {too_small(targets)}"
    screenshot(page, f"tablet-gm-{name}")
    # The join QR, once a seat is taken, below the session and the pot: whole once
    # scrolled to (Flutter clips a node's box to its scroll view: a square QR whose
    # box is not square is cut off).
    qr = page.get_by_label(f"Join QR code for {code}").first
    bring_into_view(page, qr, square=True)
    whole_on_screen(page, qr, "the join QR")
    box = qr.bounding_box()
    assert box is not None and abs(box["height"] - box["width"]) < 2, f"the QR is cut: {box}"
    # What hosting from this device adds, at the foot of the session column.
    stop = page.get_by_role("button", name="Stop hosting", exact=True).first
    bring_into_view(page, stop)
    hosted = page.get_by_text("Hosted on this device").or_(
        page.get_by_label(re.compile("^Hosted on this device"))
    )
    whole_on_screen(page, stop, "Stop hosting")
    expect(hosted.first).to_be_visible()
    screenshot(page, f"tablet-gm-{name}-hosting")
