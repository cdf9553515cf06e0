"""Slow, obviously-correct reference odds by exhaustive enumeration in exact fractions.

Ace chains are enumerated to a depth where the chance of a longer chain is below
1e-15; that left-over chance is put on one "longer chain" value above any TN we
test, so probabilities of success are exact and raise counts are off by less than
1e-13. Nothing here shares code with app/domain/odds.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from math import comb

LEFTOVER = Fraction(1, 10**15)


def acing_faces(sides: int) -> dict[int, Fraction]:
    """Every total of an acing die (first rolls only up to a deep cut) -> chance."""
    out: dict[int, Fraction] = {}
    aces = 0
    while Fraction(1, sides ** (aces + 1)) >= LEFTOVER:
        for last in range(1, sides):
            out[aces * sides + last] = Fraction(1, sides ** (aces + 1))
        aces += 1
    out[aces * sides + 1] = Fraction(1, sides**aces)  # every longer chain, lumped
    return out


def trait_roll(
    dice: int, sides: int, tn: int, bonus: bool = False
) -> tuple[Fraction, Fraction, Fraction]:
    """(p_success, p_bust, E[raises | success]) of dice x d``sides``, die by die."""
    faces = acing_faces(sides)
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}  # (highest, ones)
    for _ in range(dice):
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (best, ones), p in states.items():
            for value, q in faces.items():
                nxt[(max(best, value), ones + (value == 1))] += p * q
        states = nxt
    bust_at = max(1, -(-dice // 2))
    extra = faces if bonus else {0: Fraction(1)}
    success = bust = raises = Fraction(0)
    for (best, ones), p in states.items():
        if ones >= bust_at:
            bust += p
            continue
        for add, q in extra.items():
            if best + add >= tn:
                success += p * q
                raises += p * q * ((best + add - tn) // 5)
    return success, bust, raises / success if success else Fraction(0)


def savage_roll(
    trait: int, tn: int, wild: int = 6, mod: int = 0, effort: str = ""
) -> tuple[Fraction, Fraction, Fraction]:
    """(p_success, E[raises | success], p_snake_eyes); effort "", "flat" or "aces"."""
    if effort == "flat":
        extra = {e: Fraction(1, 6) for e in range(1, 7)}
    elif effort == "aces":
        extra = acing_faces(6)
    else:
        extra = {0: Fraction(1)}
    snake = Fraction(0)
    best: dict[int, Fraction] = defaultdict(Fraction)  # the higher die, snake eyes apart
    for (t, pt), (w, pw) in itertools.product(
        acing_faces(trait).items(), acing_faces(wild).items()
    ):
        if t == 1 and w == 1:
            snake += pt * pw
        else:
            best[max(t, w)] += pt * pw
    success = raises = Fraction(0)
    for (b, pb), (e, pe) in itertools.product(best.items(), extra.items()):
        total = b + mod + e
        if total >= tn:
            success += pb * pe
            raises += pb * pe * ((total - tn) // 4)
    return success, raises / success if success else Fraction(0), snake


def fates_edge_roll(pool: int, dv: int, ladder: str) -> tuple[Fraction, Fraction, Fraction]:
    """(p_success, p_clean, E[CP]) by rolling every face tuple and every re-roll."""
    success = clean = cp = Fraction(0)
    for faces in itertools.product(range(1, 11), repeat=pool):
        ones = [i for i, f in enumerate(faces) if f == 1]
        redo = {"basic": [], "detailed": ones[:1], "intricate": ones}[ladder]
        for again in itertools.product(range(1, 11), repeat=len(redo)):
            final = list(faces)
            for i, f in zip(redo, again, strict=True):
                final[i] = f
            p = Fraction(1, 10 ** (pool + len(redo)))
            s = sum(f >= 6 for f in final)
            c = sum(f == 1 for f in final)
            cp += p * c
            if s >= dv:
                success += p
                clean += p * (c == 0)
    return success, clean, cp


def wheel_roll(dice: int, difficulty: int, bonus: int, penalty: int) -> tuple[Fraction, Fraction]:
    """(p_success, E[whammies]) by sorting every roll of the dice."""
    net = bonus - penalty
    if dice == 0 or -net > dice:
        return Fraction(0), Fraction(0)
    success = whammies = Fraction(0)
    p = Fraction(1, 6 ** (dice + abs(net)))
    for roll in itertools.product(range(1, 7), repeat=dice + abs(net)):
        total = sum(sorted(roll, reverse=net >= 0)[:dice])
        if total >= difficulty:
            success += p
            whammies += p * ((total - difficulty) // 5)
    return success, whammies


def trait_roll_large(
    dice: int, sides: int, tn: int, bonus: bool = False
) -> tuple[float, float, float]:
    """``trait_roll`` for big pools, in floats: the highest die by its distribution
    function, P(highest < t, j ones) = C(N, j) p^j (P(V < t) - p)^(N - j)."""
    faces = {v: float(p) for v, p in acing_faces(sides).items()}
    top = max(faces) + 1
    below = [0.0] * (top + 1)  # below[t] = P(V < t)
    for t in range(1, top + 1):
        below[t] = below[t - 1] + faces.get(t - 1, 0.0)
    p1 = faces[1]
    bust_at = max(1, -(-dice // 2))

    def under(t: int) -> float:  # P(highest < t, no bust), t >= 2
        return sum(comb(dice, j) * p1**j * (below[t] - p1) ** (dice - j) for j in range(bust_at))

    point = {m: under(m + 1) - under(m) for m in range(2, top)}
    point[1] = p1**dice if dice < bust_at else 0.0
    extra = faces if bonus else {0: 1.0}
    success = raises = 0.0
    for m, pm in point.items():
        for add, q in extra.items():
            if m + add >= tn:
                success += pm * q
                raises += pm * q * ((m + add - tn) // 5)
    return success, 1.0 - under(top), raises / success
