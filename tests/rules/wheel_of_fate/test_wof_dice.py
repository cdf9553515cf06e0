"""Wheel of Fate rolls: one test per rule of "The Basics", "Whammies" and the dice."""

from __future__ import annotations

from itertools import product
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.errors import InvalidArgs
from app.domain.wheel import dice

from .driver import GM, P1, Game


def faces_roll(game: Game, **args: object) -> dict[str, object]:
    return game.do(P1, "roll", **args)[0].data


@pytest.fixture
def game() -> Game:
    g = Game()
    g.attributes("p1", 2, 3, 3)
    return g


def test_match_or_beat_the_difficulty(game: Game) -> None:
    """ "You add the dice up and try to match or beat a number, usually 5, 10, 15 or 20,
    called the difficulty." """
    assert faces_roll(game, dice=3, faces=[5, 3, 2], difficulty=10)["success"] is True
    assert faces_roll(game, dice=3, faces=[5, 3, 1], difficulty=10)["success"] is False


def test_example_three_dice_against_ten(game: Game) -> None:
    """ "I roll 3 dice and I get a 5, a 3 and a 4. They total up to 12, which is greater
    than 10, so I succeed. If I had rolled a 2, a 3 and a 4, they would total up to 9,
    and I would fail." """
    hit = faces_roll(game, dice=3, faces=[5, 3, 4], difficulty=10)
    miss = faces_roll(game, dice=3, faces=[2, 3, 4], difficulty=10)
    assert (hit["total"], hit["success"]) == (12, True)
    assert (miss["total"], miss["success"]) == (9, False)


def test_every_five_points_over_is_a_whammy(game: Game) -> None:
    """ "Every 5 points a roll beats the difficulty by is a "whammy"." and "I'm rolling
    3d6 against a difficulty of 5. I roll 3 dice and I get a 5, a 3 and a 4. They total
    up to 12, which succeeds by more than 5, so you get one whammy!" """
    assert faces_roll(game, dice=3, faces=[5, 3, 4], difficulty=5)["whammies"] == 1
    assert faces_roll(game, dice=3, faces=[6, 6, 5], difficulty=5)["whammies"] == 2
    assert faces_roll(game, dice=3, faces=[3, 3, 3], difficulty=5)["whammies"] == 0
    assert faces_roll(game, dice=2, faces=[6, 4], difficulty=5)["whammies"] == 1


def test_extra_dice_are_added(game: Game) -> None:
    """ "if you receive one extra die on a 3d6 roll, you will roll 4 dice, and add them
    all up." """
    data = faces_roll(game, dice=3, extra=1, faces=[1, 2, 3, 4])
    assert (data["notation"], data["total"], data["kept"]) == ("4d6", 10, [0, 1, 2, 3])


def test_bonus_dice_count_the_highest(game: Game) -> None:
    """ "If you roll 4d6 with 2 bonus dice, you roll 6 dice. If you roll 2,2,4,3,5,2
    then you count the four highest values (2,3,4,5) so the total is 14." """
    data = faces_roll(game, dice=4, bonus=2, faces=[2, 2, 4, 3, 5, 2])
    assert (data["notation"], data["total"], data["keep"]) == ("4d6++", 14, "highest")


def test_penalty_dice_count_the_lowest(game: Game) -> None:
    """ "If you roll 4d6 with 2 penalty dice, you roll 6 dice. If you roll 2,2,4,3,5,2
    then you count the four lowest values (2,2,2,3) so the total is 9." """
    data = faces_roll(game, dice=4, penalty=2, faces=[2, 2, 4, 3, 5, 2])
    assert (data["notation"], data["total"], data["keep"]) == ("4d6--", 9, "lowest")


def test_more_penalty_dice_than_base_dice_fails(game: Game) -> None:
    """ "If the number of penalty dice ever exceed the base number of dice, the character
    automatically loses" """
    data = faces_roll(game, dice=2, penalty=3, difficulty=1)
    assert (data["auto_fail"], data["success"], data["faces"]) == (True, False, [])
    assert faces_roll(game, dice=2, penalty=2, difficulty=1)["auto_fail"] is False


def test_bonus_and_penalty_dice_cancel(game: Game) -> None:
    """ "Bonus dies and penalty dice cancel out, so a roll with two bonus dice and one
    penalty die will effectively have one bonus die." """
    data = faces_roll(game, dice=3, bonus=2, penalty=1, faces=[1, 6, 6, 6])
    assert (data["notation"], data["total"]) == ("3d6+", 18)
    game.fails(P1, "roll", InvalidArgs, dice=3, bonus=2, penalty=1, faces=[1, 6, 6, 6, 6])


def test_notation_plusses_and_minuses() -> None:
    """ "Bonus dice are denotes as plusses, do 3d6++ means 3d6 with 2 bonus dice." and
    "Penalty dice are denoted as minuses, do 3d6-- means 3d6 with 2 penalty dice." """
    assert dice.plan(3, 2, 0).notation() == "3d6++"
    assert dice.plan(3, 0, 2).notation() == "3d6--"
    assert dice.plan(3, 1, 1).notation() == "3d6"


def test_zero_dice_is_entirely_incapable(game: Game) -> None:
    """ "Od The character is entirely incapable in this regard." """
    data = faces_roll(game, dice=0, bonus=3, difficulty=0)
    assert (data["auto_fail"], data["success"]) == (True, False)


def test_any_difficulty_number(game: Game) -> None:
    """ "25 – Requires 5d6 to even have a chance of success." (any number may be set)"""
    assert faces_roll(game, dice=5, faces=[5, 5, 5, 5, 5], difficulty=25)["success"] is True
    assert faces_roll(game, dice=4, faces=[6, 6, 6, 6], difficulty=25)["success"] is False
    assert faces_roll(game, dice=2, faces=[1, 1], difficulty=7)["success"] is False


def test_host_rolls_record_every_die_and_only_the_gm_undoes(game: Game) -> None:
    """Rolls on the host show every die thrown and which were kept; "Only roll once"
    (the dice stand: a player can't undo a roll to roll again)."""
    events = game.do(P1, "roll", dice=3, bonus=1, difficulty=10)
    data = events[0].data
    assert len(data["faces"]) == 4 and len(data["kept"]) == 3
    assert data["total"] == sum(data["faces"][i] for i in data["kept"])
    game.fails(P1, "undo", command_id=events[0].command_id)
    game.do(GM, "undo", command_id=events[0].command_id)


def brute_total(faces: tuple[int, ...], counted: int, bonus: int, penalty: int) -> int:
    ordered = sorted(faces)
    if bonus:
        return sum(ordered[len(ordered) - counted :])
    if penalty:
        return sum(ordered[:counted])
    return sum(faces)


@pytest.mark.parametrize(
    ("counted", "bonus", "penalty"),
    [(1, 0, 0), (2, 1, 0), (1, 2, 0), (2, 0, 1), (1, 0, 1), (3, 1, 0), (2, 0, 2)],
)
def test_keep_highest_and_lowest_match_enumeration(counted: int, bonus: int, penalty: int) -> None:
    """Keep-highest / keep-lowest agree with brute force over every face combination,
    and the probability of each total matches counting the combinations."""
    plan = dice.plan(counted, bonus, penalty)
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=plan.rolled):
        outcome = dice.resolve(plan, faces)
        assert outcome.total == brute_total(faces, counted, plan.bonus, plan.penalty)
        assert len(outcome.kept) == counted
        counts[outcome.total] = counts.get(outcome.total, 0) + 1
    assert sum(counts.values()) == 6**plan.rolled
    if plan.bonus:
        assert max(counts) == 6 * counted and counts[6 * counted] > 1


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 5), st.integers(0, 4), st.integers(0, 4), st.randoms(use_true_random=False))
def test_resolve_keeps_the_right_dice(counted: int, bonus: int, penalty: int, rnd: Random) -> None:
    """Any pool: the kept dice are the best (bonus) or worst (penalty) ``counted``."""
    plan = dice.plan(counted, bonus, penalty)
    faces = tuple(rnd.randint(1, 6) for _ in range(plan.rolled))
    if plan.auto_fail:
        assert plan.rolled == 0
        return
    assert dice.resolve(plan, faces).total == brute_total(faces, counted, plan.bonus, plan.penalty)
