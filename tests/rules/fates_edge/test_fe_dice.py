"""The core mechanic: pools of d10s, the description ladder, Fatigue, the outcome matrix."""

from __future__ import annotations

import itertools

from app.domain.fatesedge import dice as d


def _roll(faces: list[int], ladder: str, rerolls: list[int], forced: int = 0) -> list[d.Die]:
    queue = list(rerolls)
    dice = d.resolve(faces, ladder, forced, lambda: queue.pop(0))
    assert not queue, "every entered re-roll is used"
    return dice


def _needed(faces: tuple[int, ...], ladder: str) -> int:
    ones = faces.count(1)
    return {"basic": 0, "detailed": min(1, ones), "intricate": ones}[ladder]


def test_success_and_complication_counting() -> None:
    """'Each die of 6 or higher counts as a success. Each 1 rolled generates a
    Complication Point.'"""
    dice = _roll([10, 8, 5, 4, 1, 1], "basic", [])
    assert d.successes(dice) == 2
    assert d.complications(dice) == 2


def test_ladder_exhaustive_small_pools() -> None:
    """'Basic Action: Roll the pool as-is. All 1s remain as Complication Points.
    Detailed Action: re-roll one die showing 1. Intricate Action: re-roll all dice
    showing 1' — a re-rolled die replaces the 1, and a 1 on the re-roll stays a CP."""
    for size in (1, 2):
        for faces in itertools.product(range(1, 11), repeat=size):
            for ladder in d.LADDER:
                need = _needed(faces, ladder)
                for rerolls in itertools.product(range(1, 11), repeat=need):
                    dice = _roll(list(faces), ladder, list(rerolls))
                    expected = list(faces)
                    ones = [i for i, f in enumerate(faces) if f == 1][:need]
                    for i, new in zip(ones, rerolls, strict=True):
                        expected[i] = new
                    assert [x.face for x in dice] == expected
                    assert d.complications(dice) == expected.count(1)
                    assert d.successes(dice) == sum(f >= 6 for f in expected)
                    assert sum(len(x.faces) - 1 for x in dice) == need


def test_ladder_three_dice() -> None:
    """'Intricate Action … re-roll *all* dice showing 1.'"""
    for faces in itertools.product((1, 5, 6), repeat=3):
        for rerolls in itertools.product((1, 6), repeat=faces.count(1)):
            dice = _roll(list(faces), "intricate", list(rerolls))
            assert d.complications(dice) == list(rerolls).count(1)


def test_intricate_flourish_only_on_success() -> None:
    """'Intricate … add one positive narrative flourish to the scene if they succeed.'"""
    win = _roll([7, 7, 1], "intricate", [2])
    assert d.summarize(win, 2, "intricate")["flourish"] is True
    assert d.summarize(win, 3, "intricate")["flourish"] is False
    assert d.summarize(win, 2, "detailed")["flourish"] is False


def test_outcome_matrix() -> None:
    """'S ≥ DV and C = 0 Clean Success; S ≥ DV and C > 0 Success & Cost; 0 < S < DV
    Partial; S = 0 Miss.'"""
    assert d.outcome(2, 0, 2) == "clean"
    assert d.outcome(3, 1, 2) == "cost"
    assert d.outcome(1, 0, 2) == "partial"
    assert d.outcome(0, 0, 1) == "miss"


def test_worked_examples() -> None:
    """'Lockpick Under Watch (DV 2). Player rolls 6 dice: 10, 8, 5, 4, 1, 1 ⇒ S=2, C=2.
    Success & Cost.' 'Charm the Captain (DV 2) … 7, 6, 6, 2, 1 ⇒ S=3, C=1.'"""
    assert d.summarize(_roll([10, 8, 5, 4, 1, 1], "basic", []), 2, "basic")["outcome"] == "cost"
    charm = d.summarize(_roll([7, 6, 6, 2, 1], "basic", []), 2, "basic")
    assert (charm["successes"], charm["cp"], charm["outcome"]) == (3, 1, "cost")


def test_difficulty_ladder() -> None:
    """'DV 1 Routine, 2 Pressured, 3 Hard, 4+ Extreme.'"""
    assert [d.difficulty_name(n) for n in (1, 2, 3, 4, 6)] == [
        "Routine", "Pressured", "Hard", "Extreme", "Extreme",
    ]  # fmt: skip


def test_fatigue_table() -> None:
    """'1 Fatigue: On your next roll, re-roll one success. 2: On each roll, re-roll one
    success. 3: On each roll, re-roll two successes.'"""
    assert d.fatigue_rerolls(1, fresh=True) == 1
    assert d.fatigue_rerolls(1, fresh=False) == 0
    assert d.fatigue_rerolls(2, fresh=False) == 1
    assert d.fatigue_rerolls(3, fresh=False) == 2


def test_fatigue_rerolls_successes_after_ladder() -> None:
    """'Fatigue weakens rolls by forcing the player to re-roll successes.' A forced
    re-roll that shows 1 is a Complication Point."""
    dice = _roll([9, 6, 1], "intricate", [4, 1], forced=1)
    assert [x.face for x in dice] == [9, 1, 4]
    assert dice[1].why == ["fatigue"]
    assert d.complications(dice) == 1
