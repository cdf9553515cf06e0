"""What a tap sends, on the wire, for Wheel of Fate and Bottlecaps: the UI builds each
call from its command type, and a value the player didn't choose is left out (the
host's default stands), as the hand-built calls did."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import flet as ft

from app.domain.actors import GM
from app.ui.caps.gm import award_panel, extra_form, players_panel
from app.ui.caps.panels import caps_panel, roll_panel
from app.ui.wheel.contest import contest_panel
from app.ui.wheel.fate import fate_panel
from app.ui.wheel.gm import fate_panel as gm_fate_panel
from app.ui.wheel.gm import stress_form
from app.ui.wheel.play import roller_panel
from app.ui.wheel.table import rolls_panel

from .fakes import FakeHost
from .harness import Screen
from .test_panels_more import table_of
from .test_wheel_panels import ready, table

Call = tuple[str, dict[str, Any]]


async def sent(host: FakeHost, action: Awaitable[None]) -> list[Call]:
    """The commands ``action`` sent, from whichever device."""
    clients = list({id(c): c for c in host.clients}.values())
    before = [len(c.sent) for c in clients]
    await action
    return [call for c, n in zip(clients, before, strict=True) for call in c.sent[n:]]


async def switch_on(screen: Screen, label: str) -> None:
    control = next(c for c in screen.controls if isinstance(c, ft.Switch) and c.label == label)
    control.value = True
    await screen.fire(control.on_change, control)


# ---- Wheel of Fate -----------------------------------------------------------------


async def test_wheel_rolls_send_the_chosen_dice_and_the_difficulty_only_when_set() -> None:
    host, gm, ann, _, _ = await table()
    ready(host)
    screen = Screen(roller_panel, ann)
    assert await sent(host, screen.tap("Roll 3d6")) == [
        ("roll", {"attribute": "physical", "difficulty": 10})
    ]
    host.run(GM, "npc.add", {"name": "Bandit", "physical": 2, "mental": 1, "social": 1})
    gm_screen = Screen(rolls_panel, gm)
    await gm_screen.tap("Lower difficulty")
    await gm_screen.tap("Lower difficulty")  # 0: a roll without a difficulty
    await gm_screen.tap("More Dice")
    assert await sent(host, gm_screen.tap("Roll 4d6")) == [("roll", {"dice": 4})]
    await gm_screen.tap("Bandit")
    assert await sent(host, gm_screen.tap("Roll 2d6")) == [
        ("roll", {"npc": "n1", "attribute": "physical", "difficulty": 10})
    ]


async def test_a_wheel_contest_starts_then_attack_and_defence_name_no_attribute() -> None:
    host, gm, [(ann, _), (bob, _)] = await table_of("wheel-of-fate", "Ann", "Bob")
    ready(host)
    ready(host, "p2")
    gm_screen = Screen(contest_panel, gm)
    await gm_screen.tap("Ann")
    await gm_screen.tap("Bob")
    assert await sent(host, gm_screen.tap("Start the contest")) == [
        ("contest.start", {"kind": "physical", "harmful": True, "participants": ["p1", "p2"]})
    ]
    screen = Screen(roller_panel, ann)
    await screen.tap("Bob")
    assert await sent(host, screen.tap("Roll attack on Bob")) == [
        ("contest.attack", {"target": "p2"})
    ]
    defence = Screen(roller_panel, bob)
    assert await sent(host, defence.tap("Roll defence against Ann")) == [("contest.defend", {})]


async def test_wheel_declarations_and_compels_send_an_aspect_by_number_or_in_words() -> None:
    host, gm, ann, _, _ = await table()
    ready(host)
    screen = Screen(fate_panel, ann)
    await screen.type("What you declare", "The bridge is out")
    assert await sent(host, screen.tap("Spend a fate point: declare")) == [
        ("fate.declare", {"kind": "fact", "text": "The bridge is out"})
    ]
    await screen.tap("1. Quick on the draw")
    await screen.tap("Coincidence")
    await screen.type("What you declare", "A horse waits")
    assert await sent(host, screen.tap("Spend a fate point: invoke")) == [
        ("fate.declare", {"kind": "coincidence", "text": "A horse waits", "aspect": 1})
    ]
    gm_screen = Screen(gm_fate_panel, gm)
    await gm_screen.tap("Bob")
    await gm_screen.type("The aspect", "Short fuse")
    await gm_screen.type("What the aspect makes happen", "He swings first")
    assert await sent(host, gm_screen.tap("Offer the compel")) == [
        ("compel.offer", {"player": "p2", "text": "He swings first", "aspect_text": "Short fuse"})
    ]


async def test_wheel_stress_names_a_seat_or_a_gm_side_character() -> None:
    host, gm, _, _, _ = await table()
    host.run(GM, "npc.add", {"name": "Bandit", "physical": 2, "mental": 1, "social": 1})
    screen = Screen(stress_form, gm)
    await screen.tap("Bandit")
    assert await sent(host, screen.tap("Give stress")) == [
        ("stress.add", {"npc": "n1", "dice": 1, "reason": "stress"})
    ]
    await screen.tap("Ann")
    assert await sent(host, screen.tap("Give stress")) == [
        ("stress.add", {"player": "p1", "dice": 1, "reason": "stress"})
    ]


# ---- Bottlecaps --------------------------------------------------------------------


async def test_bottlecaps_rolls_send_faces_only_when_entered() -> None:
    host, _, [(ann, _)] = await table_of("bottlecaps", "Ann")
    host.run(GM, "sheet.update", {"player": "p1", "attributes": {"Agility": "d6"}})  # 6+2 on it
    screen = Screen(roll_panel, ann, None)
    assert await sent(host, screen.tap("Roll Agility")) == [
        ("roll.trait", {"trait": "Agility", "modifier": 0, "tn": 4})
    ]
    assert await sent(host, screen.tap("Roll damage")) == [
        ("roll.damage", {"dice": ["d6"], "modifier": 0})
    ]
    await switch_on(screen, "Enter dice rolled at the table")
    await screen.type("Trait die", "6+2")
    await screen.type("Wild Die", "3")
    assert await sent(host, screen.tap("Roll Agility")) == [
        (
            "roll.trait",
            {"trait": "Agility", "modifier": 0, "tn": 4, "trait_faces": [6, 2], "wild_faces": [3]},
        )
    ]
    assert await sent(host, screen.tap("Roll damage")) == [
        ("roll.damage", {"dice": ["d6"], "modifier": 0})
    ]


async def test_bottlecaps_gm_calls_name_the_seat_and_the_chosen_values() -> None:
    host, gm, [(ann, _)] = await table_of("bottlecaps", "Ann")
    screen = Screen(award_panel, gm)
    await screen.tap("White")
    assert await sent(host, screen.tap("Award")) == [
        ("cap.award", {"player": "p1", "n": 1, "colour": "white"})
    ]
    assert await sent(host, screen.tap("Start of their turn")) == [("turn.start", {"player": "p1"})]
    assert await sent(host, screen.tap("End combat")) == [("combat.end", {})]
    extra = Screen(extra_form, gm)
    await extra.type("Extra's name", "Bandit")
    assert await sent(host, extra.tap("Spend a cap for the Extra")) == [
        ("cap.spend", {"extra": "Bandit", "use": "reroll"})
    ]
    sheet = Screen(players_panel, gm)
    assert await sent(host, sheet.tap("Seasoned")) == [
        ("sheet.update", {"player": "p1", "rank": "Seasoned"})
    ]
    mine = Screen(caps_panel, ann, None)
    await mine.tap("Take the hit")
    assert await sent(host, mine.tap("Yes, take the hit")) == [("damage.take", {"wounds": 1})]
