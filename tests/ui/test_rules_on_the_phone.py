"""What the rules now allow, on the phone (issue #26): automatic fire split between two
targets as one action, the draw with the Aim value of the gun in hand, a move with the
load carried (encumbrance), climbing or swimming."""

from __future__ import annotations

import flet as ft

from app.domain.actors import GM
from app.ui.combat.player import combat_panel

from .fakes import FakeHost
from .test_combat_panels import Screen, _up, combat, fight


async def flip(screen: Screen, label: str) -> None:
    for c in screen.controls:
        if isinstance(c, ft.Switch) and str(c.label).startswith(label):
            c.value = True
            await screen.fire(c.on_change, c)
            return
    raise AssertionError(label)


async def test_the_phone_splits_a_burst_between_two_targets() -> None:
    """ "If the gunner wants to fire at multiple targets, he needs to decide how many
    shots each target gets, and then he splits his dice among them.\""""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    host.run(GM, "npc.add", {"name": "Crawler", "quickness": "1d4"})
    host.run(
        GM,
        "sheet.update",
        {"player": "p1", "path": "aptitudes.shooting: blasters", "value": {"level": 4}},
    )
    screen = await _up(host, ann)
    card = combat(host)["combatants"]["p1"]["playable"][0]
    await screen.tap("Rattler")
    await screen.type("Skill on your sheet", "shooting: blasters")
    await flip(screen, "More modifiers")
    await screen.type("Rate of fire", "3")
    await screen.tap("Split the burst with Crawler")
    await screen.type("Shots at Rattler", "2")
    await screen.type("Dice at Rattler", "3")
    await screen.type("Shots at Crawler", "1")
    await screen.type("Dice at Crawler", "1")
    await screen.type("Distance to Crawler (m)", "15")
    await screen.tap("Fire at Rattler and Crawler with")
    acted = [e for e in host.table.events if e.type == "combat.acted"]
    shots = [e for e in host.table.events if e.type == "combat.attacked"]
    assert len(shots) == 2 and acted[-1].data["card"] == card
    assert [s.data["target"] for s in shots] == ["n1", "n2"]
    assert [len(s.data["roll"]["dice"]) for s in shots] == [3, 1]
    assert shots[1].data["tn"] == 6  # Fair 5 + 15 m / 10 m


async def test_the_draw_takes_the_guns_aim_value() -> None:
    """ "The number after the slash is the to-hit penalty the weapon receives when it is
    not aimed, as well as the initiative penalty.\""""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = Screen(combat_panel, ann)
    await screen.type("Aim value of the gun in hand (x/y)", "3/2")
    await screen.tap("Draw: roll Quickness")
    drew = [e for e in host.table.events if e.type == "combat.drew"][-1]
    assert drew.data["modifier"] == -2


async def test_the_phone_moves_with_its_load() -> None:
    """ "If a character with an 8 Pace is carrying a heavy load, his Pace is effectively
    reduced to a 2 for the round." — the load (and the race that changes it) from the
    phone."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    host.run(GM, "sheet.update", {"player": "p1", "path": "traits.deftness.die", "value": 8})
    screen = await _up(host, ann)
    await screen.type("Meters", "2")
    await screen.type("Carrying (pounds)", "60")
    await screen.tap("Move")
    moved = [e for e in host.table.events if e.type == "combat.moved"][-1]
    assert moved.data["pace"] == 2 and moved.data["load"] == "heavy"
    await screen.type("Race (loads, Pickup)", "ursoid")  # 60 lb: medium for an Ursoid
    await screen.type("Meters", "4")
    await screen.tap("Move")
    moved = [e for e in host.table.events if e.type == "combat.moved"][-1]
    assert moved.data["pace"] == 4 and moved.data["load"] == "medium"


async def test_the_phone_rides_a_running_mount() -> None:
    """ "Riders in "running" vehicles or on animals suffer the penalty too." — the
    mount's Pace typed; over half of it is running."""
    host = FakeHost("spacelands", seed=3)
    _gm, ann, _ = await fight(host)
    screen = await _up(host, ann)
    await screen.type("Meters", "15")
    await screen.type("Riding: the mount's Pace", "20")
    await screen.tap("Move")
    moved = [e for e in host.table.events if e.type == "combat.moved"][-1]
    assert moved.data["riding"] == 20 and moved.data["running"]
    assert host.table.state["rules"]["combat"]["fighters"]["p1"]["running"]  # −4 to come
