"""A counter-based random number generator whose whole state is two integers.

The seed and a cursor live in the table state, so replaying the event log reproduces
every chip draw, die and shuffle. Each draw hashes (seed, cursor) with BLAKE2b, which
is stable across Python versions and platforms, unlike ``random.Random`` internals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")
_BITS = 64
_SPAN = 1 << _BITS


class Rng:
    """Deterministic randomness for one command; read ``cursor`` afterwards."""

    def __init__(self, seed: int, cursor: int = 0) -> None:
        self.seed = seed
        self.cursor = cursor

    def _next64(self) -> int:
        digest = hashlib.blake2b(f"{self.seed}:{self.cursor}".encode(), digest_size=8).digest()
        self.cursor += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _SPAN - (_SPAN % n)
        while True:
            value = self._next64()
            if value < limit:
                return value % n

    def die(self, sides: int) -> int:
        """One roll of a ``sides``-sided die, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def draw(self, counts: Mapping[str, int]) -> str:
        """Draw one token blind from a bag holding ``counts`` of each kind."""
        total = sum(n for n in counts.values() if n > 0)
        if total <= 0:
            raise ValueError("the bag is empty")
        pick = self.below(total)
        for kind in sorted(counts):
            n = counts[kind]
            if n <= 0:
                continue
            if pick < n:
                return kind
            pick -= n
        raise AssertionError("unreachable")
