"""The small frozen answers the odds functions return (``as_dict()`` is JSON-ready)."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class _Answer:
    def as_dict(self) -> dict[str, float | bool | None]:
        """The fields as a plain dict, for JSON."""
        return asdict(self)


@dataclass(frozen=True)
class TraitOdds(_Answer):
    """A Deadlands / Spacelands trait roll before it is made.

    ``p_success``: the result reaches the TN and the roll is not a bust.
    ``p_bust``: half or more of the dice show a natural 1 (a failure whatever else).
    ``expected_raises``: the mean number of raises given success (0.0 if none can).
    """

    p_success: float
    p_bust: float
    expected_raises: float


@dataclass(frozen=True)
class ChipOutlook(_Answer):
    """A trait roll already made: the chance of success now and after each chip.

    A ``None`` chance means the rules forbid that chip now (the roll went bust, or a
    red/blue/Legend bonus die was already rolled). ``p_white_then_bonus``: one white
    chip now, then a red/blue/Legend bonus die.
    """

    p_now: float
    bust: bool
    p_white: float | None
    p_bonus: float | None
    p_white_then_bonus: float | None


@dataclass(frozen=True)
class SavageOdds(_Answer):
    """A Savage Worlds (bottlecaps) trait roll with a Wild Die.

    ``p_success``: the total reaches the TN and it is not snake eyes (a critical
    failure). ``expected_raises`` is given success. ``p_snake_eyes``: both dice show a
    natural 1.
    """

    p_success: float
    expected_raises: float
    p_snake_eyes: float


@dataclass(frozen=True)
class FatesEdgeOdds(_Answer):
    """A Fate's Edge pool of d10s against a DV (successes needed).

    ``p_success``: S >= DV. ``p_clean``: S >= DV with no Complication Point.
    ``expected_cp``: the mean number of Complication Points over all rolls.
    ``p_partial``: 0 < S < DV. ``p_miss``: S == 0 (and DV > 0).
    """

    p_success: float
    p_clean: float
    expected_cp: float
    p_partial: float
    p_miss: float


@dataclass(frozen=True)
class WheelOdds(_Answer):
    """A Wheel of Fate roll: kept d6s summed against a difficulty.

    ``p_success``: the total matches or beats the difficulty.
    ``expected_whammies``: the mean number of whammies, a failure counting 0.
    """

    p_success: float
    expected_whammies: float
