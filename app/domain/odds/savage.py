"""Savage Worlds trait rolls (the bottlecaps tables): trait die plus a Wild Die.

The rules (issue text and bottlecaps.txt):

* roll the trait die dT and a Wild Die (d6), both acing; keep the higher; add the
  modifier (a d12+2 trait is a d12 with +2);
* success when the total reaches the TN (4 unless told); a raise per full 4 over it;
* snake eyes, a natural 1 on both dice, is a critical failure whatever the modifier;
* a blue cap's Extra Effort: "add 1d6 to the result". We read it as a plain d6; the
  ``effort_aces`` option lets a table that aces every die say so.
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import InvalidArgs
from .deadlands import MAX_SIDES
from .results import SavageOdds
from .tails import Survival, Term, plus_flat_die, with_acing_bonus

RAISE_STEP = 4
EFFORT_SIDES = 6


@lru_cache(maxsize=256)
def savage_survival(trait: int, wild: int) -> Survival:
    """t -> P(max(trait, wild) >= t and not snake eyes), both dice acing.

    For t >= 2 snake eyes (highest 1) is below t anyway, so the value is
    ``Tt + Tw - Tt*Tw``; for t <= 1 it is 1 minus the snake-eyes chance.
    """
    for sides in (trait, wild):
        if not 2 <= sides <= MAX_SIDES:
            raise InvalidArgs(f"A die needs 2 to {MAX_SIDES} sides (got d{sides}).")
    terms = (
        Term(1.0, (trait,), 0),
        Term(1.0, (wild,), 0),
        Term(-1.0, tuple(sorted((trait, wild))), 0),
    )
    return Survival(1, 1.0 - 1.0 / (trait * wild), (), terms)


@lru_cache(maxsize=64)
def _with_flat_effort(trait: int, wild: int) -> Survival:
    return plus_flat_die(savage_survival(trait, wild), EFFORT_SIDES)


def savage_odds(
    trait: int,
    tn: int = 4,
    wild: int = 6,
    mod: int = 0,
    extra_effort: bool = False,
    effort_aces: bool = False,
) -> SavageOdds:
    """The exact odds of a d``trait`` + Wild Die d``wild`` roll, plus ``mod``, vs ``tn``.

    ``extra_effort`` adds a blue cap's d6 to the result (acing only if
    ``effort_aces``). Snake eyes never succeeds.
    """
    base = savage_survival(trait, wild)
    if extra_effort and effort_aces:
        p, raises = with_acing_bonus(base.shifted(mod), EFFORT_SIDES, tn, RAISE_STEP)
    else:
        surv = (_with_flat_effort(trait, wild) if extra_effort else base).shifted(mod)
        p = surv(tn)
        raises = surv.progression_sum(tn + RAISE_STEP, RAISE_STEP)
    return SavageOdds(
        p_success=p,
        expected_raises=raises / p if p > 0.0 else 0.0,
        p_snake_eyes=1.0 / (trait * wild),
    )
