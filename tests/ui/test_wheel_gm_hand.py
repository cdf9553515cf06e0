"""Wheel of Fate: the GM gives or takes fate points and changes the pool limits from
the screens (no browser)."""

from __future__ import annotations

from app.domain.actors import GM
from app.ui.wheel.gm import fate_panel as gm_fate_panel
from app.ui.wheel.table import setup_panel

from .harness import Screen
from .test_wheel_panels import table


async def test_the_gm_gives_a_player_fate_points_from_the_fate_tab() -> None:
    """ "Characters begin play with a stack of five fate points." — the GM adjusts them."""
    host, gm, _ann, _, _ = await table()
    screen = Screen(gm_fate_panel, gm)
    await screen.tap("Change fate points")  # nobody chosen yet: refused on the device
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 5
    await screen.tap("Ann: 5 fate points")
    await screen.tap("More Fate points")
    await screen.type("Why", "a late start")
    await screen.tap("Change fate points")
    assert host.table.view(GM)["rules"]["characters"]["p1"]["fate"] == 7
    assert "a late start" in host.table.events[-1].text
    screen.refresh()
    assert screen.has("Ann: 7 fate points")


async def test_the_gm_changes_the_pool_limits_from_setup() -> None:
    """ "you can distribute three dice among them, according to whatever limitations the
    GM provides" — and "Some games may allow pool values to get higher than 3d"."""
    host, gm, _ann, _, _ = await table()
    screen = Screen(setup_panel, gm)
    await screen.tap("More Pool dice")
    await screen.tap("More Most in one pool")
    await screen.tap("Save the pool limits")
    settings = host.table.state["settings"]
    assert (settings["pool_dice"], settings["pool_max"]) == (4, 4)
