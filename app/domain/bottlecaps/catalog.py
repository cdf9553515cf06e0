"""The Bottlecaps command catalogue: every command type, who may send it, its args.

Each command's arguments are a model in ``arguments``: the API's schema, the docs'
catalogue and the handler's typed input come from it.
"""

from __future__ import annotations

from ..actors import Role
from ..arguments import NoArgs
from ..commands import CommandSpec, command
from . import arguments as args
from . import award, health, roll_commands, roster, sheet_commands, spending, turns

GM: frozenset[Role] = frozenset({"gm"})

COMMANDS: dict[str, CommandSpec] = {
    "sheet.update": command(
        "Edit a character sheet (players between sessions, the GM any time).",
        sheet_commands.update_sheet,
        args.SheetArgs,
    ),
    "roll.trait": command(
        "Roll a Trait (attribute or skill) with the Wild Die.",
        roll_commands.roll_trait,
        args.RollTraitArgs,
    ),
    "roll.damage": command(
        "Roll damage (acing dice, no Wild Die).", roll_commands.roll_damage, args.RollDamageArgs
    ),
    "cap.spend": command("Spend a cap (it goes back to the pot).", spending.spend, args.SpendArgs),
    "damage.take": command(
        "Take a hit: Shaken plus Wounds (Soak it with a white cap).",
        health.take_damage,
        args.DamageArgs,
    ),
    "turn.start": command(
        "Mark the start of a character's turn (ends their Moment of Greatness).",
        turns.start_turn,
        args.ForWho,
    ),
    "combat.end": command(
        "End combat: nobody's turn; every Moment of Greatness ends.",
        turns.end_combat,
        NoArgs,
        roles=GM,
    ),
    "cap.award": command(
        "Award caps for good role-playing.", award.award, args.AwardArgs, roles=GM
    ),
    "npc.add": command("Add a Wild Card NPC.", roster.add_npc, args.NpcAddArgs, roles=GM),
    "npc.remove": command(
        "Remove a Wild Card NPC.", roster.remove_npc, args.NpcRemoveArgs, roles=GM
    ),
}
