"""Downtime costs time: upkeep and repair by Downtime take a week that passes only
with downtime, block parallel training, and XP stays the instant alternative."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation
from app.domain.jsonvalue import JsonDict

from .helpers import Game


@pytest.fixture
def game() -> Game:
    g = Game(starting_xp=60)
    g.p("p1", "xp.buy", what="follower", cap=3, name="Agent", lane="spying")
    g.p("p1", "character.finish")
    return g


def fid(g: Game) -> str:
    followers: JsonDict = g.pc("p1")["followers"]
    return next(iter(followers))


def test_maintenance_by_downtime_takes_a_week(game: Game) -> None:
    """'Downtime: Spend Significant Time personally (a week) training, smoothing
    politics, repairing.' The resource is Maintained when a week of downtime passed."""
    game.gm("resource.flag", player="p1", kind="follower", id=fid(game))
    event = game.p("p1", "resource.maintain", kind="follower", id=fid(game), mode="downtime")[-1]
    assert "a week of Downtime" in event.text
    assert game.pc("p1")["followers"][fid(game)]["flagged"]
    game.gm("downtime.pass", days=6)
    assert game.pc("p1")["followers"][fid(game)]["flagged"]
    text = game.gm("downtime.pass", days=1)[-1].text
    assert "Maintain Agent" in text and not game.pc("p1")["followers"][fid(game)]["flagged"]
    game.check()


def test_committed_upkeep_protects_from_arc_end_degradation(game: Game) -> None:
    """'Flagged resources degrade one step unless Maintained by Time or XP': a week of
    Downtime committed to it counts as Maintained by Time."""
    game.gm("resource.flag", player="p1", kind="follower", id=fid(game))
    game.p("p1", "resource.maintain", kind="follower", id=fid(game), mode="downtime")
    game.gm("arc.end")
    assert game.pc("p1")["followers"][fid(game)]["condition"] == "maintained"


def test_no_parallel_training_while_maintaining(game: Game) -> None:
    """'No parallel training/projects.' While the week of upkeep runs, no training
    starts (rushing, which skips downtime, and paying XP still can)."""
    game.gm("resource.flag", player="p1", kind="follower", id=fid(game))
    game.p("p1", "resource.maintain", kind="follower", id=fid(game), mode="downtime")
    with pytest.raises(RuleViolation, match="no parallel training"):
        game.p("p1", "xp.buy", what="skill", name="stealth")
    game.gm("downtime.pass", days=7)
    game.p("p1", "xp.buy", what="skill", name="stealth")
    game.gm("resource.flag", player="p1", kind="follower", id=fid(game))
    with pytest.raises(RuleViolation, match="no parallel"):
        game.p("p1", "resource.maintain", kind="follower", id=fid(game), mode="downtime")
    game.p("p1", "resource.maintain", kind="follower", id=fid(game), mode="xp")
    assert not game.pc("p1")["followers"][fid(game)]["flagged"]


def test_repair_by_downtime_takes_a_week(game: Game) -> None:
    """'Neglected → Maintained: Downtime or pay ⌈Tier/2⌉ XP.' By Downtime it is done
    when the week has passed; by XP at once."""
    game.gm("resource.degrade", player="p1", kind="follower", id=fid(game))
    game.p("p1", "resource.repair", kind="follower", id=fid(game), mode="downtime")
    assert game.pc("p1")["followers"][fid(game)]["condition"] == "neglected"
    text = game.gm("downtime.pass", days=7)[-1].text
    assert "1 day" not in text and "7 days of downtime pass" in text
    assert game.pc("p1")["followers"][fid(game)]["condition"] == "maintained"
    game.check()
