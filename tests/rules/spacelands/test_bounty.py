"""Spacelands' bounty (spacelands-combat.txt, "Bounty")."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .driver import QUIET, Game


@pytest.mark.parametrize(("colour", "points"), [("blue", 3), ("red", 2), ("white", 1)])
def test_chips_convert_to_bounty_between_scenarios(colour: str, points: int) -> None:
    """ "Fate Chips can be converted into bounty points between scenarios as well (see the
    next page). Blue chips are worth 3 bounty points, red chips are worth 2, and white chips
    are worth 1.\""""
    g = Game(settings=QUIET)
    g.award("p1", **{colour: 1})
    with pytest.raises(RuleViolation, match="between sessions"):
        g.as_("p1", "chips.cash", chips={colour: 1})
    g.gm("session.end")
    g.as_("p1", "chips.cash", chips={colour: 1})
    assert g.rules("bounty", "p1", "earned") == points


def test_every_character_gets_a_share_and_leftovers_stay() -> None:
    """ "Every player character in the crew gets a share of the bounty. If there are leftover
    points, they stay in the pot until the next time the group gets a reward.\""""
    g = Game(players=("Ann", "Bob", "Cy"), settings=QUIET)
    g.gm("bounty.crew", points=7)
    assert [g.rules("bounty", p, "earned") for p in ("p1", "p2", "p3")] == [2, 2, 2]
    assert g.rules("bounty_pool") == 1
    g.gm("bounty.crew", points=5)
    assert g.rules("bounty", "p1", "earned") == 4 and g.rules("bounty_pool") == 0


def points(g: Game, n: int) -> None:
    g.gm("sheet.update", player="p1", path="bounty.earned", value=n)


def test_new_aptitude_level_costs_the_level() -> None:
    """ "New Aptitude levels cost whatever the new level is. If you want your character's
    shooting to go from 3 to 4, it costs you 4 bounty points.\""""
    g = Game(settings=QUIET, start=False)
    points(g, 10)
    g.gm("sheet.update", player="p1", path=["aptitudes", "shooting"], value={"level": 3})
    g.as_("p1", "advance.buy", what="aptitude", name="shooting")
    assert g.rules("bounty", "p1", "spent") == 4
    assert g.rules("sheets", "p1", "aptitudes", "shooting", "level") == 4


def test_aptitudes_once_per_story_arc() -> None:
    """ "You can only raise Aptitude once per story arc, and only one level at a time\""""
    g = Game(settings=QUIET, start=False)
    points(g, 20)
    g.as_("p1", "advance.buy", what="aptitude", name="piloting")
    g.gm("session.start")
    g.gm("session.end")
    with pytest.raises(RuleViolation, match="this story arc"):
        g.as_("p1", "advance.buy", what="aptitude", name="piloting")
    g.gm("arc.end")
    g.as_("p1", "advance.buy", what="aptitude", name="piloting")
    assert g.rules("sheets", "p1", "aptitudes", "piloting", "level") == 2


def test_coordination_costs_twice_the_new_level() -> None:
    """ "Raising your Coordination in a Trait costs two times the new level. So to go from
    4d6 Strength to 5d6 would cost 10 points.\""""
    g = Game(settings=QUIET, start=False)
    points(g, 10)
    g.gm("sheet.update", player="p1", path="traits.strength.coordination", value=4)
    g.as_("p1", "advance.buy", what="coordination", name="strength")
    assert g.rules("bounty", "p1", "spent") == 10


def test_trait_die_costs_three_times_the_die() -> None:
    """ "Traits can be raised as well. The cost equal to three times the die type of the
    level. To go from a d4 to a d6 would cost 18 bounty points.\""""
    g = Game(settings=QUIET, start=False)
    points(g, 18)
    g.gm("sheet.update", player="p1", path="traits.smarts.die", value=4)
    g.as_("p1", "advance.buy", what="die", name="smarts")
    assert g.rules("sheets", "p1", "traits", "smarts", "die") == 6


def test_no_edges_or_hindrances_to_buy() -> None:
    """Spacelands' bounty buys Traits and Aptitudes only."""
    g = Game(settings=QUIET, start=False)
    points(g, 18)
    with pytest.raises(InvalidArgs):
        g.as_("p1", "advance.buy", what="edge", name="brave", value=1, story="x")
