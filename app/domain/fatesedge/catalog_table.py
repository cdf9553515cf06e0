"""Command specs for the GM's control of the table and the parts of characters that
act in play: set DVs, Boon offers, talents and gear uses, group rolls and contests."""

from __future__ import annotations

from ..commands import CommandSpec
from . import gm_table
from .catalog_play import GM, spec

TABLE_COMMANDS: dict[str, CommandSpec] = {
    "roll.dv": spec(
        "Set the DV of a player's next roll (before the roll).",
        gm_table.set_dv,
        GM,
        player="seat id or all",
        dv="1 Routine, 2 Pressured, 3 Hard, 4+ Extreme; 0 clears",
        label="what is being attempted",
    ),
    "boon.decline": spec(
        "Pass on Failure's Gift for the last failed roll.", gm_table.decline_boon, GM
    ),
}
