"""Clocks, the Supply clock and Fatigue recovery."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .helpers import Game, player


def clock(g: Game, **args: object) -> str:
    return str(g.gm("clock.create", name="Patrol Sweep", **args)[-1].data["clock"])


def test_clock_sizes() -> None:
    """'Size: 4, 6, 8 segments' and 'Ace (Pivotal): 10-segment clock'."""
    g = Game()
    for size in (4, 6, 8, 10):
        clock(g, size=size)
    with pytest.raises(InvalidArgs):
        clock(g, size=5)


def test_tick_by_cp_spend() -> None:
    """'GM spends 1 CP to tick Patrol Sweep ⇒ 4/6.'"""
    g = Game()
    cid = clock(g, size=6)
    g.gm("clock.tick", clock=cid, ticks=3)
    g.give_cp(1)
    g.gm("clock.tick", clock=cid, cp=1)
    assert g.rules["clocks"][cid]["filled"] == 4 and g.bank() == 0
    g.check()


def test_clock_fills() -> None:
    """'Consequences at Full: What happens when it fills?'"""
    g = Game()
    cid = clock(g, size=4, full="Cordon slams shut")
    event = g.gm("clock.tick", clock=cid, ticks=9)[-1]
    assert event.data["full"] and "Cordon slams shut" in event.text


def test_hidden_clocks_are_gm_only() -> None:
    """Clocks are visible to all or to the GM only."""
    g = Game()
    cid = clock(g, visible=False)
    tick = g.gm("clock.tick", clock=cid)[-1]
    assert tick.visible_to == "gm"
    assert cid not in g.table.view(player("p1"))["rules"]["clocks"]
    g.gm("clock.reveal", clock=cid)
    assert cid in g.table.view(player("p1"))["rules"]["clocks"]


def test_supply_thresholds() -> None:
    """'Low Supply (2 filled) … Dangerously Low (3 filled) Each character gains Fatigue.
    Out of Supply (4 filled).'"""
    g = Game()
    g.gm("supply.tick", ticks=2)
    assert g.table.view(player("p1"))["rules"]["supply"]["state"] == "Low Supply"
    g.gm("supply.tick", ticks=1)
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [1, 1]
    g.gm("supply.tick", ticks=1)
    assert g.table.view(player("p1"))["rules"]["supply"]["state"] == "Out of Supply"
    g.check()


def test_supply_reset_in_civilization() -> None:
    """'Reaching civilization resets to Full.'"""
    g = Game()
    g.gm("supply.tick", ticks=3)
    g.gm("supply.tick", reset=True, reason="civilization")
    assert g.rules["supply"] == 0


def test_downtime_in_safety_removes_a_segment() -> None:
    """'Downtime in safety removes 1 segment.'"""
    g = Game()
    g.gm("supply.tick", ticks=2)
    g.gm("downtime.pass", days=1)
    assert g.rules["supply"] == 1


def test_rest_blocked_when_dangerously_low() -> None:
    """'Fatigue cannot be removed while the party is Dangerously Low.'"""
    g = Game()
    g.gm("supply.tick", ticks=3)
    with pytest.raises(RuleViolation):
        g.gm("fatigue.rest")
    g.gm("supply.tick", ticks=-2, reason="forage")
    g.gm("fatigue.rest")
    assert g.pc("p1")["fatigue"] == 0


def test_fatigue_by_cp() -> None:
    """'1 CP … impose +1 Fatigue on one PC.'"""
    g = Game()
    g.give_cp(1)
    g.gm("fatigue.change", player="p1", levels=1, cp=1)
    assert g.pc("p1")["fatigue"] == 1 and g.bank() == 0
