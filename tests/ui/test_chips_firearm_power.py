"""Deadlands: the Marshal lets chips go on a firearm damage roll when a supernatural
power says so, from the Rolls tab (no browser)."""

from __future__ import annotations

from app.domain.actors import GM, player
from app.domain.rules.deadlands import DEADLANDS
from app.ui.chips.gm import rolls_panel

from .harness import Screen
from .test_panels_more import table_of


async def test_the_marshal_allows_chips_on_a_firearm_roll() -> None:
    """ "You can't spend chips on: Firearm damage rolls (unless a supernatural power says
    otherwise)" """
    host, gm, [(_ann, _)] = await table_of("deadlands", "Ann")
    host.run(player("p1"), "roll.trait", {"dice": 2, "sides": 6, "kind": "firearm"})
    screen = Screen(rolls_panel, gm, DEADLANDS)
    await screen.tap("A power says so: allow chips")
    roll = host.table.view(GM)["rules"]["players"]["p1"]["roll"]
    assert roll["power"] == "a supernatural power"
    screen.refresh()
    assert screen.has("Chips allowed: a supernatural power says so.")
