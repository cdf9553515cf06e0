"""Boons and Failure's Gift; backstory bonds; asset activation."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .helpers import Game


def award(g: Game, pid: str = "p1", n: int = 1) -> None:
    for _ in range(n):
        g.gm("boon.award", player=pid, complication="a failure with teeth")


def test_boon_needs_narrative_teeth() -> None:
    """'A Boon is only awarded when failure has narrative teeth — the GM must introduce a
    complication or setback.'"""
    g = Game()
    with pytest.raises(InvalidArgs):
        g.gm("boon.award", player="p1")
    award(g)
    assert g.boons("p1") == 1


def test_boons_tracked_individually() -> None:
    """'Boons are tracked individually, not as a group resource.'"""
    g = Game()
    award(g, "p2")
    assert (g.boons("p1"), g.boons("p2")) == (0, 1)


def test_boon_cap_five_overflow_converts() -> None:
    """'A Player may only carry 5 Boons at a time, any extra boon is converted to XP, 2 to
    1, up to 2.'"""
    g = Game()
    award(g, n=5)
    xp = g.xp("p1")
    award(g)
    assert g.boons("p1") == 5 and g.xp("p1") == xp
    award(g)
    assert g.xp("p1") == xp + 1
    award(g, n=4)
    assert g.xp("p1") == xp + 2
    award(g, n=2)  # past the 2 XP overflow limit: lost
    assert g.xp("p1") == xp + 2 and g.boons("p1") == 5
    g.check()


def test_boon_cap_is_a_setting() -> None:
    """'A character may only have 4 Boons max' — the other reading, as a table setting."""
    g = Game(boon_cap=4)
    award(g, n=5)
    assert g.boons("p1") == 4


def test_convert_between_sessions() -> None:
    """'Between sessions, a player may convert 2 Boons = 1 XP.'"""
    g = Game()
    award(g, n=3)
    xp = g.xp("p1")
    g.gm("session.start")
    with pytest.raises(RuleViolation):
        g.p("p1", "boon.convert")
    g.gm("session.end")
    g.p("p1", "boon.convert")
    assert (g.boons("p1"), g.xp("p1")) == (1, xp + 1)
    with pytest.raises(RuleViolation):
        g.p("p1", "boon.convert")


def test_bond_needs_consent_and_grants_a_boon_each() -> None:
    """'Initial Boon: Two characters may gain one Boon each if they establish a mutual
    backstory tie. Consent Required: Both players must agree to the bond.'"""
    g = Game()
    bond = g.p("p1", "bond.propose", tie="same doomed levy", **{"with": "p2"})[-1].data["bond"]
    with pytest.raises(RuleViolation):
        g.p("p1", "bond.accept", bond=bond)
    g.gm("session.start")
    assert (g.boons("p1"), g.boons("p2")) == (0, 0)
    g.gm("session.end")
    g.p("p2", "bond.accept", bond=bond)
    g.gm("session.start")
    assert (g.boons("p1"), g.boons("p2")) == (1, 1)
    g.check()


def test_bond_boons_at_most_four() -> None:
    """'Maximum: Each player may earn up to 4 Boons this way.'"""
    g = Game(players=6)
    for other in ("p2", "p3", "p4", "p5", "p6"):
        bid = g.p("p1", "bond.propose", tie="kin", **{"with": other})[-1].data["bond"]
        g.p(other, "bond.accept", bond=bid)
    g.gm("session.start")
    assert g.boons("p1") == 4


def test_bonds_change_only_between_sessions() -> None:
    """'They can also be added or removed between sessions, again with consent.'"""
    g = Game()
    g.gm("session.start")
    with pytest.raises(RuleViolation):
        g.p("p1", "bond.propose", tie="rivals", **{"with": "p2"})


def test_bond_reward_in_play() -> None:
    """'A GM may award additional Boons or 1 XP when players call upon these ties.'"""
    g = Game()
    g.gm("boon.award", player="p1", reason="bond")
    g.gm("xp.award", player="p1", xp=1, reason="bond called upon")
    assert g.boons("p1") == 1 and g.xp("p1") == 31


def test_activate_asset_for_boon_or_xp() -> None:
    """'To activate any Off-Screen Asset, the player must spend 1 Boon or 2 XP.'"""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="presence")
    g.p("p1", "xp.buy", what="asset", tier="standard", type="civic", name="Title")
    aid = next(iter(g.pc("p1")["assets"]))
    award(g)
    g.p("p1", "asset.activate", asset=aid, ask="Secure an audience")
    assert g.boons("p1") == 0
    xp = g.xp("p1")
    g.p("p1", "asset.activate", asset=aid, ask="Quash these charges", pay="xp")
    assert g.xp("p1") == xp - 2
    g.check()


def test_compromised_asset_cannot_activate() -> None:
    """'Compromised: The asset cannot be activated until recovered.'"""
    g = Game()
    g.p("p1", "xp.buy", what="attribute", name="wits")
    g.p("p1", "xp.buy", what="asset", tier="minor", type="spy", name="Ring")
    aid = next(iter(g.pc("p1")["assets"]))
    g.gm("resource.degrade", player="p1", kind="asset", id=aid, steps=2)
    with pytest.raises(RuleViolation):
        g.p("p1", "asset.activate", asset=aid, ask="x", pay="xp")


def test_a_one_shot_favor_costs_a_boon_or_two_xp_in_desperation() -> None:
    """D.12.6: 'Diamonds: represent Boons, XP-gated assets, or one-shot favors. A one-shot
    favor costs 1 Boon (or 2 XP in desperation) to activate.'"""
    g = Game()
    award(g)
    xp = g.xp("p1")
    event = g.p("p1", "favor.call", favor="The harbour official's favor marker")[-1]
    assert event.data["pay"] == "boon" and g.boons("p1") == 0 and g.xp("p1") == xp
    event = g.p("p1", "favor.call", favor="A word with the magistrate")[-1]
    assert event.data["pay"] == "xp" and g.xp("p1") == xp - 2
    with pytest.raises(RuleViolation, match="no Boon"):
        g.p("p1", "favor.call", favor="Another", pay="boon")
    g.check()
