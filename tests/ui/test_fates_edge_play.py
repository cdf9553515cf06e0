"""Fate's Edge in play without a browser: the DV the GM sets on the phone, talents and
gear tapped when they apply, Failure's Gift, contests on both phones."""

from __future__ import annotations

from app.domain.fatesedge.awards_args import XP_AWARD
from app.domain.fatesedge.creation import CHARACTER_FINISH
from app.domain.fatesedge.gm_table import ROLL_DV
from app.domain.fatesedge.purchase import XP_BUY
from app.domain.fatesedge.roll_args import ROLL_ENTER, ROLL_POOL
from app.ui.fatesedge.gm import rolls_panel
from app.ui.fatesedge.play import LADDER_HELP
from app.ui.fatesedge.roll import roll_panel

from .conftest import make_model
from .harness import Screen
from .test_fates_edge_panels import gm_rules, table


async def test_the_dv_the_gm_sets_shows_on_the_phone_and_the_roll_uses_it() -> None:
    host, gm, player, _ = await table()
    gm_screen = Screen(rolls_panel, gm)
    await gm_screen.tap("3 Hard")
    await gm_screen.type("What are they attempting?", "Climb the wall")
    await gm_screen.tap("Set DV 3")
    phone = Screen(roll_panel, player, None)
    assert phone.has("The GM set DV 3 (Hard): Climb the wall. You need 3 successes.")
    assert phone.has(LADDER_HELP)  # the description ladder explained where it is chosen
    await phone.tap("Roll ")
    last = gm_rules(host)["last_roll"]
    assert last["dv"] == 3 and last["label"] == "Climb the wall"
    await gm_screen.tap("1 Routine")
    await gm_screen.tap("Set DV 1")
    assert Screen(roll_panel, player, None).has("You need 1 success.")


async def test_a_cp_cancelling_item_is_tapped_on_the_roll_it_applies_to() -> None:
    host, gm, player, _ = await table()
    await gm.send(XP_BUY(player="p1", what="gear", tier="superior", name="Rothari War-Kit"))
    await player.send(CHARACTER_FINISH())
    for _ in range(20):  # host dice: roll until a 1 shows
        await player.send(ROLL_POOL(attribute="wits", dv=1))
        if gm_rules(host)["last_roll"]["cp"]:
            break
    cp = gm_rules(host)["last_roll"]["cp"]
    assert cp, "no 1 in 20 rolls"
    phone = Screen(roll_panel, player, None)
    await phone.tap("Erase CP: Rothari War-Kit (1 use left this session)")
    assert gm_rules(host)["last_roll"]["cp"] == cp - 1
    assert not any("Rothari" in t for t in phone.texts() if t.startswith("Erase"))


async def test_a_failed_roll_offers_the_gm_failures_gift() -> None:
    host, gm, player, _ = await table()
    await player.send(ROLL_ENTER(attribute="body", faces=[2, 3], dv=2))
    gm_screen = Screen(rolls_panel, gm)
    assert gm_screen.has("Ann's roll: Miss. Did it move the fiction forward?")
    await gm_screen.type("The complication the failure brings", "The rope frays")
    await gm_screen.tap("Award Ann a Boon")
    assert gm_rules(host)["characters"]["p1"]["boons"] == 1
    assert not gm_screen.has("Ann's roll: Miss")


async def test_a_contest_shows_on_both_phones() -> None:
    host, gm, ann, _ = await table()
    bob, _ = make_model(host)
    await bob.join("ABC123", "Bob")
    gm_screen = Screen(rolls_panel, gm)
    await gm_screen.tap("against Bob")  # side B (side A defaults to Ann)
    await gm_screen.tap("Open the contest")
    ann_phone = Screen(roll_panel, ann, None)
    assert ann_phone.has("Your turn: roll below")
    await ann.send(ROLL_ENTER(attribute="body", faces=[6, 7]))
    await bob.send(ROLL_ENTER(attribute="body", faces=[2, 7]))
    for phone in (Screen(roll_panel, ann, None), Screen(roll_panel, bob, None)):
        assert phone.has("Ann 2 vs Bob 1: Ann wins.")
        assert phone.has(": 1 success") and not phone.has("1 successes")


async def test_the_seat_row_says_a_dv_is_waiting() -> None:
    from app.ui.fatesedge.gm import seat_summary

    _host, gm, _player, _ = await table()
    await gm.send(ROLL_DV(player="p1", dv=3))
    screen = Screen(seat_summary, gm, "p1")
    assert screen.has("Next roll at DV 3.")


async def test_a_shield_covers_an_ally_and_the_allys_phone_adds_the_dice() -> None:
    """Knight's Heater Shield: 'May forgo attack to give ally +2 dice to next defense.'
    Ann taps 'Cover Bob'; Bob's phone shows the +2 dice to tap on his defense roll."""
    host, gm, ann, _ = await table()
    bob, _ = make_model(host)
    await bob.join("ABC123", "Bob")
    await gm.send(XP_BUY(player="p1", what="gear", tier="standard", name="Knight's Heater Shield"))
    ann_phone = Screen(roll_panel, ann, None)
    await ann_phone.tap("Cover Bob with Knight's Heater Shield")
    bob_phone = Screen(roll_panel, bob, None)
    chip = "Knight's Heater Shield from Ann +2 dice — your next defense (1 use left this scene)"
    assert bob_phone.has("Pool: 2d10")
    await bob_phone.tap(chip)
    assert bob_phone.has("Pool: 4d10")
    await bob_phone.tap("Roll 4d10")
    last = gm_rules(host)["last_roll"]
    assert last["player"] == "p2" and last["pool"] == 4
    assert not Screen(roll_panel, bob, None).has(chip)


async def test_a_captains_rally_is_tapped_on_the_roll_and_adds_a_die_to_the_allys_next() -> None:
    """Oath-Bound Captain: 'convert one Complication per roll into a rallying boon:
    grant +1 die to all allies on their next action.'"""
    host, gm, ann, _ = await table()
    bob, _ = make_model(host)
    await bob.join("ABC123", "Bob")
    for _ in range(2):
        await gm.send(XP_AWARD(player="p1", xp=50, reason="a veteran"))
    for _ in range(3):
        await ann.send(XP_BUY(what="attribute", name="presence"))
    for _ in range(3):
        await ann.send(XP_BUY(what="skill", name="leadership"))
    for _ in range(3):
        await ann.send(XP_BUY(what="attribute", name="body"))
    await ann.send(XP_BUY(what="follower", cap=3, name="Sgt", lane="soldiers"))
    await gm.send(XP_BUY(player="p1", what="talent", name="Oath-Bound Captain", cost=1))
    assert "Oath-Bound Captain" in gm_rules(host)["characters"]["p1"]["talents"]
    await ann.send(ROLL_ENTER(attribute="wits", faces=[1, 1]))
    ann_phone = Screen(roll_panel, ann, None)
    await ann_phone.tap("Rally: 1 CP becomes +1 die for every ally")
    assert gm_rules(host)["last_roll"]["cp"] == 1
    assert not Screen(roll_panel, ann, None).has("Rally: 1 CP")
    bob_phone = Screen(roll_panel, bob, None)
    assert bob_phone.has("Pool: 3d10")
