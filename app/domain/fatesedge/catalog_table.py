"""Command specs for the GM's control of the table and the parts of characters that
act in play: set DVs, Boon offers, talents and gear uses, group rolls and contests."""

from __future__ import annotations

from ..commands import CommandSpec
from . import complications, contests, gm_table, uses
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
        target="the ally tended (Healer's Bag)",
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
    "contest.start": spec(
        "Open a contest: both sides roll, more successes win, ties to the status quo.",
        contests.start,
        GM,
        label="what is contested",
        a="a player",
        b="the other player (or leave empty for an opposition pool)",
        npc_pool="the opposition's dice",
        npc_label="who opposes",
        holds="a | b: the side a tie favours (status quo, default b)",
    ),
    "contest.cancel": spec("Call off the open contest.", contests.cancel, GM),
    "roll.group": spec(
        "A group roll: each character's Attribute + Skill on the host, pooled.",
        contests.group,
        GM,
        players="the characters taking part",
        attribute="body | wits | spirit | presence",
        skill="skill name",
        dv="difficulty for the pooled successes",
        ladder="basic | detailed | intricate",
        label="what the group attempts",
        forage="bool: foraging/hunting (a success clears a Supply segment)",
    ),
    "boon.decline": spec(
        "Pass on Failure's Gift for the last failed roll.", gm_table.decline_boon, GM
    ),
}
