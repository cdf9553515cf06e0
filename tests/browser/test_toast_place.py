"""Where the toast goes (issue #28): after an action, the toast that says what happened
covers no control a player or GM taps, and a tap on a tab while it shows opens the tab.

A Wheel of Fate player tapped *Quick start*, then the *Fate* tab while the toast was
up; the floating toast lay over the tab bar, the tap landed on its *Undo* and undid
her quick start. Here, on the player's phone (390x844) and the GM's tablet (1280x800,
800x1280), the toast's box (its live region, its *Close* and *Undo*) is measured
against every other button, tab and field on the screen, and on the phone a single tap
on *Fate* must open *Fate* and undo nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TypedDict

import pytest
from playwright.sync_api import Browser, Page, expect

from app.domain.actors import GM
from tests.conftest import RunningHost, create_table, join, start_host

from .conftest import PHONE, TABLET, Device, enable_semantics, pages_on, screenshot
from .flutter_input import host_tabs, open_tab, tap
from .test_ui_first_minute import gm_command, join_on
from .test_ui_session import button

pytestmark = pytest.mark.browser

PORTRAIT: Device = {"viewport": {"width": 800, "height": 1280}, "has_touch": True}
#: The toast's own buttons: what it may cover is itself.
OWN = ("Close", "Undo")


class Node(TypedDict):
    """A node of Flutter's accessibility tree as the screen shows it."""

    role: str
    name: str
    x: float
    y: float
    width: float
    height: float


#: The toast's nodes (the strip named "toast", live regions, the nodes whose own words
#: begin with the toast's ``said``, if given), every node a finger taps and every node
#: with words of its own, each with the box of it the screen shows: clipped by the
#: lists around it (a list the toast shortens keeps nodes for what it scrolled out of
#: view, under the toast's place).
_NODES_JS = """(said) => {
  const shown = el => {
    let r = el.getBoundingClientRect();
    let [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom];
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = up.getBoundingClientRect();
      [x0, y0, x1, y1] = [Math.max(x0, c.left), Math.max(y0, c.top),
                          Math.min(x1, c.right), Math.min(y1, c.bottom)];
    }
    return [x0, y0, Math.max(x1 - x0, 0), Math.max(y1 - y0, 0)];
  };
  const name = el => (el.getAttribute("aria-label") || el.textContent || el.title || "").trim();
  const box = (el, role) => {
    const [x, y, width, height] = shown(el);
    return {role, name: name(el), x, y, width, height};
  };
  const tapped = "[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],"
    + "[role=slider],[role=link],input,textarea";
  // A node's own words: its label, or its text but its child nodes' (a log entry's
  // group holds each line's node, and reads them all as its text); the toast's words
  // begin with ``said`` (the GM's log column, read as one, holds them further down).
  const own = el => el.getAttribute("aria-label") || [...el.childNodes].filter(
    n => !n.nodeName.startsWith("FLT-SEMANTICS")).map(n => n.textContent).join("");
  const words = [...document.querySelectorAll("flt-semantics")].filter(
    el => said !== null && own(el).trim().startsWith(said) && !el.matches(tapped));
  const toast = document.querySelectorAll(
    "flt-semantics[aria-live], [flt-semantics-identifier=toast]");
  return {
    live: [...toast, ...words].map(el => box(el, "toast")),
    tapped: [...document.querySelectorAll(tapped)].map(
      el => box(el, el.getAttribute("role") || el.tagName.toLowerCase())),
    read: [...document.querySelectorAll("flt-semantics")].filter(
      el => !el.matches(tapped) && own(el).trim()
    ).map(el => box(el, "text")),
  };
}"""


#: Record what Flutter hands screen readers to read out (its aria-live elements).
_LISTEN_JS = """() => {
  window.saidAloud = [];
  for (const el of document.querySelectorAll("[aria-live]")) {
    new MutationObserver(() => window.saidAloud.push(el.textContent)).observe(
      el, {childList: true, characterData: true, subtree: true});
  }
}"""


def said_aloud(page: Page) -> str:
    """What screen readers were given to read out since `_LISTEN_JS` ran."""
    return " | ".join(page.evaluate("() => window.saidAloud || []"))


def on_screen(node: Node, page: Page) -> bool:
    view = page.viewport_size or {"width": 0, "height": 0}
    return (
        node["width"] > 1
        and node["height"] > 1
        and node["x"] < view["width"]
        and node["y"] < view["height"]
        and node["x"] + node["width"] > 0
        and node["y"] + node["height"] > 0
    )


def overlap(a: Node, b: Node) -> float:
    """The area two boxes share."""
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(w, 0) * max(h, 0)


def same(a: Node, b: Node) -> bool:
    """Whether two nodes are one (the toast's words are found both as words and text)."""
    return all(a[k] == b[k] for k in ("name", "x", "y", "width", "height"))


def inside(inner: Node, outer: Node) -> bool:
    return overlap(inner, outer) >= inner["width"] * inner["height"] - 1


def covered_by_toast(page: Page, said: str | None = None) -> tuple[list[Node], list[str]]:
    """The toast's boxes (its strip, its words ``said``, its own buttons), and every
    other button, tab, field or text on screen that one of them overlaps."""
    found: dict[str, list[Node]] = page.evaluate(_NODES_JS, said)
    tapped = [n for n in found["tapped"] if on_screen(n, page)]
    toast = [n for n in found["live"] if on_screen(n, page)]
    own = [n for n in tapped if n["name"] in OWN and any(inside(n, t) for t in toast)]
    # Flutter's floating toast may put its buttons beside its text's node: theirs too.
    own += [n for n in tapped if n["name"] in OWN and n not in own]
    boxes = toast + own
    covered = [
        f"{n['role']} {n['name']!r} at {n['x']:.0f},{n['y']:.0f} {n['width']:.0f}x{n['height']:.0f}"
        for n in tapped + found["read"]
        if on_screen(n, page)
        and not any(same(n, b) for b in boxes)
        and any(overlap(n, b) > 1 for b in boxes)
    ]
    return boxes, covered


def wait_until(page: Page, done: Callable[[], bool], what: str, ms: int = 10_000) -> None:
    deadline = time.monotonic() + ms / 1000
    while time.monotonic() < deadline:
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"waited in vain for {what}")


@pytest.fixture(scope="module")
def live_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    host = start_host(tmp_path_factory.mktemp("toast-place") / "data", with_web=True)
    yield host
    host.stop()


def test_a_players_toast_covers_no_tab_and_a_tab_tapped_under_it_opens(
    browser: Browser, live_host: RunningHost
) -> None:
    created = create_table(live_host.url, "wheel-of-fate", name="The Wheel")
    gm_command(live_host, created, "start", "session.start")
    live = live_host.hub.tables[created["table_id"]]

    def attributes() -> object:
        return live.table.view(GM)["rules"]["sheets"]["p1"].get("attributes")

    with pages_on(browser, live_host.url, PHONE) as (eve,):
        join_on(eve, created["join_code"], "Eve")
        eve.get_by_role("tab", name="Roll").wait_for(timeout=20_000)
        open_tab(eve, "Roll")
        eve.evaluate(_LISTEN_JS)
        tap(button(eve, "Quick start"))
        wait_until(eve, lambda: bool(attributes()), "the quick start")
        undo = eve.get_by_role("button", name="Undo", exact=True)
        undo.wait_for(timeout=10_000)
        eve.wait_for_timeout(500)  # the toast in place (Flutter's slides in)
        screenshot(eve, "toast-place-phone")
        boxes, covered = covered_by_toast(eve, "Eve set attributes")
        problems = [f"the toast covers {c}" for c in covered]
        if not boxes:
            problems.append("no toast on screen")
        if "Eve set attributes" not in said_aloud(eve):
            problems.append(f"a screen reader was given {said_aloud(eve)!r}, not the toast")

        # One tap on the Fate tab, as Eve made it, while the toast is up.
        fate = eve.get_by_role("tab", name="Fate")
        box = fate.bounding_box()
        assert box is not None
        before = host_tabs("Fate")
        assert undo.count(), "the toast went before the tap"
        eve.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            wait_until(eve, lambda: host_tabs("Fate") > before, "the Fate tab", ms=5_000)
        except AssertionError as err:
            problems.append(str(err))
        eve.wait_for_timeout(1_000)
        screenshot(eve, "toast-place-phone-after-tap")
        if not attributes():
            problems.append("the tap on Fate undid the quick start")
        # The toast still times out by itself, and its Close still closes it.
        expect(eve.get_by_role("button", name="Close", exact=True)).to_have_count(0, timeout=15_000)
    assert not problems, problems


@pytest.mark.parametrize(("device", "name"), [(TABLET, "1280x800"), (PORTRAIT, "800x1280")])
def test_the_gms_toast_covers_no_control(
    browser: Browser, live_host: RunningHost, device: Device, name: str
) -> None:
    created = create_table(live_host.url, "deadlands", name=f"Gomorra {name}")
    # Seat cards enough to fill the tools' list to the bottom of the screen.
    for player in ("Annabelle Lee", "Bartholomew Quince", "Cat", "Dee", "Eli"):
        join(live_host.url, created["join_code"], player)
    with pages_on(browser, live_host.url, device) as (gm,):
        gm.goto("/gm?" + created["gm_url"].split("?", 1)[1])
        enable_semantics(gm)
        if device is TABLET:  # the seats beside the table, the log on the right
            tap(button(gm, "Start session 1"))
            # All its lines are one node (the log has a node a line).
            said = "Session 1 started.\nAnnabelle Lee"
        else:  # one column: the seats a tab, tall enough to reach the toast's place
            gm_command(live_host, created, "start", "session.start")
            tap(button(gm, "Seats"))
            tap(button(gm, "Remove seat"))
            said = "Annabelle Lee's chips go back into the pot.\nThe GM removed"
        undo = gm.get_by_role("button", name="Undo", exact=True)
        undo.wait_for(timeout=10_000)
        gm.wait_for_timeout(500)
        screenshot(gm, f"toast-place-gm-{name}")
        boxes, covered = covered_by_toast(gm, said)
        assert len(boxes) > 2, f"the toast's words are not on screen: {boxes}"
        assert not covered, f"the toast covers {covered}"
        # Closed by its Close, at once.
        tap(button(gm, "Close"), scroll=False)
        expect(gm.get_by_role("button", name="Close", exact=True)).to_have_count(0, timeout=3_000)
