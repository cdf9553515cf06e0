"""A melee exchange between two players' phones (separate browser contexts, 390x844)
with the GM's tablet, against a real host: Bob parries from his phone ("Now you can make
a dodge or fighting Aptitude roll ... The TN for the bad guy to hit you is now the
greater of either his normal TN or your dodge or fighting roll"), Ann fights him from
hers, the attack resolves against Bob's roll, and the hit's raises, location and damage
reach Bob's phone without anyone typing them again. Then Ann, with a knife against Bob's
staff, closes in from her phone (the close manoeuvre), and the GM ends the round."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.conftest import start_host

from .conftest import PHONE, TABLET, pages_on, screenshot
from .fight_table import fight_table, join_to_combat, open_gm_tablet
from .flutter_input import tap, type_into
from .test_ui_spacelands_combat import button, reveal, see, until

pytestmark = pytest.mark.browser


def test_melee_parry_from_one_phone_sets_the_tn_of_the_other(
    browser: Browser, tmp_path: Any, seeded_dice: int
) -> None:
    host = start_host(tmp_path / "data", with_web=True)
    try:
        with pages_on(browser, host.url, TABLET, PHONE, PHONE) as (gm, ann, bob):
            _exchange(host, gm, ann, bob)
    finally:
        host.stop()


def _exchange(host: Any, gm: Any, ann: Any, bob: Any) -> None:
    table = fight_table(host, "spacelands", "Antares")
    gm_cmd, view, log, entry = table.gm_cmd, table.view, table.log, table.entry
    open_gm_tablet(gm, table)
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        join_to_combat(page, table, name)
    # Ann: a swordswoman (fighting: swords 10d12); Bob: a clumsy brawler (fighting:
    # brawling 1 on a d4 Deftness), Wind enough to stay up. Bob's parry is one d4 ace
    # chain against the best of Ann's ten d12s: she hits in 99 fights of 100, and the
    # seeded table makes this one of them.
    gm_cmd("sheet.update", player="p1", path="traits.deftness.die", value=12)
    gm_cmd("sheet.update", player="p1", path="aptitudes.fighting: swords", value={"level": 10})
    gm_cmd("sheet.update", player="p2", path="traits.deftness.die", value=4)
    gm_cmd("sheet.update", player="p2", path="aptitudes.fighting: brawling", value={"level": 1})
    for pid in ("p1", "p2"):
        gm_cmd("sheet.update", player=pid, path="wind.max", value=40)
        gm_cmd("sheet.update", player=pid, path="wind.current", value=40)

    tap(button(gm, "Combat"))
    tap(button(gm, "Start a fight"))
    see(ann, "Roll Quickness and draw your cards.")
    for pid in ("p1", "p2"):
        gm_cmd("combat.draw", who=pid, faces=[[6, 2]])
        until(
            partial(lambda pid: entry(pid)["status"] in ("choosing", "drawn"), pid), f"{pid}'s draw"
        )
        if entry(pid)["status"] == "choosing":
            gm_cmd("combat.keep", who=pid, cards=entry(pid)["drawn"][:2])
    tap(button(gm, "Start the countdown"))
    until(lambda: view()["phase"] == "countdown", "the countdown")
    # Count down to Ann's card; a card of Bob's called first goes up his sleeve, so he
    # still holds one to parry with.
    while not entry("p1")["acting_now"]:
        bob_up = [c for c in entry("p2")["playable"] if c != entry("p2")["sleeve"]]
        if entry("p2")["acting_now"] and bob_up and not entry("p2")["sleeve"]:
            gm_cmd("combat.sleeve", who="p2", card=bob_up[0])
        step = view()["step"]
        gm_cmd("combat.next")
        until(partial(lambda step: view()["step"] != step, step), "the next step")
    assert entry("p2")["hand"] or entry("p2")["sleeve"], "Bob has a card to parry with"
    see(ann, re.compile("^Your turn! Your "))

    # Bob parries from his phone: his best card goes, his fighting roll is Ann's TN.
    tap(reveal(bob, button(bob, "Parry (fighting, giving ground)")))
    until(lambda: bool(log("combat.defence")), "Bob's parry")
    parry = log("combat.defence")[-1].data["defence"] or 0
    see(bob, re.compile("Bob parries: .*"))
    screenshot(bob, "sl-melee-bob-parried")

    # Ann fights Bob from her phone: Fight, her skill, her sword's damage.
    tap(reveal(ann, button(ann, "Bob")))
    tap(reveal(ann, button(ann, "Fight")))
    type_into(ann, "Skill on your sheet", "fighting: swords")
    type_into(ann, "Weapon damage", "2d8")
    screenshot(ann, "sl-melee-ann-attack-form")
    tap(reveal(ann, button(ann, re.compile("^Attack Bob with"))))
    until(lambda: bool(log("combat.attacked")), "Ann's attack")
    fought = log("combat.attacked")[-1]
    # 5 + Bob's brawling 1, or Bob's parry if higher
    assert fought.data["tn"] == max(6, parry), (fought.data["tn"], parry)
    assert fought.data["mode"] == "melee" and fought.data["how"] == "skilled", fought.text
    assert fought.data["roll"]["success"], fought.text
    hit = log("combat.damaged")[-1]
    # the location was rolled with fighting's +2 and her Strength check went in: nobody
    # typed a location, a raise count or a damage roll
    assert hit.data["who"] == "p2" and hit.data["location"]["modifier"] == 2
    assert hit.data["damage"]["strength"] is not None and hit.data["damage"]["sides"] == 8
    see(bob, "You're hit!")
    screenshot(bob, "sl-melee-bob-hit")
    tap(reveal(bob, button(bob, re.compile("^Take the wounds"))))
    tap(reveal(bob, button(bob, "Yes, take them")))
    until(lambda: "p2" not in view().get("attacks", {}), "Bob's wounds taken")
    assert entry("p2")["body"]["penalty"] <= 0
    screenshot(gm, "sl-melee-gm")

    # Ann's next card: with a knife (DB 0) she closes in on Bob's staff (DB 1) from her
    # phone — the close manoeuvre (no damage; on a hit she is inside his reach).
    while not entry("p1")["acting_now"]:
        step = view()["step"]
        gm_cmd("combat.next")
        until(partial(lambda step: view()["step"] != step, step), "the next step")
    see(ann, re.compile("^Your turn! Your "))
    tap(reveal(ann, button(ann, "Close in")))
    type_into(ann, "Their weapon's Defensive Bonus", "1")
    type_into(ann, "Your weapon's Defensive Bonus", "0")
    tap(reveal(ann, button(ann, re.compile("^Close in on Bob with"))))
    until(lambda: log("combat.attacked")[-1].data["maneuver"] == "close", "Ann closing in")
    closing = log("combat.attacked")[-1]
    assert closing.data["tn"] == 5 + 1 + 1  # "a standard attack roll": Bob's brawling + DB
    assert not [e for e in log("combat.damaged") if e.version > closing.version]
    if closing.data["roll"]["success"]:
        until(lambda: entry("p1")["closed"] == ["p2"], "Ann inside Bob's reach")
        line = "Ann is inside Bob's reach."
        reveal(bob, bob.get_by_text(line).or_(bob.get_by_label(line)))
        see(bob, line)
        screenshot(bob, "sl-melee-bob-sees-the-reach")
    screenshot(ann, "sl-melee-ann-closed-in")

    # The GM ends the round from the tablet: the next round's draw is on both phones.
    gm.mouse.wheel(0, -3000)
    tap(reveal(gm, button(gm, "End the round"), x=640, y=300))
    until(lambda: view()["round"] == 2, "round 2")
    for page in (ann, bob):
        page.mouse.wheel(0, -3000)
        see(page, "Roll Quickness and draw your cards.")
    screenshot(gm, "sl-melee-gm-round-2")
