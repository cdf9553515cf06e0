"""Spacelands' Fate chips (spacelands-combat.txt, "Fate", "Fate Chips", "Saving your
skin"): the same engine as Deadlands with its own numbers."""

from __future__ import annotations

import pytest

from app.domain.actors import GM, player
from app.domain.errors import Forbidden, RuleViolation, UnknownCommand

from .driver import QUIET, Game


def test_pot_of_10_blue_25_red_50_white() -> None:
    """ "The Master starts the first game session with a pot of 10 blue, 25 red, and 50 white
    chips.\""""
    g = Game(start=False)
    assert [g.count("pot", c) for c in ("blue", "red", "white")] == [10, 25, 50]
    with pytest.raises(UnknownCommand):
        g.gm("legend.award")


def test_players_draw_up_to_three() -> None:
    """ "At the start of each game session, every player gets to draw up to three Fate Chips
    at random from the pot. For example, if a player has two chips remaining from the
    previous session, he draws one, or if he has five, he draws none.\""""
    g = Game(settings={"gm_draw": 0})
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[5]])
    g.as_("p1", "chips.spend", colour=next(iter(g.hand("p1"))))  # Ann keeps two
    g.award("p2", red=2)  # Bob has five
    bob = g.hand("p2")
    g.gm("session.end")
    g.gm("session.start")
    assert sum(g.hand("p1").values()) == 3
    assert g.hand("p2") == bob


def test_the_master_draws_one() -> None:
    """ "The Master also gets to draw one chip that he can use for all the extras and bad
    guys.\""""
    g = Game()
    assert g.total("gm") == 1
    assert g.table.view(player("p1"))["rules"]["gm_hand"] == {"total": 1, "chips": None}


def test_old_chips_before_new_ones() -> None:
    """ "When you do get your chips back at the beginning of the next game session, make sure
    everyone gets their old chips before anyone draws their new ones.\""""
    g = Game()
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[5]])
    g.as_("p1", "chips.spend", colour=next(iter(g.hand("p1"))))  # Ann keeps 2 of her 3
    g.gm("session.end")
    types = [e.type for e in g.gm("session.start")]
    assert types.index("chips.drawn") > max(
        i for i, t in enumerate(types) if t == "chips.recovered"
    )


def test_white_chip_one_extra_die() -> None:
    """ "White Fate Chips give the character one extra die per chip spent, just as if he had
    an extra point of Aptitude or Coordination. The player can spend these chips one at a
    time until he is happy with the result\""""
    g = Game(settings=QUIET)
    g.award("p1", white=2)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[2]], tn="fair")
    g.as_("p1", "chips.spend", colour="white", faces=[4])
    g.as_("p1", "chips.spend", colour="white", faces=[6, 3])
    assert g.roll()["outcome"]["total"] == 9 and g.roll()["outcome"]["raises"] == 0


def test_red_chip_bonus_die_one_per_action() -> None:
    """ "Red Fate Chips let you roll a bonus die and add it to your highest current die. ...
    Only one red Fate Chip can be spent on a single action.\""""
    g = Game(settings=QUIET)
    g.award("p1", red=2)
    g.as_("p1", "roll.trait", dice=2, sides=8, faces=[[3], [5]])
    g.as_("p1", "chips.spend", colour="red", faces=[4])
    assert g.roll()["outcome"]["total"] == 9
    with pytest.raises(RuleViolation, match="Only one"):
        g.as_("p1", "chips.spend", colour="red")
    assert g.total("gm") == 0  # no Marshal's tithe in Spacelands


def test_blue_chip_even_after_going_bust() -> None:
    """ "Blue Fate Chips are just like red chips, except they can be used even if you go
    bust.\" — the bonus die is added and the bust no longer stands."""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[1], [4]], tn=5)
    assert g.roll()["outcome"]["bust"]
    g.as_("p1", "chips.spend", colour="blue", faces=[3])
    outcome = g.roll()["outcome"]
    assert not outcome["bust"] and outcome["total"] == 7 and outcome["success"]


def test_no_white_or_red_after_going_bust() -> None:
    """ "One note: You can't use White or Red Fate Chips if you go bust.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=1, red=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[1]])
    for colour in ("white", "red"):
        with pytest.raises(RuleViolation, match="bust"):
            g.as_("p1", "chips.spend", colour=colour)


def test_impetus_makes_an_unskilled_check_skilled() -> None:
    """ "Any Fate Chip may be spent to make an unskilled check a skilled check, provided you
    are invoking an Impetus.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[5]], unskilled=True)
    assert g.roll()["outcome"]["total"] == 1  # the unskilled penalty (setting, default 4)
    g.as_("p1", "chips.spend", colour="white", use="impetus")
    assert g.roll()["outcome"]["total"] == 5 and not g.roll()["unskilled"]
    with pytest.raises(RuleViolation, match="no unskilled check"):
        g.as_("p1", "chips.spend", colour="white", use="impetus")


@pytest.mark.parametrize(
    ("colour", "wounds", "wind"), [("white", 1, 5), ("red", 2, 10), ("blue", 3, 15)]
)
def test_chip_table_wounds_and_wind(colour: str, wounds: int, wind: int) -> None:
    """ "Chip Wounds Negated Wind Regained White Up to 1 5 Red Up to 2 10 Blue Up to 3 15\" and
    "each level of Fate Chip negates 5 points of Wind\""""
    g = Game(settings={**QUIET, "starting_wind": 30})
    g.award("p1", **{colour: 2})
    g.gm("wounds.assign", player="p1", wounds={"guts": 4})
    g.as_("p1", "chips.negate", colour=colour, wounds={"guts": wounds})
    assert g.rules("sheets", "p1", "wounds", "guts") == 4 - wounds
    g.gm("wind.lose", player="p1", amount=20)
    g.as_("p1", "chips.negate", colour=colour, wind=True)
    assert g.rules("sheets", "p1", "wind", "current") == 10 + wind


def test_each_attack_is_reduced_separately() -> None:
    """ "This applies to damage from a single attack. If your hero's shot twice in the same
    round, you have to reduce each attack separately.\""""
    g = Game(settings=QUIET)
    g.award("p1", blue=1)
    g.gm("wounds.assign", player="p1", wounds={"head": 1})
    g.gm("wounds.assign", player="p1", wounds={"left_leg": 1})
    with pytest.raises(RuleViolation, match="fresh wound"):
        g.as_("p1", "chips.negate", colour="blue", wounds={"head": 1, "left_leg": 1})


def test_no_chip_for_another_player_who_has_chips() -> None:
    """ "One rule, however, is you cannot spend a Fate Chip to reduce the damage another
    player takes if that player has any chips of his own.\""""
    g = Game(settings=QUIET)
    g.award("p1", red=2)
    g.award("p2", white=1)
    g.gm("wounds.assign", player="p2", wounds={"right_arm": 2})
    with pytest.raises(RuleViolation, match="chips of their own"):
        g.as_("p1", "chips.negate", colour="red", **{"for": "p2"})
    g.as_("p2", "chips.negate", colour="white", wounds={"right_arm": 1})
    g.as_("p1", "chips.negate", colour="red", **{"for": "p2"})
    assert g.rules("sheets", "p2", "wounds", "right_arm") == 0


def test_chips_help_other_members_of_the_crew() -> None:
    """ "A player can spend Fate Chips helping other members of the crew. This sort of working
    together is encouraged.\""""
    g = Game(settings=QUIET)
    g.award("p1", white=1)
    g.as_("p2", "roll.trait", dice=1, sides=6, faces=[[2]])
    g.as_("p1", "chips.spend", colour="white", roll_of="p2", faces=[5])
    assert g.roll("p2")["outcome"]["total"] == 5 and g.hand("p1") == {}
    g.gm("roll.trait", player="marshal", dice=1, sides=6)
    with pytest.raises(Forbidden):
        g.as_("p2", "chips.spend", colour="white", roll_of="marshal")


def test_no_hand_limit() -> None:
    """Spacelands' text has no chip limit: hands may grow past ten."""
    g = Game(settings=QUIET)
    g.award("p1", white=12)
    assert g.hand("p1") == {"white": 12}


def test_gizzards_and_guts_add_to_the_guts() -> None:
    """ "Wounds taken to the gizzards and upper and lower guts add to those in the guts
    area.\" and "Wounds are only added together when they're taken in the same location.\""""
    g = Game(settings=QUIET)
    g.gm("wounds.assign", player="p1", wounds={"gizzards": 1, "upper_guts": 1, "head": 1})
    g.gm("wounds.assign", player="p1", wounds={"lower guts": 1, "left_leg": 2})
    assert g.rules("sheets", "p1", "wounds") == {
        "head": 1,
        "guts": 3,
        "left_arm": 0,
        "right_arm": 0,
        "left_leg": 2,
        "right_leg": 0,
    }


def test_wound_levels_top_out_at_maimed() -> None:
    """ "Everyone ... can take the same number of wounds in each body part: five to be
    exact.\""""
    g = Game(settings=QUIET)
    g.gm("wounds.assign", player="p1", wounds={"head": 7})
    assert g.rules("sheets", "p1", "wounds", "head") == 5
    assert GM.is_gm


def test_refusals_speak_spacelands() -> None:
    """ "Only one red Fate Chip can be spent on a single action." / "Blue Fate Chips are
    just like red chips, except they can be used even if you go bust." / "You can't use
    White or Red Fate Chips if you go bust." — refusals use these words, never another
    game's chips (no Legend chips here)."""
    g = Game("spacelands", settings=QUIET)
    g.award("p1", red=2, white=1)
    g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[3], [4]])
    g.as_("p1", "chips.spend", colour="red", faces=[5])
    with pytest.raises(RuleViolation) as err:
        g.as_("p1", "chips.spend", colour="red", faces=[5])
    assert str(err.value) == "Only one red or blue chip can be spent on a single action."
    g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[1], [1]])
    with pytest.raises(RuleViolation) as err:
        g.as_("p1", "chips.spend", colour="white", faces=[5])
    assert "Legend" not in str(err.value) and "only a blue chip" in str(err.value)
