"""Command specs for the GM's control of the table and the parts of characters that
act in play: set DVs, Boon offers, talents and gear uses, group rolls and contests."""

from __future__ import annotations

from ..command_types import catalogue
from . import complications, contests, gm_table, uses
from .catalog_play import ALL, GM
from .complications import COMPLICATION_INVOKE, COMPLICATION_RESOLVE
from .contests import CONTEST_CANCEL, CONTEST_START, ROLL_GROUP
from .gm_table import BOON_DECLINE, ROLL_DV
from .uses import ABILITY_USE

TABLE_COMMANDS = catalogue(
    ROLL_DV.spec("Set the DV of a player's next roll (before the roll).", gm_table.set_dv, GM),
    ABILITY_USE.spec(
        "Use a talent or item on the roll just made (erase CP, re-roll) or a narrative power.",
        uses.use,
        ALL,
    ),
    COMPLICATION_INVOKE.spec(
        "Spend 1 CP to invoke a Cursed Token (once per session).", complications.invoke, GM
    ),
    COMPLICATION_RESOLVE.spec("Mark a starting complication resolved.", complications.resolve, GM),
    CONTEST_START.spec(
        "Open a contest: both sides roll, more successes win, ties to the status quo.",
        contests.start,
        GM,
    ),
    CONTEST_CANCEL.spec("Call off the open contest.", contests.cancel, GM),
    ROLL_GROUP.spec(
        "A group roll: each character's Attribute + Skill on the host, pooled.", contests.group, GM
    ),
    BOON_DECLINE.spec(
        "Pass on Failure's Gift for the last failed roll.", gm_table.decline_boon, GM
    ),
)
