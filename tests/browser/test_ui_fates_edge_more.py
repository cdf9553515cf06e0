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

from tests.conftest import create_table, start_host

from .conftest import PHONE, enable_semantics, pages_on
from .flutter_input import open_tab, tap, type_into
from .test_ui_fates_edge import button, reach, see, shot

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
    paid = reach(ann, ann.get_by_role("switch", name=re.compile("^paid: ")))
    assert paid.count() == 1
    assert ann.get_by_role("textbox", name=re.compile("^player: ")).count() == 0
    shot(ann, "fe-more-upkeep", keep=True)

    # Sent with nothing filled in, the host names the missing argument.
    tap(reach(ann, button(ann, "Send follower.upkeep")))
    see(ann, re.compile(r"'follower' is required"))


def test_faces_typed_as_a_player_would_reach_the_host_as_a_list(ann: Page) -> None:
    """The strict models want a list for 'faces': "3 5 7" typed on the More tab used to
    go out as text and come back as "'faces' lists d10 faces..." (no hint said to type
    brackets). Now it goes as [3, 5, 7] and the host answers about the pool itself."""
    label = re.compile("^faces: the faces rolled with physical dice")
    reach(ann, ann.get_by_role("textbox", name=label))
    type_into(ann, label, "3 5 7")
    shot(ann, "fe-more-faces", keep=True)
    tap(reach(ann, button(ann, "Send cast.channel")))
    see(ann, "The pool is 2 dice: enter 2 faces.")
    assert ann.get_by_text(re.compile("lists d10 faces")).count() == 0
