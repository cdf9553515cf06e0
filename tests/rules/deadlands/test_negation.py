"""Negating wounds and Wind (fate-chips.txt, "Negating Wounds & Wind")."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .driver import QUIET, Game


def hit(g: Game, pid: str = "p1", **wounds: int) -> None:
    g.gm("wounds.assign", player=pid, wounds=wounds)


def wounds(g: Game, pid: str = "p1") -> dict[str, int]:
    return {k: v for k, v in g.rules("sheets", pid, "wounds").items() if v}


@pytest.mark.parametrize(
    ("colour", "negated", "wind", "sentence"),
    [
        ("white", 1, 5, "Negate 1 wound from any location, or recover 5 Wind."),
        ("red", 2, 10, "Negate 2 wounds from any location, or recover 10 Wind."),
        ("blue", 3, 15, "Negate 3 wounds from any location, or recover 15 Wind."),
        ("legend", 5, 41, "Negate 5 wounds from any location, or recover all Wind."),
    ],
)
def test_chip_negates_wounds_or_recovers_wind(
    colour: str, negated: int, wind: int, sentence: str
) -> None:
    """Each colour's "For Wounds & Wind" line (quoted in the parameters)."""
    g = Game(settings={**QUIET, "starting_wind": 45})
    g.award("p1", **{colour: 2})
    hit(g, head=5, right_leg=2)
    g.as_("p1", "chips.negate", colour=colour, wounds={"head": negated})
    assert wounds(g)["right_leg"] == 2
    assert wounds(g).get("head", 0) == 5 - negated
    with pytest.raises(RuleViolation):
        g.as_("p1", "chips.negate", colour=colour, wounds={"right_leg": 2, "head": negated})
    g.gm("wind.lose", player="p1", amount=41)
    g.as_("p1", "chips.negate", colour=colour, wind=True)
    assert g.rules("sheets", "p1", "wind", "current") == 4 + wind


def test_one_chip_splits_over_locations() -> None:
    """ "A single chip can negate wounds from multiple locations. A blue chip could cancel 2
    wounds to the arm and 1 wound to the guts, for example.\""""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    hit(g, left_arm=2, guts=2)
    g.as_("p1", "chips.negate", colour="blue", wounds={"left_arm": 2, "gizzards": 1})
    assert wounds(g) == {"lower_torso": 1}


def test_walkin_dead_example() -> None:
    """ "Your Size is 6, so that's 3 wounds to your right arm. You immediately spend a blue
    chip (negates 3 wounds) and walk away unscathed.\""""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    hit(g, right_arm=3)
    g.as_("p1", "chips.negate", colour="blue")
    assert wounds(g) == {}


def test_negation_only_right_after_wounds_are_assigned() -> None:
    """ "This must be done right after wounds are assigned and before any further attacks
    are made.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=3)
    with pytest.raises(RuleViolation, match="no fresh wounds"):
        g.as_("p1", "chips.negate", colour="white", wounds={"head": 1})
    hit(g, head=1)
    hit(g, left_leg=1)  # a further attack: the head wound now stands
    with pytest.raises(RuleViolation, match="fresh wound"):
        g.as_("p1", "chips.negate", colour="white", wounds={"head": 1})
    g.as_("p1", "wounds.accept")
    with pytest.raises(RuleViolation, match="no fresh wounds"):
        g.as_("p1", "chips.negate", colour="white", wounds={"left_leg": 1})
    assert wounds(g) == {"head": 1, "left_leg": 1}


def test_wind_can_be_recovered_any_time_later() -> None:
    """ "You can spend chips to recover Wind at any time—even several rounds after you lost
    it.\" and "Wind recovery prevents adverse effects like being knocked out or killed,
    even if you spend the chip after technically "dying" from Wind loss.\""""
    g = Game(settings=QUIET)
    g.award("p1", red=1)
    g.gm("wind.lose", player="p1", amount=14)
    hit(g, head=1)
    g.as_("p1", "wounds.accept")
    g.as_("p1", "chips.negate", colour="red", wind=True)
    assert g.rules("sheets", "p1", "wind", "current") == 6


def test_wind_recovery_stops_at_the_maximum() -> None:
    """Recovering Wind never raises it above the character's maximum."""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    g.gm("wind.lose", player="p1", amount=2)
    g.as_("p1", "chips.negate", colour="blue", wind=True)
    assert g.rules("sheets", "p1", "wind", "current") == 10


def test_only_your_own_wounds() -> None:
    """Deadlands has no rule for negating another's wounds: that's what trades are for."""
    g = Game(settings=QUIET)
    g.award("p1", white=1)
    hit(g, "p2", head=1)
    with pytest.raises(RuleViolation, match="your own"):
        g.as_("p1", "chips.negate", colour="white", **{"for": "p2"})


def test_wound_levels_stop_at_maimed() -> None:
    """Wound levels 0–5, Light to Maimed."""
    g = Game(settings=QUIET)
    hit(g, head=4)
    hit(g, head=4)
    assert wounds(g) == {"head": 5}
    with pytest.raises(InvalidArgs):
        hit(g, elbow=1)
