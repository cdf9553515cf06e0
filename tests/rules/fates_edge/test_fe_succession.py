"""Death and replacement, the Patronage Track, talents that bring followers."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .helpers import Game


def test_promote_a_follower_half_xp() -> None:
    """'Promote a Follower … Grant a lump sum equal to 50% of the deceased PC's total
    XP.'"""
    g = Game()
    g.p("p1", "xp.buy", what="follower", cap=2, name="Squire", lane="melee")
    fid = next(iter(g.pc("p1")["followers"]))
    g.gm("xp.award", player="p1", xp=10)
    g.gm("character.replace", player="p1", mode="promote", follower=fid)
    assert g.pc("p1")["name"] == "Squire" and g.xp("p1") == 20
    assert g.tokens("xp-spent:p1", "xp") == 0
    g.check()


def test_heir_steps_in() -> None:
    """'Heir or Partner Steps In … Start with 20–30 XP plus a fraction of Off-Screen
    Assets.'"""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="wits")
    g.p("p1", "xp.buy", what="asset", tier="minor", type="spy", name="Ring")
    aid = next(iter(g.pc("p1")["assets"]))
    g.gm("character.replace", player="p1", mode="heir", name="Wren", xp=22, keep_assets=[aid])
    assert g.xp("p1") == 22 and aid in g.pc("p1")["assets"]
    with pytest.raises(Exception, match="between 20 and 30"):
        g.gm("character.replace", player="p1", mode="heir", name="Wren", xp=35)


def test_patronage_track() -> None:
    """'Spending 8+ XP on civic, guild, or temple projects grants a Patron tag. Once per
    arc, a Patron may erase a resource-related Complication (Diamonds suit).'"""
    g = Game()
    g.p("p1", "xp.project", xp=5, project="temple roof")
    with pytest.raises(RuleViolation):
        g.p("p1", "patron.erase", complication="the debt")
    g.p("p1", "xp.project", xp=3, project="guild hall")
    g.p("p1", "patron.erase", complication="the debt")
    with pytest.raises(RuleViolation):
        g.p("p1", "patron.erase", complication="the toll")


def test_familiar_bond_is_a_follower() -> None:
    """'Familiar Bond … Gain a magical familiar (Cap 3). Counts as an On-Screen
    follower.'"""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    g.p("p1", "xp.buy", what="talent", name="Familiar Bond")
    (familiar,) = g.pc("p1")["followers"].values()
    assert familiar["cap"] == 3


def test_coordinated_assault_two_followers_capped() -> None:
    """'Coordinated Assault: direct two On-Screen Followers to assist with the same
    action … The total dice bonus remains capped at +3.'"""
    g = Game(starting_xp=80)
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="command")
    g.p("p1", "xp.buy", what="attribute", name="presence")
    g.p("p1", "xp.buy", what="talent", name="Coordinated Assault")
    g.p("p1", "xp.buy", what="follower", cap=2, name="A", lane="x")
    g.p("p1", "xp.buy", what="follower", cap=2, name="B", lane="x")
    a, b = sorted(g.pc("p1")["followers"])
    data = g.p("p1", "roll.pool", attribute="presence", skill="command", follower=a,
               follower2=b)[-1].data  # fmt: skip
    assert data["pool"] == 3 + 3 + 3
