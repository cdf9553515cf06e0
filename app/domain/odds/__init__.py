"""Exact odds for every rule system's dice (no Monte Carlo, no capped ace chains).

Pure functions returning small frozen dataclasses; see docs/odds.md for the maths.
"""

from . import catalogue as _catalogue  # noqa: F401  (registers the built-in calculators)
from .deadlands import TN_LADDER, bust_threshold, chip_outlook, deadlands_odds, die_total
from .fates_edge import LADDERS, fates_edge_odds
from .registry import OddsCalculator, OddsParam, calculators, odds_for, register_odds
from .results import ChipOutlook, FatesEdgeOdds, SavageOdds, TraitOdds, WheelOdds
from .savage import savage_odds
from .spec import parse_die, parse_pool
from .wheel import wheel_odds

__all__ = [
    "LADDERS",
    "TN_LADDER",
    "ChipOutlook",
    "FatesEdgeOdds",
    "OddsCalculator",
    "OddsParam",
    "SavageOdds",
    "TraitOdds",
    "WheelOdds",
    "bust_threshold",
    "calculators",
    "chip_outlook",
    "deadlands_odds",
    "die_total",
    "fates_edge_odds",
    "odds_for",
    "parse_die",
    "parse_pool",
    "register_odds",
    "savage_odds",
    "wheel_odds",
]
