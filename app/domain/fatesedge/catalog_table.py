"""Command specs for the GM's control of the table and the parts of characters that
act in play: set DVs, Boon offers, talents and gear uses, group rolls and contests."""

from __future__ import annotations

from ..commands import CommandSpec
from . import complications, contests, gm_table, uses
from .catalog_play import ALL, GM, typed

TABLE_COMMANDS: dict[str, CommandSpec] = {
    "roll.dv": typed(
        "Set the DV of a player's next roll (before the roll).",
        gm_table.set_dv,
        GM,
        gm_table.DvArgs,
    ),
    "ability.use": typed(
        "Use a talent or item on the roll just made (erase CP, re-roll) or a narrative power.",
        uses.use,
        ALL,
        uses.UseArgs,
    ),
    "complication.invoke": typed(
        "Spend 1 CP to invoke a Cursed Token (once per session).",
        complications.invoke,
        GM,
        complications.InvokeArgs,
    ),
    "complication.resolve": typed(
        "Mark a starting complication resolved.",
        complications.resolve,
        GM,
        complications.ResolveArgs,
    ),
    "contest.start": typed(
        "Open a contest: both sides roll, more successes win, ties to the status quo.",
        contests.start,
        GM,
        contests.ContestArgs,
    ),
    "contest.cancel": typed("Call off the open contest.", contests.cancel, GM),
    "roll.group": typed(
        "A group roll: each character's Attribute + Skill on the host, pooled.",
        contests.group,
        GM,
        contests.GroupArgs,
    ),
    "boon.decline": typed(
        "Pass on Failure's Gift for the last failed roll.", gm_table.decline_boon, GM
    ),
}
