"""The Fate-chip table driver, for Spacelands tables by default."""

from __future__ import annotations

from typing import Any

from tests.rules.fatechips.driver import QUIET
from tests.rules.fatechips.driver import Game as _Game

__all__ = ["QUIET", "Game"]


class Game(_Game):
    def __init__(self, ruleset: str = "spacelands", *args: Any, **kwargs: Any) -> None:
        super().__init__(ruleset, *args, **kwargs)
