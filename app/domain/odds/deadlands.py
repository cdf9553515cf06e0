"""Deadlands / Spacelands trait rolls: N acing dice, highest counts, bust on half 1s.

The rules (issue text, fate-chips.txt, spacelands-combat.txt):

* roll N dice of one type; each aces (rolls again on its maximum and adds, no cap);
  the result is the highest single die; success when it reaches the TN;
* a raise per full 5 over the TN;
* bust when half or more of the dice (rounded up, at least one) show a natural 1 on
  their first roll: a failure whatever the highest die shows;
* a white chip is one more die of the same type (so it moves the bust threshold
  too); a red, blue or Legend chip is one acing bonus die added to the highest die,
  which never counts towards bust; whites first, then at most one bonus die.

A natural 1 is exactly a die whose total is 1 (a die that aced is at least X + 1), so
the pool is summarised by two numbers: its highest die and its count of natural 1s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..errors import InvalidArgs
from .results import ChipOutlook, TraitOdds
from .tails import Survival, Term, ace_tail, merge_terms, with_acing_bonus

RAISE_STEP = 5
MAX_DICE = 30
MAX_SIDES = 100
TN_LADDER = {"foolproof": 3, "fair": 5, "onerous": 7, "hard": 9, "incredible": 11}


def bust_threshold(dice: int) -> int:
    """How many natural 1s bust a roll of ``dice`` dice: half, rounded up, at least 1."""
    return max(1, (dice + 1) // 2)


def check_die(dice: int, sides: int) -> None:
    """Raise ``InvalidArgs`` unless ``dice`` x d``sides`` is a trait pool we can roll."""
    if not 2 <= sides <= MAX_SIDES:
        raise InvalidArgs(f"A die needs 2 to {MAX_SIDES} sides (got d{sides}).")
    if not 1 <= dice <= MAX_DICE:
        raise InvalidArgs(f"Roll 1 to {MAX_DICE} dice (got {dice}).")


@lru_cache(maxsize=512)
def trait_survival(dice: int, sides: int, count_busts: bool = False) -> Survival:
    """t -> P(highest die >= t and no bust) for ``dice`` acing d``sides``.

    With ``count_busts`` busted rolls count too (a Spacelands blue chip cancels a bust).

    With p = 1/X (a natural 1), S = 1 - p and T = P(die >= t) for t >= 2::

        P(highest >= t, j ones) = C(N, j) p^j (S^(N-j) - (S - T)^(N-j))

    summed over the non-bust j. The first X values are listed straight from that
    formula; beyond them it is expanded into powers of T (each <= 1/X there) so the
    closed-form tail sums apply.
    """
    check_die(dice, sides)
    p1 = 1.0 / sides
    s = 1.0 - p1
    weights = [
        (math.comb(dice, j) * p1**j, dice - j)
        for j in range(dice + 1 if count_busts else bust_threshold(dice))
    ]  # (C(N, j) p^j, N - j) for each counted number of ones

    def direct(t: int) -> float:
        tail = ace_tail(sides, t)
        return math.fsum(w * (s**n - (s - tail) ** n) for w, n in weights)

    total = math.fsum(w * s**n for w, n in weights)
    head = tuple(direct(t) for t in range(2, sides + 2))
    terms = merge_terms(
        Term(-w * math.comb(n, i) * s ** (n - i) * (-1.0) ** i, (sides,) * i, 0)
        for w, n in weights
        for i in range(1, n + 1)
    )
    return Survival(1, total, head, terms)


def deadlands_odds(
    dice: int,
    sides: int,
    tn: int,
    whites: int = 0,
    bonus: bool = False,
    bonus_cancels_bust: bool = False,
) -> TraitOdds:
    """The exact odds of a trait roll of ``dice`` d``sides`` against ``tn``.

    ``whites`` white chips add that many dice before the roll (and so move the bust
    threshold: on small pools a white chip can lower the chance of success).
    ``bonus`` adds one red/blue/Legend acing bonus die to the highest die;
    ``bonus_cancels_bust`` is Spacelands' blue chip, "allowed even after going bust":
    its bonus die counts on a busted roll too, and the bust no longer fails it.
    """
    if whites < 0:
        raise InvalidArgs("The number of white chips can't be negative.")
    check_die(dice, sides)
    surv = trait_survival(dice + whites, sides)
    if bonus and bonus_cancels_bust:
        p, raises = with_acing_bonus(
            trait_survival(dice + whites, sides, count_busts=True), sides, tn, RAISE_STEP
        )
        return TraitOdds(p_success=p, p_bust=0.0, expected_raises=raises / p if p > 0.0 else 0.0)
    if bonus:
        p, raises = with_acing_bonus(surv, sides, tn, RAISE_STEP)
    else:
        p = surv(tn)
        raises = surv.progression_sum(tn + RAISE_STEP, RAISE_STEP)
    return TraitOdds(
        p_success=p,
        p_bust=1.0 - surv.total,
        expected_raises=raises / p if p > 0.0 else 0.0,
    )


def die_total(chain: Sequence[int], sides: int) -> int:
    """The total of one die's ace chain, e.g. ``[8, 8, 3]`` on a d8 is 19.

    Every face but the last must be the maximum (that is what made it roll again) and
    the last must not be (else the chain is unfinished).
    """
    if not chain or any(not 1 <= f <= sides for f in chain):
        raise InvalidArgs(f"Each die needs faces between 1 and {sides}.")
    if any(f != sides for f in chain[:-1]) or chain[-1] == sides:
        raise InvalidArgs(f"An ace chain rolls again only on {sides} and ends below it.")
    return sum(chain)


def chip_outlook(
    rolled: Sequence[Sequence[int]],
    sides: int,
    tn: int,
    bonus_roll: Sequence[int] | None = None,
    bonus_cancels_bust: bool = False,
) -> ChipOutlook:
    """After the roll: the exact chance of success now and if a chip is spent now.

    ``rolled`` holds one ace chain per die in the pool (white-chip dice included),
    ``bonus_roll`` the ace chain of a red/blue/Legend bonus die if one was spent
    (then no further chip may be spent). A bust may not be helped by any chip, except
    a Spacelands blue chip (``bonus_cancels_bust``): its bonus die still counts.
    """
    check_die(len(rolled), sides)
    totals = [die_total(chain, sides) for chain in rolled]
    ones = sum(1 for chain in rolled if chain[0] == 1)
    best = max(totals)
    bust = ones >= bust_threshold(len(rolled))
    if bonus_roll is not None:
        best += die_total(bonus_roll, sides)
    if bust and bonus_cancels_bust:
        if bonus_roll is not None:
            return ChipOutlook(1.0 if best >= tn else 0.0, False, None, None, None)
        return ChipOutlook(0.0, True, None, ace_tail(sides, tn - best), None)
    p_now = 1.0 if best >= tn and not bust else 0.0
    if bust or bonus_roll is not None:
        return ChipOutlook(p_now, bust, None, None, None)

    p1 = 1.0 / sides
    # A natural 1 on the white die busts the roll if it reaches the new threshold.
    one_is_safe = ones + 1 < bust_threshold(len(rolled) + 1)
    p_white = (1.0 - p1) if best >= tn else ace_tail(sides, max(tn, 2))
    if one_is_safe and best >= tn:
        p_white += p1
    # White then bonus: condition on the white die W; the bonus must cover the gap.
    p_both = p1 * ace_tail(sides, tn - best) if one_is_safe else 0.0
    enough = max(2, tn - 1)  # any W >= this reaches the TN once a bonus die is added
    for w in range(2, enough):
        p_w = ace_tail(sides, w) - ace_tail(sides, w + 1)
        p_both += p_w * ace_tail(sides, tn - max(best, w))
    p_both += ace_tail(sides, enough)
    return ChipOutlook(
        p_now=p_now,
        bust=False,
        p_white=p_white,
        p_bonus=ace_tail(sides, tn - best),
        p_white_then_bonus=p_both,
    )
