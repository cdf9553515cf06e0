"""Every Fate's Edge command type: who may send it and its arguments."""

from __future__ import annotations

from ..command_types import catalogue
from ..commands import CommandSpec
from .catalog_play import PLAY_COMMANDS
from .catalog_table import TABLE_COMMANDS
from .catalog_world import WORLD_COMMANDS

#: One catalogue of the three parts (a name in two of them is refused).
COMMANDS: dict[str, CommandSpec] = catalogue(
    *PLAY_COMMANDS.values(), *WORLD_COMMANDS.values(), *TABLE_COMMANDS.values()
)
