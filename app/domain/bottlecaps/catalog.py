"""The Bottlecaps command catalogue: every command type, who may send it, its args.

The ``args`` descriptions feed the API's command catalogue and docs; each key is a real
argument name.
"""

from __future__ import annotations

from ..actors import Role
from ..commands import CommandSpec
from . import award, health, roll_commands, roster, sheet_commands, spending, turns
from .caps import USES

GM: frozenset[Role] = frozenset({"gm"})
WHO = {
    "player": "the seat acted for (GM only; players act for themselves)",
    "npc": "or a Wild Card NPC id (GM only)",
}
TRAIT_DICE = {
    "trait_faces": "faces of the real trait die, aces included (optional: else host dice)",
    "wild_faces": "faces of the real Wild Die (with trait_faces)",
}
HEALTH = {
    "shaken": "true / false",
    "wounds": "0..3",
    "incapacitated": "true / false",
}

COMMANDS: dict[str, CommandSpec] = {
    "sheet.update": CommandSpec(
        "Edit a character sheet (players between sessions, the GM any time).",
        sheet_commands.update_sheet,
        args={
            **WHO,
            "character": "character name",
            "attributes": "{'Agility': 'd8', ...} (d4..d12, d12+N)",
            "skills": "{'Shooting': 'd6', 'Old skill': null}",
            "edges": "free text",
            "hindrances": "free text",
            "draw_modifier": "caps drawn beyond 3 for Edges/Hindrances, -3..5 (GM only)",
            "no_mercy": "has the No Mercy Edge",
            "rank": "Novice, Seasoned, Veteran, Heroic or Legendary",
            **HEALTH,
        },
    ),
    "roll.trait": CommandSpec(
        "Roll a Trait (attribute or skill) with the Wild Die.",
        roll_commands.roll_trait,
        args={
            **WHO,
            "trait": "attribute or skill name (a skill not on the sheet rolls d4-2)",
            "modifier": "-20..20",
            "tn": "target number (default: the table's, 4)",
            **TRAIT_DICE,
        },
    ),
    "roll.damage": CommandSpec(
        "Roll damage (acing dice, no Wild Die).",
        roll_commands.roll_damage,
        args={
            **WHO,
            "dice": "['d8', 'd6']",
            "modifier": "-20..20",
            "faces": "one list of faces per die (optional; else rolled on the host)",
        },
    ),
    "cap.spend": CommandSpec(
        "Spend a cap (it goes back to the pot).",
        spending.spend,
        args={
            **WHO,
            "use": ", ".join(USES),
            "cap": "white, red or blue (default: the cheapest that may pay)",
            "pool": "NPC only: 'own' (its caps) or 'gm' (the GM's general caps)",
            "extra": "GM only: an Extra's name; one of the GM's general caps pays",
            "edge": "greatness: the Combat Edge gained",
            "modifier": "soak: the Vigor roll's modifier",
            "tn": "soak: the Vigor roll's target number",
            **TRAIT_DICE,
            "faces": "reroll of a damage roll: one list of faces per die (optional)",
            "effort_faces": "extra_effort: the d6's faces (optional)",
        },
    ),
    "damage.take": CommandSpec(
        "Take a hit: Shaken plus Wounds (Soak it with a white cap).",
        health.take_damage,
        args={**WHO, "wounds": "0 (Shaken only) to 10"},
    ),
    "turn.start": CommandSpec(
        "Mark the start of a character's turn (ends their Moment of Greatness).",
        turns.start_turn,
        args=dict(WHO),
    ),
    "combat.end": CommandSpec(
        "End combat: nobody's turn; every Moment of Greatness ends.", turns.end_combat, roles=GM
    ),
    "cap.award": CommandSpec(
        "Award caps for good role-playing.",
        award.award,
        roles=GM,
        args={"player": "seat id", "n": "1..5", "colour": "random (default), white, red or blue"},
    ),
    "npc.add": CommandSpec(
        "Add a Wild Card NPC.", roster.add_npc, roles=GM, args={"name": "the NPC's name"}
    ),
    "npc.remove": CommandSpec(
        "Remove a Wild Card NPC.", roster.remove_npc, roles=GM, args={"npc": "Wild Card NPC id"}
    ),
}
