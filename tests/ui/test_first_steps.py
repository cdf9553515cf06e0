"""A new player's first minute, without a browser: the card on top of the phone leads
to what the game needs before the first roll, and goes once it is done."""

from __future__ import annotations

from app.domain.actors import GM
from app.ui.app import App
from app.ui.model import AppModel

from .conftest import make_model
from .fakes import FakeHost
from .harness import Screen

FIRST = "Before your first roll"


async def joined(ruleset: str) -> tuple[FakeHost, AppModel]:
    host = FakeHost(ruleset)
    player, _ = make_model(host)
    await player.join("ABC123", "Ann")
    return host, player


async def test_a_fates_edge_player_takes_a_pregen_and_a_kit_and_is_ready() -> None:
    host, player = await joined("fates-edge")
    screen = Screen(App, player)
    assert screen.has(FIRST) and screen.has("Pick a ready-made character:")
    await screen.tap("Play Bryn of the Ledger")
    screen.refresh()
    assert screen.has("Take your one free kit and play:")
    await screen.tap("Take the Traveler's Pack")
    screen.refresh()
    sheet = host.table.view(GM)["rules"]["characters"]["p1"]
    assert sheet["status"] != "creating"
    assert not screen.has(FIRST) and screen.has("Pool: ")


async def test_a_blank_deadlands_sheet_leads_to_the_sheet_tab() -> None:
    _host, player = await joined("deadlands")
    screen = Screen(App, player)
    assert screen.has("every trait rolls 1d6")
    await screen.tap("Fill in my sheet")
    screen.refresh()
    assert screen.has("Traits") and not screen.has(FIRST)


async def test_a_filled_deadlands_sheet_needs_no_first_steps() -> None:
    host, player = await joined("deadlands")
    host.run(GM, "sheet.update", {"player": "p1", "path": "traits.quickness.die", "value": 10})
    screen = Screen(App, player)
    assert not screen.has(FIRST)


async def test_not_now_puts_the_blank_sheet_card_away() -> None:
    _host, player = await joined("spacelands")
    screen = Screen(App, player)
    await screen.tap("Not now")
    screen.refresh()
    assert not screen.has(FIRST)


async def test_a_fates_edge_player_who_plays_on_without_the_kit_puts_the_card_away() -> None:
    """A pregen taken, no kit: the card stayed on every tab, even after she had rolled in
    a contest. "Not now" puts it away, as in the other games."""
    _host, player = await joined("fates-edge")
    screen = Screen(App, player)
    await screen.tap("Play Bryn of the Ledger")
    screen.refresh()
    assert screen.has("Take your one free kit and play:")
    await screen.tap("Not now")
    screen.refresh()
    assert not screen.has(FIRST) and screen.has("Pool: ")


async def test_a_blank_bottlecaps_sheet_is_pointed_out() -> None:
    _host, player = await joined("bottlecaps")
    assert Screen(App, player).has("every attribute is d4")


async def test_a_wheel_player_is_led_to_creation_from_the_roll_tab() -> None:
    host, player = await joined("wheel-of-fate")
    screen = Screen(App, player)
    assert not screen.has(FIRST)  # the Character tab is the creation itself
    await screen.tab("Roll")
    screen.refresh()
    assert screen.has("Make your character first: 14 things to go.")
    assert screen.has("Physical 3d, Mental 3d, Social 2d: roll now")
    await screen.tap("Quick start")
    screen.refresh()
    sheet = host.table.view(GM)["rules"]["sheets"]["p1"]
    assert sheet["attributes"] == {"physical": 3, "mental": 3, "social": 2}
    assert screen.has("You can roll now.") and not screen.has(FIRST)
    await screen.tap("Make my character")
    screen.refresh()
    assert not screen.has("You can roll now.")


async def test_a_late_joiner_finds_ready_made_characters_on_the_sheet_tab_too() -> None:
    """Issue #28: joining after the session started, "Fill in my sheet" opened a sheet
    that "can be edited between sessions (or by the GM)". A blank character can still
    be made during play: the Sheet tab offers the ready-made ones, and one tap takes it
    (Bottlecaps: a player's `sheet.update` on a blank sheet; Deadlands: `sheet.quick`)."""
    for ruleset, title in (("bottlecaps", "Scavenger"), ("deadlands", "Gunslinger")):
        host = FakeHost(ruleset)
        host.run(GM, "session.start", {})
        player, _ = make_model(host)
        await player.join("ABC123", "Ann")
        screen = Screen(App, player)
        await screen.tap("Fill in my sheet")
        screen.refresh()
        assert screen.has("Your character isn't made yet"), ruleset
        await screen.tap(f"Play the {title}")
        screen.refresh()
        assert screen.has("can be edited between sessions"), ruleset  # made: now it waits
