"""Wheel of Fate rolls: Xd6 summed against a difficulty, bonus and penalty dice.

The rules (wheel-of-fate.txt): "You add the dice up and try to match or beat a number
... called the difficulty." Bonus dice: "you roll 5 dice, but only add up the best
three"; penalty dice: "you count the lowest dice"; "Bonus dies and penalty dice cancel
out"; "If the number of penalty dice ever exceed the base number of dice, the
character automatically loses"; "Every 5 points a roll beats the difficulty by is a
whammy". A 0d attribute is "entirely incapable": it always fails.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..errors import InvalidArgs
from .results import WheelOdds

SIDES = 6
WHAMMY_STEP = 5
MAX_DICE = 20


@lru_cache(maxsize=512)
def kept_sum_counts(kept: int, extra: int, highest: bool) -> tuple[int, ...]:
    """Ways (out of 6**(kept + extra)) to get each total of the ``kept`` best/worst dice.

    Walks the faces from the favoured end, choosing how many of the dice not yet
    placed show each face; the first ``kept`` dice met are the kept ones. Once they
    are all met, the other dice may show any face not walked yet. Exact integers,
    index = total.
    """
    faces = range(SIDES, 0, -1) if highest else range(1, SIDES + 1)
    counts = [0] * (SIDES * kept + 1)
    states: dict[tuple[int, int, int], int] = {(kept + extra, 0, 0): 1}  # left, held, total
    for index, face in enumerate(faces):
        later = SIDES - index - 1  # faces still to walk
        nxt: dict[tuple[int, int, int], int] = {}
        for (left, held, total), ways in states.items():
            for c in range(left + 1):
                take = min(c, kept - held)
                weight = ways * math.comb(left, c)
                if held + take == kept:
                    counts[total + take * face] += weight * later ** (left - c)
                else:
                    key = (left - c, held + take, total + take * face)
                    nxt[key] = nxt.get(key, 0) + weight
        states = nxt
    return tuple(counts)


def wheel_odds(dice: int, difficulty: int, bonus: int = 0, penalty: int = 0) -> WheelOdds:
    """The exact odds of ``dice``d6 with bonus/penalty dice against ``difficulty``."""
    if not 0 <= dice <= MAX_DICE:
        raise InvalidArgs(f"Roll 0 to {MAX_DICE} dice (got {dice}).")
    if bonus < 0 or penalty < 0 or max(bonus, penalty) > MAX_DICE:
        raise InvalidArgs(f"Bonus and penalty dice are 0 to {MAX_DICE}.")
    net = bonus - penalty
    if dice == 0 or -net > dice:
        return WheelOdds(0.0, 0.0)
    counts = kept_sum_counts(dice, abs(net), net >= 0)
    rolls = SIDES ** (dice + abs(net))
    start = max(difficulty, 0)
    hits = sum(counts[start:])
    whammies = sum(
        (total - difficulty) // WHAMMY_STEP * counts[total] for total in range(start, len(counts))
    )
    return WheelOdds(hits / rolls, whammies / rolls)
