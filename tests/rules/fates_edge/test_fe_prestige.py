"""Prestige Skills (C.9): XP unlock thresholds, prerequisites, not at creation."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .helpers import Game, player


def ready(xp: int = 100) -> Game:
    g = Game(starting_xp=xp)
    g.p("p1", "xp.buy", what="attribute", name="body")  # Body 3: 9
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="melee")  # Melee 3: 12 (21 spent)
    return g


def test_prestige_skills_cannot_be_bought_at_creation() -> None:
    """'They cannot be purchased at character creation.'"""
    g = ready()
    with pytest.raises(RuleViolation, match="character creation"):
        g.p("p1", "xp.buy", what="prestige", name="Trial Duelist")


def test_mid_tier_unlocks_at_forty_xp_spent() -> None:
    """'Mid-Tier Prestige Skills (unlockable at XP 40–60)': Trial Duelist, Body 3,
    Melee 3, 6 XP — refused at 21 XP spent, bought at 40."""
    g = ready()
    g.p("p1", "character.finish")
    with pytest.raises(RuleViolation, match="unlocks at 40 XP spent"):
        g.p("p1", "xp.buy", what="prestige", name="Trial Duelist")
    g.p("p1", "xp.buy", what="attribute", name="wits", rush=True)  # 9: 30 spent
    g.p("p1", "xp.buy", what="attribute", name="spirit", rush=True)  # 9: 39 spent
    with pytest.raises(RuleViolation, match="unlocks at 40"):
        g.p("p1", "xp.buy", what="prestige", name="Trial Duelist")
    g.p("p1", "xp.buy", what="skill", name="lore", rush=True)  # 2: 41 spent
    xp = g.xp("p1")
    g.p("p1", "xp.buy", what="prestige", name="Trial Duelist")
    assert g.pc("p1")["prestige"] == {"Trial Duelist": 6} and g.xp("p1") == xp - 6
    powers = {a["name"]: a for a in g.table.view(player("p1"))["rules"]["you"]["abilities"]}
    assert powers["Trial Duelist"]["per"] == "session" and powers["Trial Duelist"]["left"] == 1
    g.p("p1", "ability.use", ability="prestige:Trial Duelist")
    with pytest.raises(RuleViolation, match="this session"):
        g.p("p1", "ability.use", ability="prestige:Trial Duelist")


def test_prerequisites_and_high_tier_threshold() -> None:
    """'High-Tier Prestige Skills (unlockable at XP 60+)', each with its minimums:
    Warglord needs Body 4, Command 3, Tactics 3."""
    g = ready()
    g.p("p1", "character.finish")
    for name in ("wits", "spirit", "presence"):
        g.p("p1", "xp.buy", what="attribute", name=name, rush=True)  # 48 spent
    g.p("p1", "xp.buy", what="skill", name="lore", rush=True)
    g.p("p1", "xp.buy", what="skill", name="lore", rush=True)  # 54 spent
    with pytest.raises(RuleViolation, match="requires Diplomacy 2"):
        g.p("p1", "xp.buy", what="prestige", name="Blood-Ties Oath")
    with pytest.raises(RuleViolation, match="unlocks at 60"):
        g.p("p1", "xp.buy", what="prestige", name="Warglord")
    with pytest.raises(InvalidArgs):
        g.p("p1", "xp.buy", what="prestige", name="Dragon Rider")
