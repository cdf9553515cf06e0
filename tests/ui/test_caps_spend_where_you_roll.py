"""Bottlecaps: caps are spent from the same tab as the roll (issue #15: spend where you
roll), with the rule's reason when the cap can't change the roll."""

from __future__ import annotations

from app.domain.actors import GM, player
from app.domain.table_commands import SESSION_END, SESSION_START
from app.ui.caps.panels import roll_panel

from .harness import Screen
from .test_panels_more import table_of


async def test_a_white_cap_rerolls_from_the_roll_tab() -> None:
    """ "Reroll any Trait roll (Reroll an Attribute or Skill check. You reroll all dice
    for the check, including the Wild Die, and take the better result." """
    host, _gm, [(ann, _)] = await table_of("bottlecaps", "Ann")
    host.run(GM, "cap.award", {"player": "p1", "colour": "white", "n": 1})
    screen = Screen(roll_panel, ann, None)
    await screen.tap("Roll Agility")
    assert host.table.view(GM)["rules"]["gm"]["players"]["p1"]["roll"]["rerolls"] == 0
    screen.refresh()
    assert screen.has("Reroll the Trait roll, keep the better")
    await screen.tap("Reroll the Trait roll, keep the better:")
    assert host.table.view(GM)["rules"]["gm"]["players"]["p1"]["roll"]["rerolls"] == 1


async def test_no_cap_that_fits_says_so_on_the_roll_tab() -> None:
    """ "You can't reroll a damage roll in this way, unless you have the No Mercy Edge." —
    with no red or blue cap, nothing in hand changes a damage roll."""
    host, gm, [(ann, _)] = await table_of("bottlecaps", "Ann")
    await gm.send(SESSION_END())
    host.run(GM, "sheet.update", {"player": "p1", "draw_modifier": -3})
    await gm.send(SESSION_START())
    host.run(GM, "cap.award", {"player": "p1", "colour": "white", "n": 1})
    host.run(player("p1"), "roll.damage", {"dice": ["d6"]})
    screen = Screen(roll_panel, ann, None)
    assert screen.has("No cap in hand can change this roll now.")


async def test_the_gm_spends_a_general_cap_for_an_extra_from_the_npc_tab() -> None:
    """ "The GM gets one each session for each PC, plus 2 specific to any Wild Card NPCs
    he controls." — the general caps pay for Extras too."""
    from app.ui.caps.gm import npc_panel

    host, gm, [(_ann, _)] = await table_of("bottlecaps", "Ann")
    screen = Screen(npc_panel, gm)
    await screen.tap("Spend a cap for the Extra")  # no name yet: refused on the device
    assert sum(host.table.state["tokens"].get("gm", {}).values()) == 1
    await screen.type("Extra's name", "Bandit")
    await screen.tap("Recover from Shaken")
    await screen.tap("Spend a cap for the Extra")
    assert sum(host.table.state["tokens"].get("gm", {}).values()) == 0
    assert "for the Extra Bandit: recover from shaken" in host.table.events[-2].text
