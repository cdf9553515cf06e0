"""The screens rendered without a browser (tests/ui/harness.py), driven like a player."""

from __future__ import annotations

import flet as ft

from app.domain.actors import GM
from app.domain.fatechips.rolls import ROLL_TRAIT
from app.domain.rules.deadlands import DEADLANDS
from app.domain.table_commands import SESSION_START
from app.ui.app import App
from app.ui.chips.hand import hand_panel
from app.ui.chips.roller import roller_panel
from app.ui.model import AppModel, Toast
from app.ui.routes import parse_route
from app.ui.systems import system_ui

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def seated(host: FakeHost) -> tuple[AppModel, list[Toast]]:
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    for colour in ("red", "white"):
        host.run(GM, "chips.award", {"player": "p1", "colour": colour, "reason": "test"})
    return player, seen.toasts


def hand_of(host: FakeHost) -> dict[str, int]:
    hand: dict[str, int] = host.table.view(GM)["rules"]["players"]["p1"]["hand"]
    return hand


async def test_a_tapped_chip_shows_what_it_can_do_now_with_the_consequence() -> None:
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    screen = Screen(hand_panel, player, DEADLANDS)
    assert screen.has("Tap a chip")
    await screen.tap("Red chips")
    assert screen.has("Red chip: what it can do now")
    assert screen.has("the Marshal draws a chip")  # the tithe, spelled out
    assert screen.has("The Marshal draws a chip from the pot.")
    assert screen.has("Worth 2 Bounty Points")
    assert screen.has("Not now: There's no roll in progress.")


async def test_spending_on_the_roll_then_a_white_chip_is_refused_with_the_rule() -> None:
    host = FakeHost("deadlands")
    player, toasts = await seated(host)
    await player.send(ROLL_TRAIT(dice=2, sides=8, tn=9))
    screen = Screen(hand_panel, player, DEADLANDS)
    await screen.tap("Red chips")
    assert screen.has("Chance ")  # the exact odds before -> after
    await screen.tap("Spend on your roll: red chip")
    roll = host.table.view(GM)["rules"]["players"]["p1"]["roll"]
    assert roll["bonus_colour"] == "red"
    whites = hand_of(host)["white"]
    version = host.table.version
    await screen.tap("White chips")
    await screen.tap("Spend on your roll: white chip")
    assert toasts[-1].error
    assert toasts[-1].message == "You can't spend a white chip after a red one on the same roll."
    assert host.table.version == version and hand_of(host)["white"] == whites


async def test_the_roller_shows_dice_aces_and_odds_and_spends_in_order() -> None:
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    screen = Screen(roller_panel, player, DEADLANDS)
    assert screen.has("1d6 vs TN 5:")  # odds before the roll, from the sheet's trait
    await screen.tap("Ad hoc")
    await screen.tap("More Dice")
    await screen.tap("Roll 3d8")
    roll = host.table.view(GM)["rules"]["players"]["p1"]["roll"]
    assert len(roll["dice"]) == 3
    assert screen.has("Chance of success now")
    await screen.tap("White chip")
    assert host.table.view(GM)["rules"]["players"]["p1"]["roll"]["whites"] == 1
    await screen.tap("Settle on this roll")
    assert host.table.view(GM)["rules"]["players"]["p1"]["roll"]["finished"]


async def test_entered_dice_must_be_numbers() -> None:
    host = FakeHost("deadlands")
    player, toasts = await seated(host)
    screen = Screen(roller_panel, player, DEADLANDS)
    await screen.tap("Ad hoc")
    enter = next(
        c for c in screen.controls if getattr(c, "label", "") == "Enter dice rolled at the table"
    )
    enter.value = True
    await screen.fire(enter.on_change, enter)
    await screen.type("2 dice", "eight")
    await screen.tap("Record these dice")
    assert toasts[-1].error and "not a die" in toasts[-1].message


async def test_the_player_screen_has_the_systems_tabs_and_the_log() -> None:
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    screen = Screen(App, player)
    assert screen.has("Saloon · Ann")
    assert [p.name for p in system_ui("deadlands").player][:3] == ["Hand", "Roll", "Sheet"]


async def test_the_gm_screen_shows_pot_seats_and_awards_chips() -> None:
    host = FakeHost("deadlands")
    await seated(host)
    gm, seen = make_model(host)
    toasts = seen.toasts
    await gm.open_route(parse_route("/gm?table=t1"))  # the token is kept on the device
    assert gm.screen == "home"  # a fresh device has no GM token
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    screen = Screen(App, gm)
    assert screen.has("Ann")
    # The session runs: the join QR has shrunk to a button that brings it back.
    assert not screen.has("Code ABC123")
    await screen.tap("Show the join QR (code ABC123)")
    assert screen.has("Code ABC123")
    assert screen.has("The Marshal's hand (hidden from players)")
    await screen.tap("Chips")
    await screen.tap("Red")
    await screen.type("Reason", "a fine speech")
    await screen.tap("Award from the pot")
    assert "Ann" in toasts[-1].message and toasts[-1].undo_command


async def test_bottlecaps_caps_show_their_uses_and_spend() -> None:
    host = FakeHost("bottlecaps")
    gm, _ = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    player, seen = make_model(host)
    toasts = seen.toasts
    await player.join("ABC123", "Ann")
    await gm.send(SESSION_START())
    host.run(GM, "cap.award", {"player": "p1", "colour": "white"})
    screen = Screen(App, player)
    await screen.tap("White caps")
    assert screen.has("Reroll the Trait roll, keep the better")
    assert screen.has("Not now: There's no roll to reroll: roll first.")
    await player.send(ROLL_TRAIT(trait="Agility"))
    screen.refresh()
    await screen.tap("Reroll the Trait roll, keep the better: white cap")
    assert "white cap" in toasts[-1].message


async def test_the_aptitude_menu_is_wide_enough_for_its_longest_option() -> None:
    """Playtest on a 390 px phone: Flutter sized the menu a few pixels short of its
    widest option and showed "None: the trait's Coordinatio"; a set width fits it."""
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    aptitude = {"player": "p1", "path": "aptitudes.shootin': pistol", "value": {"level": 3}}
    host.run(GM, "sheet.update", aptitude)
    screen = Screen(roller_panel, player, DEADLANDS)
    (menu,) = [
        c
        for c in screen.controls
        if isinstance(c, ft.Dropdown) and c.label == "Aptitude (optional)"
    ]
    assert menu.width is not None and menu.width >= 300
    assert "None: the trait's Coordination" in [o.text for o in menu.options]
