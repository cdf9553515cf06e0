"""Fate's Edge in play in real browsers: a GM tablet and two phones (390x844) against
a real host. A contest the GM opens shows on both phones, each player rolls on their
own, and both see who won; a roll's CP is erased by tapping the item that does it, on
the roll it applies to. Nothing may leave the local host."""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from app.domain.actors import GM
from tests.conftest import RunningHost, bearer, create_table, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on
from .flutter_input import open_tab, tap, tap_until, type_into
from .test_ui_fates_edge import button, close_toast, reach, see, shot

pytestmark = pytest.mark.browser


Table = tuple[RunningHost, dict[str, Any], list[Page]]


@pytest.fixture
def table(browser: Browser, tmp_path: Path) -> Iterator[Table]:
    host = start_host(tmp_path / "data", with_web=True)
    try:
        created = create_table(host.url, ruleset="fates-edge", name="Ford")
        with pages_on(browser, host.url, TABLET, PHONE, PHONE) as pages:
            gm, ann, bob = pages
            gm.goto(f"/gm?table={created['table_id']}&token={created['gm_token']}")
            enable_semantics(gm)
            for page, name in ((ann, "Ann"), (bob, "Bob")):
                page.goto(f"/join/{created['join_code']}")
                enable_semantics(page)
                type_into(page, "Your name", name)
                tap(button(page, "Join the table"))
                page.get_by_role("tab", name="Roll").wait_for()
            yield host, created, pages
    finally:
        host.stop()


_sent = itertools.count()


def _digest(args: dict[str, Any]) -> str:
    """Unique per command sent (the same purchase twice is two commands)."""
    seen = f"{next(_sent)}-{sorted(args.items())}"
    return hashlib.sha1(seen.encode()).hexdigest()[:16]


def gm_send(host: RunningHost, created: dict[str, Any], type_: str, **args: Any) -> None:
    r = httpx.post(
        f"{host.url}/api/tables/{created['table_id']}/commands",
        # a client-made id, unique per command and at most 100 characters
        json={"id": f"{type_}-{_digest(args)}", "type": type_, "args": args},
        headers=bearer(created["gm_token"]),
    )
    assert r.status_code == 200, r.text


def record(page: Page, faces: str) -> None:
    """Enter physical dice for a 2-die pool and record them."""
    field = page.get_by_role("textbox", name="The 2 faces rolled")
    tap_until(
        reach(page, page.get_by_role("switch", name="Enter physical dice")),
        lambda: field.count() > 0,
        "the dice fields",
    )
    type_into(page, "The 2 faces rolled", faces)
    tap(reach(page, page.get_by_role("button", name="Record 2d10 Basic")))


def test_a_contest_shows_on_both_phones(
    table: Table,
) -> None:
    host, created, (gm, ann, bob) = table
    gm_send(host, created, "session.start")
    tap(button(gm, "Rolls"))
    tap(reach(gm, gm.get_by_role("button", name="against Bob")))
    tap(reach(gm, gm.get_by_role("button", name="Open the contest")))
    for page in (ann, bob):
        see(page, "Contest: Contest")
        see(page, re.compile("Your turn: roll below"))
    record(ann, "6 7")
    see(ann, re.compile("waiting for the other side"))
    record(bob, "2 8")
    for page in (ann, bob):
        close_toast(page)
        see(page, "Contest: Ann 2 vs Bob 1: Ann wins.", timeout=8_000)
    bob.mouse.move(195, 400)
    bob.mouse.wheel(0, 600)  # the verdict under the roll, as the player scrolls to it
    bob.wait_for_timeout(500)
    shot(bob, "fates-edge-contest", keep=True)


def test_a_cp_cancelling_item_erases_a_cp_of_the_roll_it_is_tapped_on(
    table: Table,
) -> None:
    host, created, (_gm, ann, _bob) = table
    gm_send(host, created, "xp.buy", player="p1", what="gear", tier="superior",
            name="Rothari War-Kit")  # fmt: skip
    gm_send(host, created, "session.start")
    open_tab(ann, "Roll")
    record(ann, "1 6")
    see(ann, re.compile(r"1 success, 1 CP"))
    live = host.hub.tables[created["table_id"]].table
    assert live.view(GM)["rules"]["cp_bank"] == 1
    close_toast(ann)
    ann.mouse.move(195, 400)  # the wheel scrolls the list under the pointer
    erase = ann.get_by_role("button", name="Erase CP: Rothari War-Kit (1 use left this session)")
    tap(reach(ann, erase))
    see(ann, "1 CP erased by a talent or item.")
    see(ann, re.compile(r"Partial: 1 success, 0 CP"))
    expect(erase).to_have_count(0, timeout=5_000)  # its one use this session is spent
    assert live.view(GM)["rules"]["cp_bank"] == 0
    assert live.view(GM)["rules"]["last_roll"]["cp"] == 0
    shot(ann, "fates-edge-war-kit", keep=True)


def test_a_shield_covers_an_ally_whose_phone_adds_the_dice_to_the_roll(
    table: Table,
) -> None:
    """Knight's Heater Shield: 'May forgo attack to give ally +2 dice to next defense.'
    Ann taps 'Cover Bob' on her phone; Bob taps the +2 dice on his defense roll."""
    host, created, (_gm, ann, bob) = table
    gm_send(host, created, "xp.buy", player="p1", what="gear", tier="standard",
            name="Knight's Heater Shield")  # fmt: skip
    gm_send(host, created, "session.start")
    open_tab(ann, "Roll")
    ann.mouse.move(195, 400)
    cover = ann.get_by_role("button", name=re.compile("^Cover Bob with Knight's Heater Shield"))
    tap(reach(ann, cover))
    see(ann, re.compile("Ann forgoes an attack to cover Bob"))
    open_tab(bob, "Roll")
    bob.mouse.move(195, 400)
    chip = bob.get_by_role("button", name=re.compile("^Knight's Heater Shield from Ann \\+2 dice"))
    tap(reach(bob, chip))
    field = bob.get_by_role("textbox", name="The 4 faces rolled")
    tap_until(
        reach(bob, bob.get_by_role("switch", name="Enter physical dice")),
        lambda: field.count() > 0,
        "the dice fields",
    )
    type_into(bob, "The 4 faces rolled", "6 7 2 1")
    tap(reach(bob, bob.get_by_role("button", name="Record 4d10 Basic")))
    see(bob, re.compile(r"2 successes, 1 CP"))
    live = host.hub.tables[created["table_id"]].table
    last = live.view(GM)["rules"]["last_roll"]
    assert last["player"] == "p2" and last["pool"] == 4
    assert any("Knight's Heater Shield from Ann" in p["label"] for p in last["parts"])
    expect(chip).to_have_count(0, timeout=5_000)  # the cover is used up
    close_toast(bob)
    bob.mouse.move(195, 400)
    bob.mouse.wheel(0, 500)  # the roll's result, with the shield's dice in its pool
    bob.wait_for_timeout(500)
    shot(bob, "fates-edge-heater-shield", keep=True)


def test_a_captains_rally_erases_a_cp_of_the_roll_it_is_tapped_on(
    table: Table,
) -> None:
    """Oath-Bound Captain: 'convert one Complication per roll into a rallying boon:
    grant +1 die to all allies on their next action.' A CP-cancelling talent tapped on
    Ann's own roll from her phone; Bob's next pool shows the die."""
    host, created, (_gm, ann, bob) = table
    for _ in range(2):
        gm_send(host, created, "xp.award", player="p1", xp=50, reason="a veteran")
    for name in ["presence"] * 3 + ["body"] * 3:
        gm_send(host, created, "xp.buy", player="p1", what="attribute", name=name)
    for _ in range(3):
        gm_send(host, created, "xp.buy", player="p1", what="skill", name="leadership")
    gm_send(host, created, "xp.buy", player="p1", what="follower", cap=3, name="Sgt",
            lane="soldiers")  # fmt: skip
    gm_send(host, created, "xp.buy", player="p1", what="talent", name="Oath-Bound Captain",
            cost=5)  # fmt: skip
    gm_send(host, created, "session.start")
    gm_send(host, created, "roll.enter", player="p1", attribute="wits", faces=[1, 1])
    live = host.hub.tables[created["table_id"]].table
    assert live.view(GM)["rules"]["cp_bank"] == 2
    open_tab(ann, "Roll")
    ann.mouse.move(195, 400)
    rally = ann.get_by_role("button", name="Rally: 1 CP becomes +1 die for every ally")
    tap(reach(ann, rally))
    see(ann, re.compile("Ann rallies the unit"))
    expect(rally).to_have_count(0, timeout=5_000)  # one Complication per roll
    assert live.view(GM)["rules"]["cp_bank"] == 1
    assert live.view(GM)["rules"]["last_roll"]["cp"] == 1
    open_tab(bob, "Roll")
    see(bob, "Pool: 3d10")
    close_toast(ann)
    shot(ann, "fates-edge-rally", keep=True)
