"""A white chip offered on a roll that already beats its TN says what it still does."""

from __future__ import annotations

import flet as ft

from app.domain.fatechips.rolls import ROLL_TRAIT
from app.domain.rules.deadlands import DEADLANDS
from app.ui.chips.hand import hand_panel
from app.ui.chips.roller import roller_panel

from .fakes import FakeHost
from .harness import Screen
from .test_panels import seated


async def test_a_white_chip_on_a_success_says_it_only_hunts_a_raise_and_can_bust() -> None:
    """fate-chips.txt: "You can spend multiple white chips on the same roll, one at a
    time, until you're satisfied with the result." (and its example: a white chip's
    die makes "just enough to get a raise!"). A white chip is one more die, so on a
    roll that already succeeds it can only bring a raise, and a 1 on it can bust the
    roll: the screen says so instead of offering "100% -> 90% (lower!)"."""
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    await player.send(ROLL_TRAIT(dice=1, sides=10, tn=5, faces=[[7]]))  # a success
    roller = Screen(roller_panel, player, DEADLANDS)
    assert roller.has("Chance of success now: 100%")
    assert not roller.has("(lower")
    assert roller.has("Already a success: a white chip can only add a raise")
    assert roller.has("a 1 on its die busts the roll (10%)")
    hand = Screen(hand_panel, player, DEADLANDS)
    await hand.tap("White chips")
    assert not hand.has("(lower")
    assert hand.has("Already a success: a white chip can only add a raise")


async def test_a_white_chip_on_a_miss_still_shows_the_odds() -> None:
    """The odds line stays on a roll that has not reached its TN yet."""
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    await player.send(ROLL_TRAIT(dice=1, sides=10, tn=9, faces=[[7]]))  # a miss
    roller = Screen(roller_panel, player, DEADLANDS)
    assert roller.has("0% -> 20%")
    assert not roller.has("Already a success")


async def test_the_long_white_chip_line_is_not_cut_to_one_button_height() -> None:
    """On a 390 px phone the line takes three lines; a button fixed at 52 px cut its
    last line in half (play test, session 13, Deadlands roll after a red chip)."""
    host = FakeHost("deadlands")
    player, _ = await seated(host)
    await player.send(ROLL_TRAIT(dice=1, sides=10, tn=5, faces=[[7]]))  # a success
    roller = Screen(roller_panel, player, DEADLANDS)
    (white,) = [
        c
        for c in roller.controls
        if isinstance(c, (ft.FilledButton, ft.OutlinedButton))
        and str(c.content).startswith("White chip")
    ]
    assert white.height is None
