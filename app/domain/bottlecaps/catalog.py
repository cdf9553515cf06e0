"""The Bottlecaps command catalogue: every command type, who may send it, its args.

Each command's arguments are a model in ``arguments``, declared there with its command
type: the API's schema, the docs' catalogue, the handler's typed input and the UI's
calls come from it.
"""

from __future__ import annotations

from ..actors import Role
from ..command_types import catalogue
from ..commands import CommandSpec
from . import arguments as args
from . import award, health, roll_commands, roster, sheet_commands, spending, turns

GM: frozenset[Role] = frozenset({"gm"})

COMMANDS: dict[str, CommandSpec] = catalogue(
    args.SHEET_UPDATE.spec(
        "Edit a character sheet (players between sessions, the GM any time).",
        sheet_commands.update_sheet,
    ),
    args.ROLL_TRAIT.spec(
        "Roll a Trait (attribute or skill) with the Wild Die.", roll_commands.roll_trait
    ),
    args.ROLL_DAMAGE.spec("Roll damage (acing dice, no Wild Die).", roll_commands.roll_damage),
    args.CAP_SPEND.spec("Spend a cap (it goes back to the pot).", spending.spend),
    args.DAMAGE_TAKE.spec(
        "Take a hit: Shaken plus Wounds (Soak it with a white cap).", health.take_damage
    ),
    args.TURN_START.spec(
        "Mark the start of a character's turn (ends their Moment of Greatness).",
        turns.start_turn,
    ),
    args.COMBAT_END.spec(
        "End combat: nobody's turn; every Moment of Greatness ends.", turns.end_combat, GM
    ),
    args.CAP_AWARD.spec("Award caps for good role-playing.", award.award, GM),
    args.NPC_ADD.spec("Add a Wild Card NPC.", roster.add_npc, GM),
    args.NPC_REMOVE.spec("Remove a Wild Card NPC.", roster.remove_npc, GM),
)
