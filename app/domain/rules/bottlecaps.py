"""Bottlecaps: Savage Worlds with white, red and blue caps drawn from a pot.

The rules text is /work/shared/rules/bottlecaps.txt; docs/rulesets/bottlecaps.md maps
it onto the table. The pieces live in ``app.domain.bottlecaps``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..actors import Actor, Role
from ..bottlecaps import (
    award,
    economy,
    health,
    roll_commands,
    roster,
    sheet_commands,
    spending,
    turns,
)
from ..bottlecaps.caps import COLOURS, USES
from ..bottlecaps.view import view
from ..changes import Put
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..events import UNDO_NEVER, Draft
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset, register

GM: frozenset[Role] = frozenset({"gm"})
WHO = "player: seat id (GM only); npc: Wild Card NPC id (GM only, instead of player)"
FACES = "trait_faces / wild_faces: faces of real dice (optional; else rolled on the host)"

_DEFAULTS: JsonDict = {
    "pot_white": 50,
    "pot_red": 25,
    "pot_blue": 10,
    "target_number": 4,
    "novice_rank_value": 1,
    "extra_effort_aces": True,
    "reroll_snake_eyes": False,
}


class BottlecapsRules(BaseRuleset):
    """The Bottlecaps cap economy on a Savage Worlds table."""

    name = "bottlecaps"
    title = "Bottlecaps"

    def default_settings(self) -> JsonDict:
        return dict(_DEFAULTS)

    def check_settings(self, settings: JsonDict) -> JsonDict:
        merged = super().check_settings(settings)
        for colour in COLOURS:
            if not 0 <= merged[f"pot_{colour}"] <= 500:
                raise InvalidArgs(f"The pot holds 0 to 500 {colour} caps.")
        if not 1 <= merged["target_number"] <= 20:
            raise InvalidArgs("The target number must be 1 to 20.")
        if not 0 <= merged["novice_rank_value"] <= 5:
            raise InvalidArgs("Novice's Rank value must be 0 to 5.")
        return merged

    def commands(self) -> Mapping[str, CommandSpec]:
        return COMMANDS

    def setup(self, ctx: Context) -> None:
        ctx.emit(
            Draft(
                "bottlecaps.ready",
                "Bottlecaps: caps go White < Red < Blue.",
                changes=(Put(("rules",), None, {"sheets": {}, "wild_cards": {}, "next_npc": 1}),),
                undo=UNDO_NEVER,
            )
        )
        economy.fill_pot(ctx)

    def seat_added(self, ctx: Context, player_id: str) -> None:
        roster.seat_added(ctx, player_id)

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        roster.seat_removed(ctx, player_id)

    def session_started(self, ctx: Context) -> None:
        economy.session_started(ctx)

    def session_ended(self, ctx: Context) -> None:
        economy.session_ended(ctx)

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        return view(state, viewer)


COMMANDS: dict[str, CommandSpec] = {
    "sheet.update": CommandSpec(
        "Edit a character sheet (players between sessions, the GM any time).",
        sheet_commands.update_sheet,
        args={
            "player / npc": WHO,
            "character": "character name",
            "attributes": "{'Agility': 'd8', ...}",
            "skills": "{'Shooting': 'd6', 'Old skill': null}",
            "edges / hindrances": "free text",
            "draw_modifier": "caps drawn beyond 3 for Edges/Hindrances, -3..5 (GM only)",
            "no_mercy": "has the No Mercy Edge",
            "rank": "Novice, Seasoned, Veteran, Heroic or Legendary",
            "shaken / wounds / incapacitated": "health: bool / 0..3 / bool",
        },
    ),
    "roll.trait": CommandSpec(
        "Roll a Trait (attribute or skill) with the Wild Die.",
        roll_commands.roll_trait,
        args={
            "player / npc": WHO,
            "trait": "attribute or skill name (a missing skill rolls d4-2)",
            "modifier": "-20..20",
            "tn": "target number (default: the table's, 4)",
            "trait_faces / wild_faces": FACES,
        },
    ),
    "roll.damage": CommandSpec(
        "Roll damage (acing dice, no Wild Die).",
        roll_commands.roll_damage,
        args={
            "player / npc": WHO,
            "dice": "['d8', 'd6']",
            "modifier": "-20..20",
            "faces": "one list of faces per die (optional; else rolled on the host)",
        },
    ),
    "cap.spend": CommandSpec(
        "Spend a cap (it goes back to the pot).",
        spending.spend,
        args={
            "player / npc": WHO,
            "use": ", ".join(USES),
            "cap": "white, red or blue (default: the cheapest that may pay)",
            "pool": "NPC only: 'own' (its caps) or 'gm' (the GM's general caps)",
            "edge": "greatness: the Combat Edge gained",
            "modifier / tn": "soak: the Vigor roll's modifier and target number",
            "trait_faces / wild_faces": f"reroll, soak: {FACES}",
            "faces": "reroll of damage: one list of faces per die",
            "effort_faces": "extra_effort: the d6's faces (optional)",
        },
    ),
    "damage.take": CommandSpec(
        "Take a hit: Shaken plus Wounds (Soak it with a white cap).",
        health.take_damage,
        args={"player / npc": WHO, "wounds": "0 (Shaken only) .. 10"},
    ),
    "turn.start": CommandSpec(
        "Mark the start of a character's turn (ends their Moment of Greatness).",
        turns.start_turn,
        args={"player / npc": WHO},
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

register("bottlecaps", BottlecapsRules)
