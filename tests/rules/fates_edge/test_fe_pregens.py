"""The three sample characters as pregens."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, RuleViolation

from .helpers import Game


def test_sable_kestrel() -> None:
    """'Baseline 30 XP: Body 3, Wits 3, Melee 3.' 'Body + Melee: 6.'"""
    g = Game()
    g.p("p1", "character.pregen", pregen="sable")
    pc = g.pc("p1")
    assert pc["name"] == "Sable Kestrel"
    assert (pc["attributes"]["body"], pc["attributes"]["wits"], pc["skills"]["melee"]) == (3, 3, 3)
    assert g.xp("p1") == 0
    assert g.p("p1", "roll.pool", attribute="body", skill="melee")[-1].data["pool"] == 6
    g.check()


def test_bryn_of_the_ledger() -> None:
    """'Baseline 30 XP: Presence 3, Sway 3, Follower Cap 3.'"""
    g = Game()
    g.p("p1", "character.pregen", pregen="bryn")
    pc = g.pc("p1")
    (follower,) = pc["followers"].values()
    assert follower["cap"] == 3 and follower["name"] == "Archivist"
    assert pc["skills"]["sway"] == 3 and g.xp("p1") == 0


def test_ash_thorne_full_build() -> None:
    """Ash Thorne as printed: 'Wits 3, Presence 3 … Tactics 2, Skullduggery 1 … Cap 4
    Scout/Ranger … Minor Safehouse' — the table grants the XP the printed build costs."""
    g = Game()
    g.gm("character.pregen", player="p1", pregen="ash", build="full")
    pc = g.pc("p1")
    assert {f["cap"] for f in pc["followers"].values()} == {4}
    assert g.tokens("xp-spent:p1", "xp") == 9 + 9 + 6 + 2 + 16 + 4
    assert g.xp("p1") == 0
    g.check()


def test_a_player_alone_cannot_start_above_the_starting_pool() -> None:
    """ "Characters begin with a baseline of 30 XP to allocate across Attributes, Skills,
    Talents, and Assets." A printed build that costs more is the table's call, made by
    the GM, not one player's (#27)."""
    g = Game()
    with pytest.raises(Forbidden) as refused:
        g.p("p1", "character.pregen", pregen="ash", build="full")
    assert "only the GM can grant the printed build" in refused.value.message
    assert g.xp("p1") == 30 and not g.pc("p1")["followers"]
    g.p("p1", "character.pregen", pregen="ash")  # the baseline fits the pool
    assert g.xp("p1") == 0
    g.check()


def test_pregen_only_on_a_fresh_sheet() -> None:
    """A pregen replaces character creation, so it is taken before spending XP."""
    g = Game()
    g.p("p1", "xp.buy", what="skill", name="lore")
    with pytest.raises(RuleViolation):
        g.p("p1", "character.pregen", pregen="sable")


def test_sables_wits_and_observation_pool_is_the_sum_of_her_ratings() -> None:
    """Sable's dice pools: "**Wits + Observation:** 3 (if taken)". Her printed build has
    Wits 3 and Observation 1, and a pool is Attribute + Skill (3.1), so the app rolls
    4 dice; the printed 3 doesn't add up (Interpretations)."""
    g = Game()
    g.gm("character.pregen", player="p1", pregen="sable", build="full")
    data = g.p("p1", "roll.pool", attribute="wits", skill="observation")[-1].data
    assert data["pool"] == 3 + 1
    g.check()
