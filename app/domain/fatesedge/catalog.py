"""Every Fate's Edge command type: who may send it and its arguments."""

from __future__ import annotations

from ..commands import CommandSpec
from .catalog_play import PLAY_COMMANDS
from .catalog_table import TABLE_COMMANDS
from .catalog_world import WORLD_COMMANDS

COMMANDS: dict[str, CommandSpec] = {**PLAY_COMMANDS, **WORLD_COMMANDS, **TABLE_COMMANDS}
