"""Exact survival functions and infinite tail sums for open-ended ("acing") dice.

An acing dX rolls again on its maximum and adds, with no limit. Its survival function
has a closed form, and moving the target up by X divides it by X::

    P(V >= t) = (X - s) / X**(q + 1)    where t - 1 = q*X + s, 0 <= s < X   (t >= 1)
    P(V >= t + X) = P(V >= t) / X

So a product of such tails, sampled along an arithmetic progression ``start + j*step``,
repeats its shape every ``lcm(step, X, ...)`` and shrinks by a fixed ratio each time:
its infinite sum is one finite period divided by ``1 - ratio``. Every "expected
raises" below is such a sum, so nothing is truncated and no ace chain is capped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple


def ace_tail(sides: int, t: int) -> float:
    """P(V >= t) for one acing die with ``sides`` faces (1.0 for t <= 1)."""
    if t <= 1:
        return 1.0
    q, s = divmod(t - 1, sides)
    denominator: int = sides ** (q + 1)
    return (sides - s) / denominator


class Term(NamedTuple):
    """``coeff * prod(ace_tail(X, t + shift) for X in dice)`` as a function of t."""

    coeff: float
    dice: tuple[int, ...]
    shift: int


def _product(dice: tuple[int, ...], u: int) -> float:
    value = 1.0
    for sides in dice:
        value *= ace_tail(sides, u)
    return value


@lru_cache(maxsize=4096)
def _period_sum(dice: tuple[int, ...], u: int, step: int) -> float:
    """sum_{j>=0} prod ace_tail(X, u + j*step), for u >= 1 (closed form)."""
    span = math.lcm(step, *dice)
    shrink = 1
    for sides in dice:
        shrink *= sides ** (span // sides)
    head = math.fsum(_product(dice, u + j * step) for j in range(span // step))
    return head / (1.0 - 1.0 / shrink)


def merge_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    """Add up terms with the same dice and shift; drop the ones that cancel."""
    merged: dict[tuple[tuple[int, ...], int], float] = {}
    for coeff, dice, shift in terms:
        key = (tuple(sorted(dice)), shift)
        merged[key] = merged.get(key, 0.0) + coeff
    return tuple(Term(c, dice, shift) for (dice, shift), c in merged.items() if c != 0.0)


@dataclass(frozen=True)
class Survival:
    """t -> P(result >= t and the roll is not spoiled), for every integer t, exactly.

    ``low`` is the least possible result, so the value is ``total`` (the chance the
    roll is not spoiled, e.g. not a bust) for t <= low. The next ``len(head)`` values
    are listed; from ``valid_from`` on the value is the sum of ``terms``. Builders list
    enough head values that the alternating sums in ``terms`` are well conditioned
    from ``valid_from`` on (no large cancelling coefficients on tails near 1).
    """

    low: int
    total: float
    head: tuple[float, ...]
    terms: tuple[Term, ...]

    @property
    def valid_from(self) -> int:
        """The first t whose value comes from ``terms``."""
        return self.low + 1 + len(self.head)

    def __call__(self, t: int) -> float:
        if t <= self.low:
            return self.total
        if t < self.valid_from:
            return self.head[t - self.low - 1]
        return math.fsum(c * _product(dice, t + shift) for c, dice, shift in self.terms)

    def point(self, m: int) -> float:
        """P(result == m and the roll is not spoiled)."""
        return self(m) - self(m + 1)

    def shifted(self, k: int) -> Survival:
        """The survival of ``result + k``."""
        terms = tuple(Term(c, dice, shift - k) for c, dice, shift in self.terms)
        return Survival(self.low + k, self.total, self.head, terms)

    def progression_sum(self, start: int, step: int) -> float:
        """sum_{j>=0} self(start + j*step): finitely many terms, then a closed form."""
        acc = 0.0
        t = start
        if t <= self.low:  # the flat part: counted, not looped over
            n = (self.low - t) // step + 1
            acc += n * self.total
            t += n * step
        while t < self.valid_from:
            acc += self(t)
            t += step
        for c, dice, shift in self.terms:
            acc += c * _period_sum(dice, t + shift, step)
        return acc


def die_survival(sides: int) -> Survival:
    """The survival of one acing die: 1 for t <= 1, then ``ace_tail``."""
    return Survival(1, 1.0, (), (Term(1.0, (sides,), 0),))


def plus_flat_die(surv: Survival, sides: int) -> Survival:
    """The survival of ``result + D`` where D is a plain (non-acing) d``sides``."""
    low = surv.low + 1
    valid_from = surv.valid_from + sides  # every surv(t - e) is then a terms value

    def value(t: int) -> float:
        return math.fsum(surv(t - e) for e in range(1, sides + 1)) / sides

    head = tuple(value(t) for t in range(low + 1, valid_from))
    terms = merge_terms(
        Term(c / sides, dice, shift - e)
        for c, dice, shift in surv.terms
        for e in range(1, sides + 1)
    )
    return Survival(low, surv.total, head, terms)


def with_acing_bonus(surv: Survival, sides: int, target: int, step: int) -> tuple[float, float]:
    """Add an acing bonus die B to the result R (whose survival is ``surv``).

    Returns ``(P(R + B >= target), sum_{k>=1} P(R + B >= target + k*step))`` (both
    within the not-spoiled event); the second over the first is the expected number
    of raises given success. Conditioning on R = m, the inner sum over k is a tail sum
    of B alone; for m >= target it depends only on (m - target) mod step, so the
    outer sum over m splits into ``step`` residue classes, each a closed form of R.
    """
    bonus = die_survival(sides)
    p = surv(target)
    raises = surv.progression_sum(target + step, step)
    for m in range(surv.low, target):
        weight = surv.point(m)
        p += weight * ace_tail(sides, target - m)
        raises += weight * bonus.progression_sum(target + step - m, step)
    for r in range(step):
        in_class = surv.progression_sum(target + r, step) - surv.progression_sum(
            target + r + 1, step
        )
        raises += in_class * bonus.progression_sum(step - r, step)
    return p, raises
