"""Spending chips on rolls (fate-chips.txt: the four types of chips, "Improving Rolls",
"Important Restrictions"). Dice are entered by hand so every outcome is exact."""

from __future__ import annotations

import pytest

from app.domain.errors import DomainError, RuleViolation

from .driver import QUIET, Game


def game(**chips: int) -> Game:
    g = Game(settings=QUIET)
    g.award("p1", **chips)
    return g


def test_white_chip_rolls_one_extra_die_of_the_same_type() -> None:
    """ "For Trait & Aptitude Rolls: Spend a white chip to roll one extra die of the
    appropriate type. It's like having an extra point of Aptitude or Trait Level for that
    roll.\""""
    g = game(white=1)
    g.as_("p1", "roll.trait", dice=1, sides=8, faces=[[7]], tn=9)
    g.as_("p1", "chips.spend", colour="white", faces=[8, 3])
    roll = g.roll()
    assert roll["dice"] == [[7], [8, 3]] and roll["outcome"]["total"] == 11
    assert roll["outcome"]["success"] and g.hand("p1") == {}
    assert g.count("pot", "white") == 50  # a spent chip goes back into the pot


def test_white_chips_one_at_a_time_on_the_same_roll() -> None:
    """ "You can spend multiple white chips on the same roll, one at a time, until you're
    satisfied with the result.\""""
    g = game(white=3)
    g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[2], [3]])
    for _ in range(3):
        g.as_("p1", "chips.spend", colour="white")
    assert len(g.roll()["dice"]) == 5 and g.roll()["whites"] == 3
    assert g.roll()["chips"] == ["white", "white", "white"]


def test_no_white_after_red_blue_or_legend() -> None:
    """ "Once you spend a red, blue, or Legend chip on a roll, you can't go back and spend
    white chips on that same roll.\""""
    for big in ("red", "blue", "legend"):
        g = game(white=1, **{big: 1})
        g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[2], [3]])
        g.as_("p1", "chips.spend", colour=big, faces=[4])
        with pytest.raises(RuleViolation, match="white chip after"):
            g.as_("p1", "chips.spend", colour="white")


def test_red_chip_bonus_die_added_to_highest() -> None:
    """ "Spend a red chip to roll one bonus die and add it to your highest current die.\" —
    the example: 4, 7 and 8 on 3d10, a red chip rolls 9, "a final result of 17"."""
    g = game(red=1)
    g.as_("p1", "roll.trait", dice=3, sides=10, faces=[[4], [7], [8]], label="shootin'")
    g.as_("p1", "chips.spend", colour="red", faces=[9])
    assert g.roll()["outcome"]["total"] == 17


def test_only_one_red_chip_per_action() -> None:
    """ "Only one red chip can be spent on a single action.\""""
    g = game(red=2)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    g.as_("p1", "chips.spend", colour="red", faces=[2])
    with pytest.raises(RuleViolation, match="Only one red chip can be spent on a single action"):
        g.as_("p1", "chips.spend", colour="red", faces=[2])


def test_only_one_blue_chip_per_action() -> None:
    """ "Only one blue chip can be spent on a single action.\""""
    g = game(blue=2)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    g.as_("p1", "chips.spend", colour="blue", faces=[2])
    with pytest.raises(RuleViolation, match="Only one blue chip can be spent on a single action"):
        g.as_("p1", "chips.spend", colour="blue", faces=[2])


def test_red_and_blue_limits_are_two_limits() -> None:
    """ "Only one red chip can be spent on a single action." and "Only one blue chip can be
    spent on a single action." are two sentences, two limits: one red and one blue may go
    on the same action, each die added to the highest (4 + 2 + 3 = 9); the Marshal draws
    for the red one only."""
    g = game(red=1, blue=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]], tn=9)
    g.as_("p1", "chips.spend", colour="red", faces=[2])
    g.as_("p1", "chips.spend", colour="blue", faces=[3])
    roll = g.roll()
    assert roll["outcome"]["total"] == 9 and roll["outcome"]["success"]
    assert [b["colour"] for b in roll["bonuses"]] == ["red", "blue"]
    assert g.total("gm") == 1 and g.replays()


def test_one_bonus_chip_per_action_is_a_table_setting() -> None:
    """The other reading ("one red, blue or Legend chip per action") is the table setting
    ``bonus_chips: per_action``."""
    g = Game(settings={**QUIET, "bonus_chips": "per_action"})
    g.award("p1", red=1, blue=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    g.as_("p1", "chips.spend", colour="red", faces=[2])
    with pytest.raises(RuleViolation, match="Only one red, blue or Legend"):
        g.as_("p1", "chips.spend", colour="blue", faces=[2])


def test_firearm_damage_takes_chips_when_a_power_says_so() -> None:
    """ "You can't spend chips on: Firearm damage rolls (unless a supernatural power says
    otherwise)" and "Firearms damage is final—unless you have a supernatural power that
    specifically says otherwise." — the Marshal switches the power on for the roll."""
    g = game(white=1, red=1)
    g.as_("p1", "roll.trait", dice=2, sides=6, kind="firearm", faces=[[3], [4]])
    with pytest.raises(RuleViolation, match="firearm damage"):
        g.as_("p1", "chips.spend", colour="white", faces=[5])
    with pytest.raises(DomainError, match="Only the GM"):
        g.as_("p1", "roll.power", power="Hexslinging")
    events = g.gm("roll.power", player="p1", power="Hexslinging")
    assert "Hexslinging says so" in events[0].text
    g.as_("p1", "chips.spend", colour="white", faces=[5])
    g.as_("p1", "chips.spend", colour="red", faces=[5])
    assert g.roll()["outcome"]["total"] == 3 + 4 + 5 + 5
    # Damage is no Trait roll: the red chip's tithe is "on a Trait or Aptitude roll".
    assert g.total("gm") == 0


def test_red_chip_gives_the_marshal_a_draw() -> None:
    """ "Whenever you spend a red chip on a Trait or Aptitude roll (not for negating wounds),
    the Marshal gets to draw a random chip from the Fate Pot for the bad guys.\""""
    g = game(red=2)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    g.as_("p1", "chips.spend", colour="red")
    assert g.total("gm") == 1
    g.gm("wounds.assign", player="p1", wounds={"left_leg": 2})
    g.as_("p1", "chips.negate", colour="red")
    assert g.total("gm") == 1


def test_blue_chip_is_a_bonus_die_without_the_marshal_draw() -> None:
    """ "Works exactly like a red chip—roll a bonus die and add it to your highest current
    die. Only one blue chip can be spent on a single action. Best of all: the Marshal
    doesn't get a draw.\" Example: a 6, then "a 10 (an Ace!), roll again and get a 7 ...
    a whopping 23"."""
    g = game(blue=1)
    g.as_("p1", "roll.trait", dice=1, sides=10, faces=[[6]])
    g.as_("p1", "chips.spend", colour="blue", faces=[10, 7])
    assert g.roll()["outcome"]["total"] == 23
    assert g.total("gm") == 0


def test_legend_chip_works_like_blue() -> None:
    """ "For Trait & Aptitude Rolls: Can be used exactly like a blue chip (roll bonus die, add
    to highest, no Marshal draw).\""""
    g = game(legend=1)
    g.as_("p1", "roll.trait", dice=2, sides=8, faces=[[5], [2]])
    g.as_("p1", "chips.spend", colour="legend", faces=[6])
    assert g.roll()["outcome"]["total"] == 11
    assert g.count("pot", "legend") == 1  # spent like blue, it returns to the pot


def test_legend_reroll_even_a_bust_and_the_chip_is_gone_forever() -> None:
    """ "you can spend a Legend chip to reroll ANY die roll in the game ... A Trait or
    Aptitude check (even if you went bust—start completely fresh)" and "When you use a
    Legend chip for its reroll power, the chip is gone forever.\""""
    g = game(legend=1, white=1)
    g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[1], [5]], tn=5)
    assert g.roll()["outcome"]["bust"]
    g.as_("p1", "chips.spend", colour="legend", use="reroll", faces=[[6, 2], [3]])
    roll = g.roll()
    assert roll["dice"] == [[6, 2], [3]] and not roll["outcome"]["bust"]
    assert roll["outcome"]["success"] and roll["whites"] == 0
    assert g.count("removed", "legend") == 1 and g.count("pot", "legend") == 0


def test_legend_rerolls_damage_and_table_rolls_too() -> None:
    """ "A damage roll", "A roll on a random table", "Anything involving dice"."""
    g = game(legend=2)
    g.as_("p1", "roll.trait", dice=3, sides=6, kind="firearm", faces=[[1], [2], [1]])
    g.as_("p1", "chips.spend", colour="legend", use="reroll", faces=[[6, 6, 1], [2], [2]])
    assert g.roll()["outcome"]["total"] == 17
    g.as_("p1", "chips.spend", colour="legend", use="reroll", label="Reliability check")
    assert g.count("removed", "legend") == 2


def test_only_legend_chips_reroll() -> None:
    """ "Here's what makes Legend chips truly special" — a blue chip can't reroll."""
    g = game(blue=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[1]])
    with pytest.raises(RuleViolation):
        g.as_("p1", "chips.spend", colour="blue", use="reroll")


def test_chips_on_the_strength_part_of_hand_to_hand_damage() -> None:
    """ "You can spend chips to add dice to your Trait and Aptitude rolls, including the
    Strength portion of hand-to-hand damage rolls\""""
    g = game(white=1, red=1)
    g.as_("p1", "roll.trait", dice=2, sides=8, kind="strength", faces=[[3], [6]])
    g.as_("p1", "chips.spend", colour="white", faces=[7])
    g.as_("p1", "chips.spend", colour="red", faces=[2])
    assert g.roll()["outcome"]["total"] == 9


def test_no_chips_on_firearm_damage() -> None:
    """ "You can't spend chips on: Firearm damage rolls\" / "Firearms damage is final\""""
    g = game(white=1, blue=1)
    g.as_("p1", "roll.trait", dice=3, sides=6, kind="firearm", faces=[[3], [4], [5]])
    for colour in ("white", "blue"):
        with pytest.raises(RuleViolation, match="firearm damage"):
            g.as_("p1", "chips.spend", colour=colour)


def test_no_white_red_or_blue_after_going_bust() -> None:
    """ "You can't spend white, red, or blue Fate Chips if you go bust on a roll. Fate turns
    her back on catastrophic failure.\""""
    g = game(white=1, red=1, blue=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[1]])
    for colour in ("white", "red", "blue"):
        with pytest.raises(RuleViolation, match="bust"):
            g.as_("p1", "chips.spend", colour=colour)


def test_a_white_die_can_make_the_roll_bust() -> None:
    """Bust is "re-evaluated over all dice" when a white chip adds one."""
    g = game(white=1)
    g.as_("p1", "roll.trait", dice=3, sides=6, faces=[[1], [4], [5]])
    g.as_("p1", "chips.spend", colour="white", faces=[1])
    assert g.roll()["outcome"]["bust"]


def test_a_new_roll_replaces_the_last_and_finished_rolls_take_no_chips() -> None:
    """ "a new roll replaces it; the player can "finish" a roll\""""
    g = game(white=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    g.as_("p1", "roll.trait", dice=2, sides=8, faces=[[4], [5]])
    assert g.roll()["sides"] == 8
    g.as_("p1", "roll.finish")
    with pytest.raises(RuleViolation, match="is finished: it takes no more chips"):
        g.as_("p1", "chips.spend", colour="white")


def test_players_cannot_undo_their_rolls() -> None:
    """ "Rolls are UNDO_GM\" — a player can't reroll by undoing; the GM can."""
    g = game(white=1)
    g.as_("p1", "roll.trait", dice=1, sides=6)
    roll_cmd = g.table.events[-1].command_id
    with pytest.raises(DomainError):
        g.as_("p1", "undo", command_id=roll_cmd)
    g.gm("undo", command_id=roll_cmd)
    assert g.rules("rolls", "p1") is None


def test_a_legend_reroll_is_gone_for_good_for_a_player() -> None:
    """ "When you use a Legend chip for its reroll power, the chip is gone forever. It
    doesn't go back in the Fate Pot—it's removed from the game entirely." — a player's
    undo can't bring it back; the GM's undo says what it reverses."""
    g = game(legend=1)
    (event,) = g.as_("p1", "chips.spend", colour="legend", use="reroll", label="damage roll")
    with pytest.raises(DomainError, match="permanent: only the GM"):
        g.as_("p1", "undo", command_id=event.command_id)
    (undo,) = g.gm("undo", command_id=event.command_id)
    assert "The GM undid 'Ann spends a Legend chip to reroll damage roll" in undo.text
    assert g.hand("p1") == {"legend": 1}


def test_the_gm_undo_line_names_every_line_it_reverses() -> None:
    """The GM's undo says what it reverses: a red chip's spend and the Marshal's tithe
    draw are one action; the undo line quotes both, and the Marshal's secret line (which
    chip was drawn) is told to the GM only."""
    g = game(red=1)
    g.as_("p1", "roll.trait", dice=1, sides=6, faces=[[4]])
    events = g.as_("p1", "chips.spend", colour="red", faces=[2])
    undo = g.gm("undo", command_id=events[0].command_id)
    public = [e for e in undo if e.visible_to == "all"]
    assert len(public) == 1 and public[0].text.count("'") >= 4
    assert "spends a red chip" in public[0].text and "draws" in public[0].text
    secret = [e for e in undo if e.visible_to != "all"]
    assert all(e.visible_to == "gm" and "also reverses" in e.text for e in secret)
    assert g.total("gm") == 0 and g.replays()


def test_rolls_are_public_with_every_die() -> None:
    """ "events visible to everyone with every die and ace in `data`\""""
    g = game()
    (event,) = g.as_("p1", "roll.trait", dice=2, sides=6, faces=[[6, 6, 2], [3]])
    assert event.visible_to == "all" and event.data["roll"]["dice"] == [[6, 6, 2], [3]]


def test_roll_from_the_sheet() -> None:
    """An Aptitude roll is its level in dice of its Trait's die type."""
    g = game()
    g.gm("sheet.update", player="p1", path="traits.deftness.die", value=10)
    g.gm("sheet.update", player="p1", path=["aptitudes", "shootin'"], value={"level": 3})
    g.as_("p1", "roll.trait", trait="deftness", aptitude="shootin'")
    assert g.roll()["sides"] == 10 and len(g.roll()["dice"]) == 3


def test_chips_only_on_your_own_rolls() -> None:
    """Deadlands gives chips to others by trading them, not by spending on their rolls."""
    g = game(white=1)
    g.as_("p2", "roll.trait", dice=1, sides=6, faces=[[3]])
    with pytest.raises(DomainError, match="your own rolls"):
        g.as_("p1", "chips.spend", colour="white", roll_of="p2")
