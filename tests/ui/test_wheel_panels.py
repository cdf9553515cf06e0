"""Wheel of Fate panels rendered without a browser, driven like a player and a GM."""

from __future__ import annotations

from typing import Any

from app.domain.actors import GM, player
from app.domain.table_commands import SESSION_START
from app.ui.app import App
from app.ui.model import AppModel, Toast
from app.ui.routes import parse_route
from app.ui.systems import system_ui
from app.ui.wheel.contest import contest_panel
from app.ui.wheel.fate import fate_panel, pinned_compel
from app.ui.wheel.gm import fate_panel as gm_fate_panel
from app.ui.wheel.gm import stress_form
from app.ui.wheel.play import roller_panel
from app.ui.wheel.sheet import character_panel
from app.ui.wheel.sheets import sheets_panel
from app.ui.wheel.table import cast_panel, setup_panel

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen


async def table() -> tuple[FakeHost, AppModel, AppModel, list[Toast], list[Toast]]:
    host = FakeHost("wheel-of-fate")
    gm, gm_seen = make_model(host)
    await gm.open_route(parse_route("/gm?table=t1&token=gm-token"))
    ann, seen = make_model(host)
    await ann.join("ABC123", "Ann")
    bob, _ = make_model(host)
    await bob.join("ABC123", "Bob")
    await gm.send(SESSION_START())
    return host, gm, ann, seen.toasts, gm_seen.toasts


def sheet(host: FakeHost, pid: str = "p1") -> dict[str, Any]:
    found: dict[str, Any] = host.table.view(GM)["rules"]["sheets"][pid]
    return found


def ready(host: FakeHost, pid: str = "p1") -> None:
    """Attributes and one aspect, enough to roll and be compelled."""
    actor = player(pid)
    host.run(actor, "char.attributes", {"physical": 3, "mental": 3, "social": 2})
    host.run(actor, "char.aspect", {"number": 1, "text": "Quick on the draw"})


async def test_the_player_and_gm_get_the_wheel_panels() -> None:
    ui = system_ui("wheel-of-fate")
    assert [p.name for p in ui.player] == ["Character", "Roll", "Fate"]
    assert [p.name for p in ui.gm] == [
        "Fate",
        "Contest",
        "Stress",
        "Rolls",
        "Sheets",
        "Cast",
        "Setup",
    ]
    _, gm, ann, _, _ = await table()
    screen = Screen(App, ann)
    assert screen.has("Create your character") and screen.has("Fate points: 5")
    gm_screen = Screen(App, gm)
    assert gm_screen.has("in the Bowl") and gm_screen.has("10")


async def test_creation_summary_is_saved_and_over_49_words_is_refused_before_sending() -> None:
    host, _, ann, toasts, _ = await table()
    screen = Screen(character_panel, ann)
    await screen.type("Character name", "Calamity")
    await screen.type("Who they are", "word " * 50)
    assert screen.has("50 / 49 words")
    version = host.table.version
    await screen.tap("Save name and summary")
    assert toasts[-1].error and "under 50 words" in toasts[-1].message
    assert host.table.version == version
    await screen.type("Who they are", "A gunslinger with a past.")
    await screen.tap("Save name and summary")
    assert sheet(host)["name"] == "Calamity"


async def test_attributes_split_the_tables_dice_with_the_1d_warning() -> None:
    host, _, ann, toasts, _ = await table()
    screen = Screen(character_panel, ann)
    await screen.tap("Step 3: Attributes")
    assert screen.has("8d left to place")
    for _ in range(6):
        await screen.tap("More Physical")
    await screen.tap("More Mental")
    assert screen.has("1d left to place")
    assert screen.has("Mental at 1d is strongly discouraged")
    await screen.tap("Save attributes")
    assert toasts[-1].error and "Divide exactly 8d" in toasts[-1].message
    await screen.tap("More Social")
    await screen.tap("Save attributes")
    assert sheet(host)["attributes"] == {"physical": 6, "mental": 1, "social": 1}


async def test_pools_come_from_the_gms_list_and_take_exactly_three_dice() -> None:
    host, gm, ann, toasts, _ = await table()
    setup = Screen(setup_panel, gm)
    await setup.type("Normal pools", "Guns, Horses")
    await setup.type("Special pools", "Magic")
    await setup.tap("Save the pool list")
    screen = Screen(character_panel, ann)
    await screen.tap("Step 5: Pools")
    assert screen.has("Magic (special: the GM rules on it)")
    await screen.tap("More Guns")
    await screen.tap("More Guns")
    await screen.tap("Save pools")
    assert toasts[-1].error and "exactly 3 dice" in toasts[-1].message
    await screen.tap("More Horses")
    await screen.tap("Save pools")
    assert sheet(host)["pools"] == {"Guns": 2, "Horses": 1}


async def test_what_is_missing_lists_connections_to_every_other_character() -> None:
    _, _, ann, toasts, _ = await table()
    screen = Screen(character_panel, ann)
    assert screen.has("A connection to Bob")
    await screen.tap("Step 2: Connections")
    await screen.type("Connection to Bob", "My brother, who owes me money.")
    await screen.tap("Save connection to Bob")
    assert not screen.has("A connection to Bob")
    await screen.tap("Finish character")
    assert toasts[-1].error and "still missing" in toasts[-1].message


async def test_the_roller_shows_exact_odds_then_every_die_and_what_was_kept() -> None:
    host, _, ann, _, _ = await table()
    ready(host)
    screen = Screen(roller_panel, ann)
    assert screen.has("vs 10: ")  # 3d6 against Hard, before the roll
    before = next(t for t in screen.texts() if t.startswith("vs 10: "))
    await screen.tap("More Bonus dice")
    assert screen.has("3d6+: roll 4, keep the best 3")
    after = next(t for t in screen.texts() if t.startswith("vs 10: "))
    assert before != after
    await screen.tap("Higher difficulty")
    assert screen.has("15 Very hard") and screen.has("vs 15: ")
    await screen.tap("Lower difficulty")
    await screen.tap("Roll 3d6+")
    assert screen.has("Your last roll") and screen.has(" vs 10")
    labels = [c.semantics_label for c in screen.controls if getattr(c, "semantics_label", None)]
    assert sum("kept" in label for label in labels if label.startswith("Die ")) == 3
    assert sum("dropped" in label for label in labels if label.startswith("Die ")) == 1
    # The bonus die was this roll's: the next starts at 3d6 (a leftover +4 penalty once
    # greeted a contest as "an automatic failure").
    assert screen._button("Roll 3d6", exact=True) is not None, screen.text()


async def test_invoking_an_aspect_on_a_roll_spends_a_point_for_an_extra_die() -> None:
    host, _, ann, _, _ = await table()
    ready(host)
    screen = Screen(roller_panel, ann)
    await screen.tap("Invoke: Quick on the draw")
    assert screen.has("4d6: roll 4 and add them up · costs 1 fate point")
    await screen.tap("Roll 4d6")
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 4


async def test_entered_dice_are_sent_as_faces_and_checked_first() -> None:
    host, _, ann, toasts, _ = await table()
    ready(host)
    screen = Screen(roller_panel, ann)
    switch = next(
        c for c in screen.controls if getattr(c, "label", "") == "Enter dice rolled at the table"
    )
    switch.value = True
    await screen.fire(switch.on_change, switch)
    await screen.type("The 3 faces", "6 6")
    await screen.tap("Record 3d6")
    assert toasts[-1].error and "enter 3 faces" in toasts[-1].message
    await screen.type("The 3 faces", "6 6 4")
    await screen.tap("Record 3d6")
    assert "6 6 4 = 16" in toasts[-1].message


async def test_a_compel_reaches_the_phone_and_refusing_costs_a_point() -> None:
    host, gm, ann, _, _ = await table()
    ready(host)
    offer = Screen(gm_fate_panel, gm)
    await offer.tap("Ann")
    await offer.tap("Quick on the draw")
    await offer.type("What the aspect makes happen", "You draw on the sheriff.")
    await offer.tap("Offer the compel")
    # Pinned above every tab (SystemUI.pinned), not in a tab's scrolling list.
    phone = Screen(pinned_compel, ann)
    assert phone.has("The GM offers a compel") and phone.has("You draw on the sheriff.")
    assert not Screen(roller_panel, ann).has("The GM offers a compel")
    await phone.tap("Refuse: pay 1 fate point")
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 4
    await offer.tap("Ann")
    await offer.tap("Quick on the draw")
    await offer.type("What the aspect makes happen", "Again.")
    await offer.tap("Offer the compel")
    phone.refresh()
    await phone.tap("Accept: gain a fate point")
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 5
    assert not Screen(pinned_compel, ann).has("The GM offers a compel")


async def test_a_point_from_the_bowl_needs_who_and_why_and_the_why_is_logged() -> None:
    host, gm, ann, toasts, _ = await table()
    screen = Screen(fate_panel, ann)
    await screen.tap("Give a point from the Bowl")
    assert toasts[-1].error and "Choose who" in toasts[-1].message
    await screen.tap("To Bob")
    await screen.type("Why", "Bob's speech to the posse")
    await screen.tap("Give a point from the Bowl")
    assert any("Bob's speech to the posse" in e["text"] for e in gm.log)
    assert host.table.view(GM)["rules"]["bowl"] == 9


async def test_declaring_a_fact_spends_a_point() -> None:
    host, _, ann, _, _ = await table()
    screen = Screen(fate_panel, ann)
    await screen.type("What you declare", "The saloon has a back door.")
    await screen.tap("Spend a fate point: declare")
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 4


async def test_the_gm_runs_a_contest_with_a_gm_side_character_and_stress() -> None:
    host, gm, ann, _, _ = await table()
    ready(host)
    cast = Screen(cast_panel, gm)
    await cast.type("Name", "Black Bart")
    await cast.tap("Add the character")
    contest = Screen(contest_panel, gm)
    await contest.tap("Ann")
    await contest.tap("Black Bart")
    await contest.tap("Start the contest")
    assert contest.has("Physical fight · round 1")
    await contest.tap("Black Bart")
    await contest.tap("Ann")  # the target
    await contest.tap("Roll attack on Ann")
    assert host.table.view(GM)["rules"]["contest"]["exchange"]["target"] == "p1"
    phone = Screen(roller_panel, ann)
    assert phone.has("You are attacked") and phone.has("To beat ")
    await phone.tap("Roll defence against Black Bart")
    assert not host.table.view(GM)["rules"]["contest"].get("exchange")
    stress = Screen(stress_form, gm)
    await stress.tap("Ann")
    await stress.tap("Give stress")
    before = sheet(host)["stress"]
    assert before >= 1
    await stress.tap("End the scene")
    assert sheet(host)["stress"] == 0
    assert host.table.view(GM)["rules"]["contest"] is None


async def test_an_aspect_tapped_on_the_fate_tab_is_invoked_in_the_declaration() -> None:
    host, gm, ann, _, _ = await table()
    ready(host)
    screen = Screen(fate_panel, ann)
    await screen.tap("1. Quick on the draw")
    await screen.type("What you declare", "The sheriff's gun jams.")
    await screen.tap("Spend a fate point: invoke “Quick on the draw” and declare")
    assert "invoking “Quick on the draw”" in gm.log[0]["text"]
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 4


async def test_an_attribute_stressed_out_is_marked_and_its_roll_refused_with_the_rule() -> None:
    host, _, ann, toasts, _ = await table()
    ready(host)
    host.run(GM, "stress.add", {"player": "p1", "dice": 3, "reason": "a beating"})
    screen = Screen(roller_panel, ann)
    assert screen.has("Social 2d (out)") and screen.has("Stressed out: incoherent")
    await screen.tap("Social 2d (out)")
    await screen.tap("Roll 2d6---")
    assert toasts[-1].error and "incoherent" in toasts[-1].message


async def test_the_gm_sees_a_sheet_and_adds_then_removes_a_later_aspect() -> None:
    host, gm, _, _, _ = await table()
    ready(host)
    screen = Screen(sheets_panel, gm)
    assert screen.has("Creation: what's missing") and screen.has("A connection to Bob")
    assert screen.has("1. Quick on the draw")
    await screen.type("New aspect", "Owes Bart a favour")
    await screen.tap("Give Ann this aspect")
    assert sheet(host)["aspects"]["6"] == "Owes Bart a favour"
    await screen.tap("Remove aspect 6")
    assert "6" not in sheet(host)["aspects"]


async def test_a_removed_seats_phone_draws_without_a_sheet() -> None:
    """The view has no ``me`` or ``options`` for a seat the GM removed (they are
    ``NotRequired`` in ``WheelView``): the player's tabs still draw, with nothing to do."""
    host, _, ann, _, _ = await table()
    host.run(GM, "seat.remove", {"player": "p1"})
    assert "me" not in ann.rules and "options" not in ann.rules
    assert Screen(character_panel, ann).has("Waiting for the table…")
    assert Screen(roller_panel, ann).has("Split your attribute dice first")
    assert Screen(fate_panel, ann).has("Fate points: 0")
