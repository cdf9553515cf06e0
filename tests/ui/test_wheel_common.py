"""Wheel of Fate screen logic without Flet: dice counting, odds, entered dice, the log."""

from __future__ import annotations

import pytest

from app.domain.odds import wheel_odds
from app.ui.wheel.common import (
    RollChoice,
    last_roll,
    missing_words,
    odds,
    parse_faces,
    plan_words,
    verdict,
)
from app.ui.wheel.controls import difficulty_text


def test_the_roller_counts_dice_the_way_the_host_does() -> None:
    """Pools, help and fate points are bonus dice; stress is penalty; invoked aspects are
    extra dice; bonus and penalty dice cancel one for one."""
    choice = RollChoice(base=3, invoked=1, pools=2, fate=1, stress=1, penalty=1)
    plan = choice.plan
    assert (plan.counted, plan.bonus, plan.penalty) == (4, 1, 0)
    assert plan.notation() == "4d6+"
    assert choice.cost == 2  # one fate point bought a die, one invoked an aspect
    assert plan_words(choice) == "4d6+: roll 5, keep the best 4"


def test_the_odds_shown_are_the_exact_engines() -> None:
    choice = RollChoice(base=3, bonus=1)
    shown = odds(choice, 10)
    exact = wheel_odds(3, 10, bonus=1)
    assert shown is not None
    assert shown.success == exact.p_success and shown.whammies == exact.expected_whammies
    assert odds(choice, None) is None  # no difficulty, no odds


def test_more_penalty_than_dice_is_said_to_fail_automatically() -> None:
    choice = RollChoice(base=2, penalty=1, stress=2)
    assert "automatic failure" in plan_words(choice)
    shown = odds(choice, 5)
    assert shown is not None and shown.success == 0.0


def test_entered_dice_must_be_as_many_faces_1_to_6_as_the_roll_throws() -> None:
    assert parse_faces("6 3, 5", 3) == [6, 3, 5]
    with pytest.raises(ValueError, match="throws 3 dice"):
        parse_faces("6 3", 3)
    with pytest.raises(ValueError, match="1 to 6"):
        parse_faces("7 1 1", 3)
    with pytest.raises(ValueError, match="numbers"):
        parse_faces("six", 1)


def test_the_last_roll_is_the_newest_not_undone_roll_of_that_character() -> None:
    log = [
        {"type": "undo", "command_id": "u", "data": {"command_id": "c3"}},
        {"type": "roll", "command_id": "c3", "data": {"character": "p1", "total": 3}},
        {"type": "roll", "command_id": "c2", "data": {"character": "p2", "total": 9}},
        {"type": "contest.attack", "command_id": "c1", "data": {"character": "p1", "total": 7}},
    ]
    found = last_roll(log, "p1")
    assert found is not None and found["data"]["total"] == 7
    assert last_roll(log, None) is None


def test_verdicts_name_success_whammies_and_automatic_failure() -> None:
    assert verdict({"success": True, "whammies": 2}) == "Success, 2 whammies"
    assert verdict({"success": True, "whammies": 1}) == "Success, 1 whammy"
    assert verdict({"success": False}) == "Failure"
    assert verdict({"auto_fail": True, "success": False}) == "Automatic failure"
    assert verdict({"total": 12}) == "Total 12"


def test_what_is_missing_reads_as_words() -> None:
    who = {"p2": "Bob"}
    questions = ["What is your greatest strength?"]
    assert missing_words("connection:p2", who, questions) == "A connection to Bob"
    assert missing_words("answer:1", who, questions) == (
        "An answer to “What is your greatest strength?”"
    )
    assert missing_words("went_wrong", who, questions) == "What just went wrong?"


def test_difficulties_read_as_the_texts_ladder() -> None:
    assert difficulty_text(5) == "5 Basic"
    assert difficulty_text(15) == "15 Very hard"
    assert difficulty_text(20) == "20"
    assert difficulty_text(0) == "No difficulty"
