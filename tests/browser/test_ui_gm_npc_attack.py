"""The GM runs an NPC from the tablet (1280x800): when the NPC's card is up, the Fight
section offers the players' own Attack card acting for it; the GM shoots Ann with it,
the host rolls the NPC's shooting dice, and Ann's phone (390x844, its own browser
context) shows the hit. Then the folded "GM actions" open and take Wind from Ann."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from app.domain.actors import GM
from tests.conftest import ADMIN, start_host

from .conftest import PHONE, TABLET, enable_semantics, pages_on, screenshot
from .flutter_input import open_tab, tap, type_into
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
    created = httpx.post(
        f"{host.url}/api/tables",
        json={"name": "Antares", "ruleset": "spacelands"},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    table_id = created["table_id"]
    n = [0]

    def gm_cmd(type_: str, **args: Any) -> None:
        n[0] += 1
        r = httpx.post(
            f"{host.url}/api/tables/{table_id}/commands",
            json={"id": f"gm-{n[0]}", "type": type_, "args": args},
            headers={"Authorization": f"Bearer {created['gm_token']}"},
        )
        assert r.status_code == 200, r.text

    def view() -> dict[str, Any]:
        return dict(host.hub.tables[table_id].table.view(GM)["rules"]["combat"])

    def log(kind: str) -> list[Any]:
        return [e for e in host.hub.tables[table_id].table.events if e.type == kind]

    def entry(cid: str) -> dict[str, Any]:
        return dict(view()["combatants"].get(cid, {}))

    gm.goto(f"/gm?table={table_id}&token={created['gm_token']}")
    enable_semantics(gm)
    tap(button(gm, "Start session 1"))
    ann.goto(f"/join/{created['join_code']}")
    enable_semantics(ann)
    type_into(ann, "Your name", "Ann")
    tap(button(ann, "Join the table"))
    open_tab(ann, "Combat")
    see(ann, "No fight right now. Your wounds and Wind:")
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
