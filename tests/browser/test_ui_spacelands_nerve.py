"""A Terror test in real browsers (issue #26): Ann busts, her phone (390x844) says she is
catatonic and why, offers no defence, and the host refuses the active defence the text
forbids ("takes no actions (including active defenses) and just cowers in place")."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.conftest import RunningHost

from .fight_table import fight_table, join_to_combat, open_gm_tablet
from .test_ui_spacelands_combat import LIVE_MS, _artifact, reveal, see, until

pytestmark = pytest.mark.browser


def test_a_catatonic_phone_shows_why_and_the_host_refuses_the_defence(
    pages: tuple[RunningHost, Page, Page],
) -> None:
    host, gm, ann = pages
    table = fight_table(host, "spacelands", "Antares")
    open_gm_tablet(gm, table)
    join_to_combat(ann, table, "Ann")
    table.gm_cmd("combat.start")
    see(ann, "Roll Quickness and draw your cards.")
    table.gm_cmd("combat.draw", who="p1", faces=[[6, 2]])
    if table.entry("p1")["status"] == "choosing":
        table.gm_cmd("combat.keep", who="p1", cards=table.entry("p1")["drawn"][:2])
    table.gm_cmd("combat.next")
    until(lambda: table.view()["phase"] == "countdown", "the countdown")
    dodge = ann.get_by_role("button", name="Dodge", exact=True)
    # She holds cards: an active defence is on offer, below her cards.
    expect(reveal(ann, dodge)).to_have_count(1, timeout=LIVE_MS)
    ann.mouse.wheel(0, -4000)  # back to the top, where the nudge will say why

    table.gm_cmd("combat.fear", who="p1", tn=5, terror=True, faces=[[1]])
    see(ann, "Catatonic: you can't act this round.")
    see(ann, "Ann is catatonic and cowers in place", timeout=2_000)
    ann.mouse.move(195, 500)
    ann.mouse.wheel(0, 4000)  # the whole screen, down to where the Dodge was
    ann.wait_for_timeout(800)
    assert dodge.count() == 0
    ann.mouse.wheel(0, -4000)
    ann.wait_for_timeout(300)  # the frame after the semantics
    ann.screenshot(path=str(_artifact("sl-phone-catatonic")))

    before = table.view()
    r = httpx.post(
        f"{host.url}/api/tables/{table.table_id}/commands",
        json={"id": "ann-dodge", "type": "combat.defend", "args": {"who": "p1", "skill": "dodge"}},
        headers={"Authorization": f"Bearer {table.created['gm_token']}"},
    )
    assert r.status_code == 409
    message = r.json()["error"]["message"]
    assert message.startswith("Ann is catatonic and cowers in place: no actions, not even an")
    assert "(Terror)" in message
    assert table.view() == before


def test_a_surprised_phone_shows_why_and_the_host_refuses_the_sleeve_card(
    pages: tuple[RunningHost, Page, Page],
) -> None:
    """ "If you don't make the roll, you don't get any cards, and your character can't
    act that round." — not even with the card up her sleeve."""
    host, gm, ann = pages
    table = fight_table(host, "spacelands", "Antares")
    open_gm_tablet(gm, table)
    join_to_combat(ann, table, "Ann")
    table.gm_cmd("combat.start")
    table.gm_cmd("combat.draw", who="p1", faces=[[6, 2]])
    if table.entry("p1")["status"] == "choosing":
        table.gm_cmd("combat.keep", who="p1", cards=table.entry("p1")["drawn"][:2])
    table.gm_cmd("combat.next")
    while not table.entry("p1")["acting_now"]:
        table.gm_cmd("combat.next")
    up = next(c for c in table.entry("p1")["hand"] if c != "RJ")
    table.gm_cmd("combat.sleeve", who="p1", card=up)
    table.gm_cmd("combat.round")
    table.gm_cmd("combat.surprise", who="p1", expecting=False, faces=[[5]])
    table.gm_cmd("combat.next")
    see(ann, "Ann is surprised: no cards, and no action this round (Surprise).")
    see(ann, "Surprised: you can't act this round.", timeout=2_000)
    see(ann, "Up your sleeve: kept until you can act.", timeout=2_000)
    assert ann.get_by_role("button", name="Dodge", exact=True).count() == 0
    ann.wait_for_timeout(300)
    ann.screenshot(path=str(_artifact("sl-phone-surprised")))
    before = table.view()
    r = httpx.post(
        f"{host.url}/api/tables/{table.table_id}/commands",
        json={"id": "ann-sleeve", "type": "combat.act", "args": {"who": "p1", "card": up}},
        headers={"Authorization": f"Bearer {table.created['gm_token']}"},
    )
    assert r.status_code == 409
    assert r.json()["error"]["message"] == (
        "Ann is surprised: no cards, and no action this round (Surprise)."
    )
    assert table.view() == before
