"""Bottlecaps' table settings, ``state["settings"]`` (docs/rulesets/bottlecaps.md#settings).

The defaults are ``rules/bottlecaps.py``'s; ``check_settings`` merges what the table
chose over them, so every key is always there.
"""

from __future__ import annotations

from typing import TypedDict, cast

from ..context import Context
from .characters import CapsTable


class CapsSettings(TypedDict):
    """The options a Bottlecaps table is created with."""

    pot_white: int
    pot_red: int
    pot_blue: int
    target_number: int
    novice_rank_value: int
    extra_effort_aces: bool
    reroll_snake_eyes: bool


def settings_of(state: CapsTable) -> CapsSettings:
    """The table's settings (merged over the defaults, so every key is there)."""
    return cast(CapsSettings, state.get("settings", {}))


def caps_settings(ctx: Context) -> CapsSettings:
    """The settings of the table a command is decided on."""
    return settings_of(ctx.state)
