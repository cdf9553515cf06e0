"""The Fate-chip table driver, for Deadlands tables by default."""

from tests.rules.fatechips.driver import QUIET, Game

__all__ = ["QUIET", "Game"]
