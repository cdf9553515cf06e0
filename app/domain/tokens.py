"""Token pots and hands: blind draws and moves between containers.

Containers are plain names in ``state["tokens"]`` (``state_types.Tokens``): ``pot``,
``hand:<player_id>``, ``gm``, ``bowl``... and ``supply`` (outside the game). Rules build
``Move`` changes with these helpers and emit them in their events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .changes import Move, tokens_in
from .rng import Rng

POT = "pot"
GM_HAND = "gm"


def hand(player_id: str) -> str:
    """The container holding one player's tokens."""
    return f"hand:{player_id}"


def draw_blind(rng: Rng, state: Mapping[str, Any], source: str, target: str, n: int) -> list[Move]:
    """Draw up to ``n`` tokens one at a time, blind, from what is really in ``source``.

    Each draw sees the bag without the tokens already drawn, like a hand in a cup.
    Returns fewer moves than ``n`` if the bag runs dry.
    """
    bag = Counter(tokens_in(state, source))
    moves: list[Move] = []
    for _ in range(n):
        if sum(bag.values()) <= 0:
            break
        kind = rng.draw(bag)
        bag[kind] -= 1
        moves.append(Move(kind, source, target))
    return moves


def move_all(state: Mapping[str, Any], source: str, target: str) -> list[Move]:
    """Moves that empty ``source`` into ``target``."""
    return [Move(kind, source, target, n) for kind, n in sorted(tokens_in(state, source).items())]


def describe(kinds: Iterable[str], noun: str = "chip") -> str:
    """'2 white chips and a red chip' for a log line."""
    counts = Counter(kinds)
    parts = []
    for kind, n in counts.items():
        parts.append(f"a {kind} {noun}" if n == 1 else f"{n} {kind} {noun}s")
    if not parts:
        return f"no {noun}s"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
