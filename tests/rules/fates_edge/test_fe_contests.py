"""Contests and group rolls."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .helpers import Game, player


def test_contest_higher_successes_win() -> None:
    """'Opposed tests can be run as contests (both sides roll; higher total successes
    wins; ties lean to status quo).' Both sides roll on their phones; the contest
    resolves when both have, and both players see the result."""
    g = Game()
    g.gm("contest.start", label="Arm-wrestle", a="p1", b="p2")
    first = g.p("p1", "roll.enter", attribute="body", faces=[6, 7])[-1]
    assert "waiting" in first.text and "result" not in g.rules["contest"]
    second = g.p("p2", "roll.enter", attribute="body", faces=[6, 2])[-1]
    assert "P1 wins" in second.text
    for pid in ("p1", "p2"):
        shown = g.table.view(player(pid))["rules"]["contest"]["result"]
        assert shown["winner"] == "a" and (shown["a"], shown["b"]) == (2, 1)
    g.check()


def test_contest_tie_goes_to_the_status_quo() -> None:
    """'… ties lean to status quo': on a tie the side holding the status quo wins."""
    g = Game()
    g.gm("contest.start", a="p1", b="p2", holds="a")
    g.p("p1", "roll.enter", attribute="body", faces=[6, 2])
    event = g.p("p2", "roll.enter", attribute="body", faces=[2, 8])[-1]
    result = g.rules["contest"]["result"]
    assert result["tie"] and result["winner"] == "a" and "status quo holds" in event.text


def test_contest_against_an_opposition_pool_and_a_boon_re_resolves() -> None:
    """An opposition pool is rolled by the host when the contest opens; a Boon re-roll
    of the player's die after the result re-resolves the contest on the final dice."""
    g = Game()
    g.gm("session.start")
    g.gm("boon.award", player="p1", complication="slipped")
    g.gm("contest.start", a="p1", npc_pool=3, npc_label="The guard")
    npc = g.rules["contest"]["sides"]["b"]["successes"]
    g.p("p1", "roll.enter", attribute="body", faces=[1, 2])
    assert g.rules["contest"]["result"]["a"] == 0
    g.p("p1", "boon.reroll", die=0, face=9)
    assert g.rules["contest"]["result"]["a"] == 1
    assert g.rules["contest"]["result"]["winner"] == ("a" if npc < 1 else "b")
    g.check()


def test_contest_needs_two_sides_and_one_at_a_time() -> None:
    g = Game()
    with pytest.raises(InvalidArgs):
        g.gm("contest.start", a="p1", b="p1")
    g.gm("contest.start", a="p1", b="p2")
    with pytest.raises(RuleViolation):
        g.gm("contest.start", a="p1", b="p2")
    g.gm("contest.cancel")
    assert g.rules.get("contest") is None


def test_group_roll_pools_net_successes() -> None:
    """'Traverse the Pass (DV 3). Group roll pools to a net 3 successes but produces
    C=3.' Each character rolls their pool; successes and CP add up."""
    g = Game(players=3)
    data = g.gm("roll.group", players=["p1", "p2", "p3"], attribute="body", dv=3)[-1].data
    assert data["successes"] == sum(r["successes"] for r in data["rows"])
    assert g.bank() == data["cp"] == sum(r["cp"] for r in data["rows"])
    assert data["outcome"] == ("clean" if data["successes"] >= 3 and not data["cp"]
                               else "cost" if data["successes"] >= 3
                               else "partial" if data["successes"] else "miss")  # fmt: skip
    g.check()


def test_group_survival_forage_clears_a_supply_segment() -> None:
    """'Foraging/hunting: group Survival check clears 1 segment.'"""
    for seed in range(1, 50):
        g = Game(seed=seed, players=2)
        g.gm("supply.tick", ticks=2)
        data = g.gm("roll.group", players=["p1", "p2"], attribute="wits", skill="survival",
                    forage=True, dv=1)[-1].data  # fmt: skip
        if data["successes"] >= 1:
            assert g.rules["supply"] == 1
            return
        assert g.rules["supply"] == 2
    raise AssertionError("no seed foraged successfully")
