"""Chips and caps told apart without colour, as the screens draw them (#28).

The red and the blue art are the same shape and the same grey to a colour-blind eye or
in greyscale. Each screen that shows tokens (the GM's tablet: the glance, the pot, the
seats; the player's hand on a phone) is rendered, found token by token, and turned to
greyscale with brightness and contrast evened out; every two colours' pictures of one
size must differ by at least `APART`.

Measured on these screens (the smallest difference of any two colours' pictures):
with a letter alone in the middle ("W", "R", "B"), red against blue 0.15 and white
against the Legend chip 0.26; with a shape per colour (ring, triangle, square), 0.42
and 0.37.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, Page

from tests.conftest import ADMIN, RunningHost, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import tap, type_into
from .tablet_screen import bring_into_view
from .token_shapes import Token, difference, find_tokens

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
#: Two colours' evened pictures differ at least this much (0: the same picture).
APART = 0.3
#: Sizes within this many pixels are the same size drawn (the art's anti-aliasing).
SAME_SIZE = 3
#: (rule system, the GM's award, the token's noun).
SYSTEMS = [("deadlands", "chips.award", "chip"), ("bottlecaps", "cap.award", "cap")]


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHost]:
    running = start_host(tmp_path_factory.mktemp("grey") / "data", with_web=True)
    yield running
    running.stop()


def too_alike(shot: Image.Image) -> tuple[list[str], dict[str, int]]:
    """The pairs of colours whose tokens can't be told apart in greyscale, and how many
    tokens of each colour the screen shows."""
    tokens = find_tokens(shot)
    grey = shot.convert("L")
    found: list[str] = []
    for one, other in itertools.combinations(tokens, 2):
        if one.colour == other.colour or abs(one.size - other.size) > SAME_SIZE:
            continue
        apart = difference(grey, one, other)
        if apart < APART:
            found.append(f"{describe(one)} and {describe(other)}: {apart:.2f} apart")
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token.colour] = counts.get(token.colour, 0) + 1
    return found, counts


def describe(token: Token) -> str:
    return f"{token.colour} ({token.size} px at {token.box[0]},{token.box[1]})"


def screen(page: Page, name: str) -> Image.Image:
    """The page as drawn, kept in tests/artifacts for a person to look at."""
    png = page.screenshot()
    ARTIFACTS.mkdir(exist_ok=True)
    shot = Image.open(io.BytesIO(png))
    shot.convert("L").save(ARTIFACTS / f"greyscale-{name}.png")
    return shot


def in_the_middle(page: Page, target: Locator) -> None:
    """Scroll (as a finger swipes) until ``target`` is clear of the tab bar and a toast."""
    height = (page.viewport_size or {"height": 844})["height"]
    for _ in range(10):
        box = target.bounding_box()
        if box is not None and box["y"] + box["height"] <= height - 250:
            return
        page.mouse.move(195, height / 2)
        page.mouse.wheel(0, 200)
        page.wait_for_timeout(300)


def command(host: RunningHost, created: dict[str, Any], cid: str, kind: str, **args: Any) -> None:
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        json={"id": cid, "type": kind, "args": args},
        headers={"Authorization": f"Bearer {created['gm_token']}"},
    )
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(("ruleset", "award", "noun"), SYSTEMS)
def test_every_colour_of_token_has_a_shape_of_its_own_in_greyscale(
    host: RunningHost, browser: Browser, ruleset: str, award: str, noun: str
) -> None:
    created = httpx.post(
        f"{host.url}/api/tables",
        json={"name": "Grey", "ruleset": ruleset, "settings": {}},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    with pages_on(browser, host.url, TABLET, PHONE) as (gm, phone):
        phone.goto(f"/join/{created['join_code']}")
        enable_semantics(phone)
        type_into(phone, "Your name", "Ann")
        tap(phone.get_by_role("button", name="Join the table", exact=True).first)
        phone.get_by_role("tab").last.wait_for(timeout=20_000)
        command(host, created, "start", "session.start")
        for colour in ("white", "red", "blue"):
            command(host, created, f"award-{colour}", award, player="p1", colour=colour)
        gm.goto(created["gm_url"].replace(host.url, ""))
        enable_semantics(gm)
        gm.get_by_text("awards Ann a blue", exact=False).first.wait_for(timeout=20_000)
        blue = phone.get_by_role("button", name=f"Blue {noun}s: ", exact=False).first
        bring_into_view(phone, blue)
        in_the_middle(phone, blue)
        gm.wait_for_timeout(1_000)  # the pictures drawn (the accessibility tree comes first)
        for page, name in ((gm, f"{ruleset}-gm"), (phone, f"{ruleset}-hand")):
            alike, counts = too_alike(screen(page, name))
            assert all(counts.get(c) for c in ("white", "red", "blue")), (
                f"{name}: found {counts}; expected every colour (tests/artifacts/greyscale-"
                f"{name}.png)"
            )
            assert not alike, f"{name}: " + "; ".join(alike)
