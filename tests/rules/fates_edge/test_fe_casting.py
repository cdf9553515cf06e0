"""The Casting Loop and Ritual Casting."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation
from app.domain.fatesedge.casting import helper_cap
from app.domain.fatesedge.tables import backlash_tier

from .helpers import Game


@pytest.fixture
def game() -> Game:
    g = Game(players=4, starting_xp=60)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    return g


def test_channel_gathers_potential(game: Game) -> None:
    """'Channel — The caster focuses, rolling Wits + Arcana to gather Potential. Each
    success becomes fuel … Each 1 adds Complication Points immediately.'"""
    data = game.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3])[-1].data
    assert data["pool"] == 2 + 3
    assert game.rules["casting"]["p1"]["potential"] == 2
    assert game.bank() == 1
    game.check()


def test_weave_follows_channel(game: Game) -> None:
    """'Weave — On the following turn, the caster rolls Wits + (Art) … The Description
    Ladder applies.'"""
    with pytest.raises(RuleViolation):
        game.p("p1", "cast.weave", art="fire")
    game.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3])
    data = game.p("p1", "cast.weave", art="fire", faces=[1, 6, 6], ladder="intricate",
                  rerolls=[1])[-1].data  # fmt: skip
    assert data["pool"] == 3 and data["casting"]["cp"] == 2
    assert data["backlash_tier"] == 2


def test_backlash_scales_with_cp_spent(game: Game) -> None:
    """'Backlash … scale with the number of points spent' (1: Minor nuisance … 8+:
    Catastrophic backlash)."""
    assert backlash_tier(1)[0] == 1 and backlash_tier(3)[0] == 2
    assert backlash_tier(5)[0] == 3 and backlash_tier(8)[0] == 5
    game.p("p1", "cast.channel", faces=[1, 1, 1, 2, 3])
    event = game.gm("cast.backlash", player="p1", cp=3)[-1]
    assert event.data["tier"] == 2 and game.bank() == 0
    assert "p1" not in game.rules.get("casting", {})


def test_ritual_helper_cap() -> None:
    """'Ritual Helper Cap: You may draw on ceil(Arcana/2) helpers (max 3).'"""
    assert [helper_cap(n) for n in (1, 2, 3, 4, 5, 6, 8)] == [1, 1, 2, 2, 3, 3, 3]


def test_ritual_limits_helpers(game: Game) -> None:
    """With Arcana 3 the caster may draw on two helpers, not three."""
    with pytest.raises(RuleViolation):
        game.p("p1", "ritual.start", effect="collapse the bridge",
               helpers={"p2": "craft", "p3": "lore", "p4": "occult"})  # fmt: skip


def test_ritual_shared_pool_and_severity(game: Game) -> None:
    """'Each 1 contributes a Complication Point (CP) to the shared ritual pool' and
    'Increase severity by +1 tier per assistant beyond the first.'"""
    game.p(
        "p1", "ritual.start", effect="collapse the bridge", helpers={"p2": "craft", "p3": "lore"}
    )
    game.p("p1", "ritual.channel")
    game.p("p1", "ritual.weave", art="fire", assist_dice=4)
    pool = game.tokens("ritual", "cp")
    event = game.gm("ritual.backlash")[-1]
    base = backlash_tier(pool)[0]
    assert event.data["tier"] == (min(5, base + 1) if pool else 0)
    assert game.tokens("ritual", "cp") == 0 and "ritual" not in game.rules
    game.check()


def test_ritual_steps_in_order(game: Game) -> None:
    """'Declare the Ritual … Channel Together … Weave … Backlash.'"""
    with pytest.raises(RuleViolation):
        game.p("p1", "ritual.channel")
    game.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
    with pytest.raises(RuleViolation):
        game.p("p1", "ritual.weave", art="fire")


def test_only_the_caster_leads_the_ritual(game: Game) -> None:
    """'The primary caster names the effect' and rolls the Channel and the Weave."""
    game.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
    with pytest.raises(RuleViolation):
        game.p("p2", "ritual.channel")
    game.p("p1", "ritual.channel")


def test_boon_on_channel_changes_potential(game: Game) -> None:
    """A Boon re-roll on the Channel roll changes the Potential it gathered."""
    game.gm("boon.award", player="p1", complication="sparks")
    game.p("p1", "cast.channel", faces=[2, 2, 2, 2, 2])
    game.p("p1", "boon.reroll", die=0, face=8)
    assert game.rules["casting"]["p1"]["potential"] == 1
