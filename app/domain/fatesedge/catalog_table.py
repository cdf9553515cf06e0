"""Command specs for the GM's control of the table and the parts of characters that
act in play: set DVs, Boon offers, talents and gear uses, group rolls and contests."""

from __future__ import annotations

from ..commands import CommandSpec
from . import complications, gm_table, uses
from .catalog_play import ALL, GM, spec

TABLE_COMMANDS: dict[str, CommandSpec] = {
    "roll.dv": spec(
        "Set the DV of a player's next roll (before the roll).",
        gm_table.set_dv,
        GM,
        player="seat id or all",
        dv="1 Routine, 2 Pressured, 3 Hard, 4+ Extreme; 0 clears",
        label="what is being attempted",
    ),
    "ability.use": spec(
        "Use a talent or item on the roll just made (erase CP, re-roll) or a narrative power.",
        uses.use,
        ALL,
        player="seat id (the GM names one; a player acts for themselves)",
        ability="the talent name or gear id",
        die="which die (one-die re-rolls)",
        faces="new faces for a roll made with physical dice",
    ),
    "complication.invoke": spec(
        "Spend 1 CP to invoke a Cursed Token (once per session).",
        complications.invoke,
        GM,
        player="seat id",
        note="how the curse strikes",
    ),
    "complication.resolve": spec(
        "Mark a starting complication resolved.",
        complications.resolve,
        GM,
        player="seat id",
        complication="its number on the d10 table (1–10)",
    ),
    "boon.decline": spec(
        "Pass on Failure's Gift for the last failed roll.", gm_table.decline_boon, GM
    ),
}
