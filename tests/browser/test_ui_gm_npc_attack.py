"""The GM runs an NPC from the tablet (1280x800): when the NPC's card is up, the Fight
section offers the players' own Attack card acting for it; the GM shoots Ann with it,
the host rolls the NPC's shooting dice, and Ann's phone (390x844, its own browser
context) shows the hit. Then the folded "GM actions" open and take Wind from Ann."""

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


def test_the_gm_shoots_ann_for_an_npc_from_the_tablet(
    browser: Browser, tmp_path: Any, seeded_dice: int
) -> None:
    host = start_host(tmp_path / "data", with_web=True)
    try:
        with pages_on(browser, host.url, TABLET, PHONE) as (gm, ann):
            _shoot(host, gm, ann)
    finally:
        host.stop()


def _shoot(host: Any, gm: Any, ann: Any) -> None:
    table = fight_table(host, "spacelands", "Antares")
    gm_cmd, view, log, entry = table.gm_cmd, table.view, table.log, table.entry
    open_gm_tablet(gm, table)
    join_to_combat(ann, table, "Ann")
    gm_cmd("sheet.update", player="p1", path="wind.max", value=60)
    gm_cmd("sheet.update", player="p1", path="wind.current", value=60)

    tap(button(gm, "Combat"))
    tap(button(gm, "Start a fight"))
    # A sharpshooter NPC (shooting 8d12 hits Fair 5 unless half its dice are ones; the
    # seeded table's dice are not).
    gm_cmd("npc.add", name="Gunner", shooting="8d12", quickness="1d6")
    for cid in ("p1", "n1"):
        gm_cmd("combat.draw", who=cid, faces=[[6, 2]])
        until(
            partial(lambda cid: entry(cid)["status"] in ("choosing", "drawn"), cid), f"{cid}'s draw"
        )
        if entry(cid)["status"] == "choosing":
            gm_cmd("combat.keep", who=cid, cards=entry(cid)["drawn"][:2])
    tap(button(gm, "Start the countdown"))
    until(lambda: view()["phase"] == "countdown", "the countdown")
    while not entry("n1")["acting_now"]:
        step = view()["step"]
        gm_cmd("combat.next")
        until(partial(lambda step: view()["step"] != step, step), "the next step")

    # The tablet: the NPC's card is up, the players' Attack card acts for it.
    see(gm, "Acting for Gunner")
    tap(reveal(gm, button(gm, "Ann"), x=640, y=400))
    type_into(gm, "Distance (m)", "5")
    screenshot(gm, "gm-npc-attack-form")
    tap(reveal(gm, button(gm, re.compile("^Gunner: Attack Ann with")), x=640, y=400))
    until(lambda: bool(log("combat.attacked")), "the NPC's attack")
    shot = log("combat.attacked")[-1]
    assert shot.data["who"] == "n1" and shot.data["target"] == "p1", shot.text
    assert shot.data["how"] == "skilled" and shot.data["tn"] == 5, shot.text
    assert shot.data["roll"]["success"], shot.text
    hit = log("combat.damaged")[-1]
    assert hit.data["who"] == "p1"

    # Ann's phone shows the hit.
    ann.mouse.wheel(0, -3000)
    see(ann, "You're hit!")
    ann.wait_for_timeout(600)
    screenshot(ann, "gm-npc-attack-ann-hit")

    # The GM's folded actions: open them, choose Ann, take 2 Wind (smoke).
    gm.mouse.wheel(0, -3000)
    tap(reveal(gm, gm.get_by_role("switch", name="Show GM actions"), x=640, y=300))
    until(
        lambda: bool(reveal(gm, button(gm, "Take Wind from …"), x=640, y=300).count()), "unfolded"
    )
    tap(reveal(gm, button(gm, "Ann"), x=640, y=300))
    wind = int(entry("p1")["body"]["wind"]["current"])
    type_into(gm, "Wind", "2")
    type_into(gm, "Why (for the log)", "smoke")
    tap(reveal(gm, button(gm, "Take Wind from Ann"), x=640, y=300))
    until(lambda: entry("p1")["body"]["wind"]["current"] == wind - 2, "2 Wind taken")
    screenshot(gm, "gm-npc-gm-actions")
