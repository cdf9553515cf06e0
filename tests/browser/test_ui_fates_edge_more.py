"""Fate's Edge's "More" tab on a phone (390x844) against a real host: each command's
card draws its arguments from the command's JSON Schema, so a yes/no argument is a
switch, a whole number a number field, and a player is never asked for their own seat;
Send reaches the host, whose refusal names the missing argument and its options."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from app.domain.actors import GM
from tests.conftest import create_table, join, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import open_tab, tap, type_into
from .test_ui_fates_edge import button, reach, see, shot
from .test_ui_first_minute import wait_until

pytestmark = pytest.mark.browser


@pytest.fixture
def ann(browser: Browser, tmp_path: Path) -> Iterator[Page]:
    """Ann's phone, joined to a Fate's Edge table, on the More tab."""
    host = start_host(tmp_path / "data", with_web=True)
    try:
        created = create_table(host.url, ruleset="fates-edge", name="Ford")
        with pages_on(browser, host.url, PHONE) as (page,):
            page.goto(f"/join/{created['join_code']}")
            enable_semantics(page)
            type_into(page, "Your name", "Ann")
            tap(button(page, "Join the table"))
            page.get_by_role("tab", name="Roll").wait_for()
            open_tab(page, "More")
            see(page, re.compile("^More of the rules"))
            page.mouse.move(195, 500)  # over the list, so the wheel scrolls it
            yield page
    finally:
        host.stop()


def test_the_more_tab_draws_real_controls_from_each_commands_schema(ann: Page) -> None:
    # A follower's upkeep: "paid" (yes/no) is a switch; no field asks for a seat.
    paid = reach(ann, ann.get_by_role("switch", name=re.compile("^The upkeep was paid")))
    assert paid.count() == 1
    assert ann.get_by_role("textbox", name=re.compile("^The player")).count() == 0
    assert ann.get_by_role("button", name=re.compile("^The player")).count() == 0
    shot(ann, "fe-more-upkeep", keep=True)

    # Sent with nothing filled in, the screen names the missing field by its label (the
    # host's "'follower' is required." named an argument the screen never shows).
    tap(reach(ann, button(ann, "Record a downtime upkeep")))
    see(ann, "“The follower” is required.")


def test_faces_typed_as_a_player_would_reach_the_host_as_a_list(ann: Page) -> None:
    """The strict models want a list for 'faces': "3 5 7" typed on the More tab used to
    go out as text and come back as "'faces' lists d10 faces..." (no hint said to type
    brackets). Now it goes as [3, 5, 7] and the host answers about the pool itself."""
    # Channel and Weave share the field: each is named with its form's action.
    label = re.compile("^Channel: The faces rolled with physical dice")
    reach(ann, ann.get_by_role("textbox", name=label))
    type_into(ann, label, "3 5 7")
    shot(ann, "fe-more-faces", keep=True)
    tap(reach(ann, button(ann, "Channel")))
    see(ann, "The pool is 2 dice: enter 2 faces.")
    assert ann.get_by_text(re.compile("lists d10 faces")).count() == 0


def test_the_gms_more_tab_speaks_words_and_picks_players_by_name(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue #28: the GM's More tab said "Send bond.propose", "player: seat id (the GM
    names one…)" and "with: the other player's seat id (required)", and seat ids are
    shown nowhere. Now each card's button is its action in words, every label is a
    description (no argument name, no "seat id"), the players are picked by name from a
    menu, and a long label is written out whole above its field."""
    host = start_host(tmp_path / "data", with_web=True)
    try:
        created = create_table(host.url, ruleset="fates-edge", name="Ford")
        join(host.url, created["join_code"], "Ann")
        join(host.url, created["join_code"], "Bob")
        with pages_on(browser, host.url, TABLET) as (gm,):
            gm.goto(created["gm_url"].replace(host.url, ""))
            enable_semantics(gm)
            gm.get_by_text(re.compile("Bob")).first.wait_for(timeout=20_000)
            tap(button(gm, "More"))
            see(gm, re.compile("^More of the rules"))
            box = button(gm, "More").bounding_box()
            assert box is not None
            gm.mouse.move(box["x"] + 40, box["y"] + 200)  # over the list, so the wheel scrolls it
            propose = reach(gm, button(gm, "Propose a backstory bond"))
            shot(gm, "fe-more-gm-bond", keep=True)
            page_text = gm.locator("body").aria_snapshot()
            assert "seat id" not in page_text and "Send " not in page_text, page_text
            assert "bond.propose" not in page_text
            # Who proposes, and with whom: the players' names, from menus.
            other = reach(gm, gm.get_by_role("button", name="The other player (required)"))
            # Three forms have a "The player" menu: each is named with its form's action.
            tap(gm.get_by_role("button", name="Propose a backstory bond: The player", exact=True))
            tap(gm.get_by_role("menuitem", name="Ann").or_(button(gm, "Ann")).last)
            tap(other)
            tap(gm.get_by_role("menuitem", name="Bob").or_(button(gm, "Bob")).last)
            type_into(gm, "The shared history (required)", "Rode with the same caravan")
            shot(gm, "fe-more-gm-bond-filled", keep=True)
            tap(propose)
            live = host.hub.tables[created["table_id"]]
            wait_until(
                gm,
                lambda: any(
                    isinstance(b, dict) and {b.get("a"), b.get("b")} == {"p1", "p2"}
                    for b in live.table.view(GM)["rules"]["bonds"].values()
                ),
                "Ann's bond with Bob",
            )
    finally:
        host.stop()
