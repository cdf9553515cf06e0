"""Fate's Edge screens without a browser: a fake client over a real domain table."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM
from app.domain.fatesedge.awards_args import BOON_AWARD
from app.domain.fatesedge.creation import CHARACTER_PREGEN
from app.domain.fatesedge.roll_args import ROLL_ENTER
from app.domain.odds import fates_edge_odds
from app.domain.table_commands import SESSION_START
from app.ui.app import App
from app.ui.fatesedge.gm import clocks_panel, rolls_panel
from app.ui.fatesedge.gm_cp import cp_panel
from app.ui.fatesedge.gm_session import decks_panel, xp_panel
from app.ui.fatesedge.roll import roll_panel
from app.ui.fatesedge.sheet import sheet_panel
from app.ui.fatesedge.table import table_panel
from app.ui.model import AppModel
from app.ui.routes import parse_route
from app.ui.systems import system_ui
from app.ui.widgets import pct

from .conftest import Recorder, make_model
from .fakes import FakeHost
from .harness import Screen


async def table() -> tuple[FakeHost, AppModel, AppModel, Recorder]:
    """A GM and Ann at a running session; the Recorder has both devices' toasts."""
    host = FakeHost("fates-edge")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    gm.on_toast(seen.toasts.append)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    return host, gm, player, seen


def gm_rules(host: FakeHost) -> dict[str, Any]:
    rules: dict[str, Any] = host.table.view(GM)["rules"]
    return rules


async def test_both_screens_render_the_fates_edge_tabs() -> None:
    _host, gm, player, _ = await table()
    assert [p.name for p in system_ui("fates-edge").player] == ["Roll", "Sheet", "Table", "More"]
    screen = Screen(App, player)
    assert screen.has("Pool: ")
    gm_screen = Screen(App, gm)
    assert gm_screen.has("0 CP banked")
    for name in ("CP", "Clocks", "Rolls", "Decks", "XP", "Sheets", "More"):
        await gm_screen.tap(name)


async def test_picking_a_pregen_fills_the_sheet_with_its_follower_track() -> None:
    host, _, player, _ = await table()
    screen = Screen(sheet_panel, player, None)
    assert screen.has("Character creation")
    await screen.tap("Play Bryn of the Ledger")
    sheet = gm_rules(host)["characters"]["p1"]
    assert sheet["pregen"] == "bryn" and sheet["skills"] == {"sway": 3}
    assert screen.has("Bryn of the Ledger")
    assert screen.has("Archivist: Maintained")  # the follower and its condition track
    assert {"Maintained", "Neglected", "Compromised"} <= set(screen.texts())


async def test_the_roller_shows_each_ladders_exact_odds_before_rolling() -> None:
    host, _, player, _ = await table()
    await player.send(CHARACTER_PREGEN(pregen="sable"))
    screen = Screen(roll_panel, player, None)
    await screen.tap("Wits 3")
    await screen.tap("Melee 3")
    assert screen.has("Pool: 6d10 (Wits 3 + Melee 3)")
    for ladder in ("basic", "detailed", "intricate"):
        exact = fates_edge_odds(6, 2, ladder)
        shown = (
            f"Success {pct(exact.p_success)} · clean {pct(exact.p_clean)} · "
            f"expect {exact.expected_cp:.1f} CP"
        )
        assert screen.has(shown), (ladder, shown, screen.text())
    await screen.tap("Intricate ladder")
    await screen.tap("Roll 6d10 Intricate")
    roll = gm_rules(host)["last_roll"]
    assert roll["ladder"] == "intricate" and roll["pool"] == 6
    assert screen.has(roll["outcome_name"])
    assert gm_rules(host)["cp_bank"] == roll["cp"]  # every 1 left is the GM's CP
    assert screen.button("Roll 6d10 Intricate")  # the choices stay for the next roll


async def test_physical_dice_are_entered_and_resolved_by_the_ladder() -> None:
    host, _, player, seen = await table()
    await player.send(CHARACTER_PREGEN(pregen="sable"))
    screen = Screen(roll_panel, player, None)
    await screen.tap("Wits 3")
    await screen.tap("Melee 3")
    await screen.tap("Detailed ladder")
    switch = next(c for c in screen.controls if getattr(c, "label", "") == "Enter physical dice")
    switch.value = True
    await screen.fire(switch.on_change, switch)
    await screen.type("The 6 faces rolled", "1 1 7 8 3 2")
    sent = len(host.clients[-1].sent)
    await screen.tap("Record 6d10 Detailed")
    assert seen.toasts[-1].error  # the ladder re-rolls one 1: its face is needed
    await screen.type("Re-roll faces", "9")
    await screen.tap("Record 6d10 Detailed")
    roll = gm_rules(host)["last_roll"]
    assert [d["faces"] for d in roll["dice"]][:2] == [[1, 9], [1]]
    assert (roll["successes"], roll["cp"], roll["outcome_name"]) == (3, 1, "Success & Cost")
    assert screen.has("Success & Cost: 3 successes, 1 CP (DV 2 Pressured)")
    # recorded: the next roll starts with empty fields, not the last roll's faces
    assert screen.field("The 6 faces rolled").value == ""
    assert screen.field("Re-roll faces (ladder first, then Fatigue)").value == ""
    await screen.type("The 6 faces rolled", "7 7")
    await screen.tap("Record 6d10 Detailed")
    assert seen.toasts[-1].message == "The pool is 6 dice: enter 6 faces."
    assert len(host.clients[-1].sent) == sent + 2  # the short entry never left the phone


async def test_a_boon_re_rolls_the_tapped_die() -> None:
    host, gm, player, _ = await table()
    await player.send(CHARACTER_PREGEN(pregen="sable"))
    await gm.send(BOON_AWARD(player="p1", complication="the rope snapped"))
    await player.send(ROLL_ENTER(attribute="body", skill="melee", faces=[1, 2, 3, 6, 7, 8]))
    screen = Screen(roll_panel, player, None)
    assert screen.has("Boons: 1. Tap a die to spend a Boon and re-roll it.")
    await screen.type("New face for the Boon re-roll", "10")
    await screen.tap("Re-roll Die 1: 1, CP")
    roll = gm_rules(host)["last_roll"]
    assert roll["dice"][0]["faces"] == [1, 10] and roll["cp"] == 0
    assert gm_rules(host)["characters"]["p1"]["boons"] == 0
    assert screen.has("No Boons to re-roll a die.")


async def test_an_asset_is_activated_with_a_boon_or_xp() -> None:
    host, _, player, seen = await table()
    await player.send(CHARACTER_PREGEN(pregen="ash"))
    screen = Screen(sheet_panel, player, None)
    assert screen.has("Safehouse: Maintained")
    await screen.tap("Activate Safehouse")
    assert seen.toasts[-1].message == "Say what you ask of the asset first."
    await screen.type("Ask of Safehouse", "a quiet room tonight")
    host.run(GM, "xp.award", {"player": "p1", "xp": 2})
    screen.refresh()
    await screen.tap("Activate Safehouse (2 XP)")
    assert "activates Safehouse for 2 XP" in seen.toasts[-1].message


async def test_the_gm_spends_cp_from_the_menu_and_unaffordable_ones_are_refused() -> None:
    host, gm, _, seen = await table()
    screen = Screen(cp_panel, gm)
    version = host.table.version
    await screen.tap("2 CP: Alarmed attention")
    assert seen.toasts[-1].message == "That costs 2 CP; the bank holds 0."
    assert host.table.version == version
    host.run(GM, "cp.grant", {"cp": 3, "reason": "test"})
    host.run(GM, "clock.create", {"name": "Watch", "size": 4})
    screen.refresh()
    assert screen.has("Spend CP (3 banked)")
    await screen.tap("2 CP: Advance a Threat clock by 1")
    assert seen.toasts[-1].message == "Pick the clock this option acts on first."
    await screen.tap("Watch 0/4")
    await screen.tap("2 CP: Advance a Threat clock by 1")
    rules = gm_rules(host)
    assert rules["cp_bank"] == 1 and next(iter(rules["clocks"].values()))["filled"] == 1
    await screen.tap("Travel")
    await screen.tap("1 CP: Lose time")
    assert gm_rules(host)["cp_bank"] == 0


async def test_a_visible_clock_ticks_on_the_phone_and_a_hidden_one_stays_hidden() -> None:
    _host, gm, player, _ = await table()
    screen = Screen(clocks_panel, gm)
    await screen.type("Clock name", "Guards")
    await screen.tap("Start clock")
    await screen.type("Clock name", "Cult ritual")
    hidden = next(c for c in screen.controls if getattr(c, "label", "") == "Visible to everyone")
    hidden.value = False
    await screen.fire(hidden.on_change, hidden)
    await screen.tap("Start clock")
    await screen.tap("Tick Guards")
    assert screen.has("Cult ritual: 0 of 6 (GM only)")
    phone = Screen(table_panel, player)
    assert phone.has("Guards: 1 of 6")
    assert not phone.has("Cult ritual")
    await screen.tap("Supply +1")
    phone.refresh()
    assert phone.has("Supply: 1 of 4")


async def test_consequence_cards_are_drawn_for_cp_and_an_adventure_generated() -> None:
    host, gm, _, _seen = await table()
    host.run(GM, "cp.grant", {"cp": 2, "reason": "test"})
    screen = Screen(decks_panel, gm)
    await screen.tap("More CP to spend")
    await screen.tap("Draw 2 consequence cards")
    assert gm_rules(host)["cp_bank"] == 0
    assert screen.has("The GM spends 2 CP and draws 2 consequence cards")
    await screen.tap("Full Seed")
    await screen.tap("Generate adventure")
    assert screen.has("Adventure (seed)")
    assert any(not c["visible"] for c in gm_rules(host)["clocks"].values())  # main clock


async def test_session_xp_comes_from_the_checklist_within_the_pace() -> None:
    """'Table Attendance: +2 XP' is ticked from the start (the usual award); once paid,
    the row is clear and an empty award is refused on the tablet."""
    host, gm, _, seen = await table()
    screen = Screen(xp_panel, gm)
    assert screen.has("Did we reach a Major Objective? (+2–4 XP)")
    assert screen.has("Award 2 XP to Ann (pace is 6–10)")
    before = gm_rules(host)["characters"]["p1"]["xp"]["unspent"]
    await screen.tap("Award 2 XP to Ann")
    assert gm_rules(host)["characters"]["p1"]["xp"]["unspent"] == before + 2
    assert "Table Attendance +2" in seen.toasts[-1].message
    await screen.tap("Award 0 XP")
    assert seen.toasts[-1].message == "Tick at least one award first."


async def test_attendance_for_everyone_in_one_tap() -> None:
    host, gm, _, _ = await table()
    screen = Screen(xp_panel, gm)
    before = gm_rules(host)["characters"]["p1"]["xp"]["unspent"]
    await screen.tap("Table Attendance: +2 XP to everyone")
    assert gm_rules(host)["characters"]["p1"]["xp"]["unspent"] == before + 2


async def test_the_gm_offers_a_devils_bargain_on_a_miss() -> None:
    host, gm, player, _ = await table()
    await player.send(ROLL_ENTER(attribute="body", dv=2, faces=[2, 3]))
    screen = Screen(rolls_panel, gm)
    assert screen.has("Miss: 0 successes, 0 CP (DV 2 Pressured)")
    await screen.type("The complication they accept", "the bridge falls behind you")
    await screen.tap("Offer the bargain")
    assert gm_rules(host)["last_roll"]["outcome"] == "bargain"
    assert screen.has("Devil's Bargain: the bridge falls behind you")


async def test_a_physical_roll_asks_for_the_one_new_face_of_a_boon_re_roll() -> None:
    host, gm, player, seen = await table()
    await gm.send(BOON_AWARD(player="p1", complication="the rope snapped"))
    await player.send(ROLL_ENTER(attribute="body", faces=[1, 2]))
    screen = Screen(roll_panel, player, None)
    version = host.table.version
    await screen.type("New face for the Boon re-roll", "3 4")
    await screen.tap("Re-roll Die 1: 1, CP")
    assert seen.toasts[-1].message.endswith("enter the one new face.")
    assert host.table.version == version


async def test_a_free_draw_when_the_bank_is_empty() -> None:
    host, gm, _, _ = await table()
    screen = Screen(decks_panel, gm)
    assert screen.has("Deck of Consequences")
    await screen.tap("Draw 1 consequence card")
    rules = gm_rules(host)
    assert rules["decks"]["consequence"]["remaining"] == 51 and rules["cp_bank"] == 0


async def test_a_half_made_roll_survives_a_look_at_the_sheet() -> None:
    """Choices on the roller are kept per seat, not per drawing of the panel: a player
    who checks the sheet (or whose panel is rebuilt by the host's news) finds the pool
    and ladder as they left them."""
    _, _, player, _ = await table()
    await player.send(CHARACTER_PREGEN(pregen="sable"))
    screen = Screen(App, player)
    await screen.tab("Roll")
    await screen.tap("Wits 3")
    await screen.tap("Intricate ladder")
    assert screen.button("Roll 6d10 Intricate")
    await screen.tab("Sheet")
    assert not screen.has("Pool: 6d10")
    await screen.tab("Roll")
    assert screen.button("Roll 6d10 Intricate")
    fresh = Screen(roll_panel, player, None)  # the panel drawn anew, as after a remount
    assert fresh.button("Roll 6d10 Intricate")


async def test_the_gm_gives_a_boon_for_a_bond_called_upon_in_one_tap() -> None:
    """Issue #28: the GM's only Boon button was Failure's Gift, refused until the
    complication was typed. 'A GM may award additional Boons ... when players call upon
    these ties in-session': one tap, no typing; Ann's news says how to spend it."""
    host, gm, player, _ = await table()
    screen = Screen(xp_panel, gm)
    assert screen.has("A Boon re-rolls one die")
    await screen.tap("A bond called upon: a Boon to Ann")
    assert gm_rules(host)["characters"]["p1"]["boons"] == 1
    assert any("tap one of its dice" in a.text for a in player.alerts)
