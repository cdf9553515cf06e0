"""Wheel of Fate (Robert & Deborah Donoghue): d6 pools, aspects, fate points, the Bowl.

The pieces live in ``app.domain.wheel``; this module wires them into the table:
settings, command types, hooks and the view. See docs/rulesets/wheel-of-fate.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..actors import Actor, Role
from ..changes import Move, Put
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..events import UNDO_NEVER, Draft
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset, register
from ..tokens import hand
from ..wheel import (
    aspects,
    contest,
    creation,
    exchange,
    fate,
    helping,
    npcs,
    rolls,
    stress,
    table_gm,
    view,
)
from ..wheel.rolling import ROLL_ARGS
from ..wheel.sheet import blank_sheet
from ..wheel.state import BOWL, DEFAULT_QUESTIONS, FATE, SUPPLY, char_path

GM_ONLY: frozenset[Role] = frozenset({"gm"})
PLAYER_ONLY: frozenset[Role] = frozenset({"player"})
AS_GM = {"player": "seat id (GM only)"}
AS_GM_OR_NPC = {"player": "seat id (GM only)", "npc": "GM-side character id (GM only)"}
HEROIC_SPLITS = (8, 9, 10)


def _commands() -> dict[str, CommandSpec]:
    spec = CommandSpec
    return {
        # ---- character creation -------------------------------------------------
        "char.summary": spec(
            "Name your character and describe them in under 50 words.",
            creation.set_summary,
            args={**AS_GM, "name": "the character's name", "summary": "under 50 words"},
        ),
        "char.connection": spec(
            "Say how your character knows and feels about another character.",
            creation.set_connection,
            args={**AS_GM, "other": "the other player's seat id", "text": "the connection"},
        ),
        "char.attributes": spec(
            "Divide the table's 8d (9d/10d heroic) among the attributes.",
            creation.set_attributes,
            args={**AS_GM, "physical": "dice", "mental": "dice", "social": "dice"},
        ),
        "char.answer": spec(
            "Answer one of the five questions.",
            creation.set_answer,
            args={**AS_GM, "number": "1-5", "text": "the answer"},
        ),
        "char.aspect": spec(
            "Choose one of your five aspects.",
            creation.set_aspect,
            args={**AS_GM, "number": "1-5", "text": "the aspect"},
        ),
        "char.pools": spec(
            "Distribute three dice among the table's pools.",
            creation.set_pools,
            args={**AS_GM, "dice": "{pool name: dice}"},
        ),
        "char.went_wrong": spec(
            "Answer the last question: what just went wrong?",
            creation.set_went_wrong,
            args={**AS_GM, "text": "the answer"},
        ),
        "char.finish": spec("Declare your character complete.", creation.finish, args=dict(AS_GM)),
        "creation.questions": spec(
            "Set the table's five creation questions.",
            creation.set_questions,
            roles=GM_ONLY,
            args={"questions": "five questions"},
        ),
        "creation.pools": spec(
            "List the table's pools.",
            creation.set_pool_list,
            roles=GM_ONLY,
            args={"normal": "names of normal pools", "special": "names of special pools"},
        ),
        "aspect.add": spec(
            "Give a character a further aspect (e.g. after a scene).",
            aspects.add_aspect,
            roles=GM_ONLY,
            args={**AS_GM, "text": "the aspect"},
        ),
        "aspect.remove": spec(
            "Remove an aspect added after creation.",
            aspects.remove_aspect,
            roles=GM_ONLY,
            args={**AS_GM, "number": "the aspect's number (6 and up)"},
        ),
        # ---- rolls, fate points and the Bowl ---------------------------------------
        "roll": spec(
            "Roll dice, optionally against a difficulty.",
            rolls.roll,
            args={**AS_GM_OR_NPC, **ROLL_ARGS, "difficulty": "5, 10, 15, 20, 25 or any"},
        ),
        "fate.declare": spec(
            "Spend a fate point to declare a fact or coincidence.",
            fate.declare,
            args={
                **AS_GM,
                "kind": "fact | coincidence",
                "text": "what you declare",
                "aspect": "number of an aspect to invoke (optional)",
            },
        ),
        "compel.offer": spec(
            "Offer a fate point to compel an aspect.",
            fate.offer_compel,
            roles=GM_ONLY,
            args={
                "player": "seat id",
                "aspect": "aspect number on the sheet",
                "aspect_text": "or the aspect in words (not written on the sheet yet)",
                "text": "what happens",
            },
        ),
        "compel.accept": spec(
            "Accept the compel and gain its fate point.", fate.accept_compel, args=dict(AS_GM)
        ),
        "compel.refuse": spec(
            "Spend a fate point to refuse the compel.", fate.refuse_compel, args=dict(AS_GM)
        ),
        "compel.withdraw": spec(
            "Withdraw an unanswered compel.",
            fate.withdraw_compel,
            roles=GM_ONLY,
            args={"player": "seat id"},
        ),
        "bowl.give": spec(
            "Give another player a fate point from the Bowl for something cool.",
            fate.give_from_bowl,
            roles=PLAYER_ONLY,
            args={"to": "the other player's seat id", "reason": "what was cool"},
        ),
        "fate.adjust": spec(
            "Give or take a player's fate points.",
            table_gm.adjust_fate,
            roles=GM_ONLY,
            args={"player": "seat id", "n": "-20..20 (negative takes)", "reason": "why"},
        ),
        "pools.limits": spec(
            "Change the pool dice to distribute and the most one pool may hold.",
            table_gm.set_pool_limits,
            roles=GM_ONLY,
            args={"pool_dice": "0..20", "pool_max": "0..20"},
        ),
        # ---- helping, contests, stress -------------------------------------------
        "help": spec(
            "Give your dice as bonus dice to another character's next roll.",
            helping.give_help,
            args={
                **AS_GM_OR_NPC,
                "to": "the character helped",
                "attribute": "physical | mental | social (outside a contest)",
            },
        ),
        "contest.start": spec(
            "Start a contest or fight.",
            contest.start,
            roles=GM_ONLY,
            args={
                "kind": "physical | mental | social",
                "harmful": "true for a fight or argument (losers take stress)",
                "participants": "character ids",
            },
        ),
        "contest.haste": spec(
            "Take penalty dice this round to act sooner.",
            contest.haste,
            args={**AS_GM_OR_NPC, "dice": "penalty dice"},
        ),
        "contest.attack": spec(
            "Act against another participant.",
            exchange.attack,
            args={**AS_GM_OR_NPC, **ROLL_ARGS, "target": "the character acted against"},
        ),
        "contest.defend": spec(
            "Roll against the attack aimed at you.",
            exchange.defend,
            args={**AS_GM_OR_NPC, **ROLL_ARGS},
        ),
        "contest.round": spec("Start the next round.", contest.next_round, roles=GM_ONLY),
        "contest.end": spec("End the contest.", contest.end, roles=GM_ONLY),
        "stress.add": spec(
            "Give or take away stress dice.",
            stress.add_stress,
            roles=GM_ONLY,
            args={**AS_GM_OR_NPC, "dice": "stress dice (negative removes)", "reason": "why"},
        ),
        "scene.end": spec("End the scene: all stress goes away.", stress.end_scene, roles=GM_ONLY),
        # ---- GM-side characters ----------------------------------------------------
        "npc.add": spec(
            "Add a GM-side character.",
            npcs.add,
            roles=GM_ONLY,
            args={"name": "name", "physical": "dice", "mental": "dice", "social": "dice"},
        ),
        "npc.edit": spec(
            "Change a GM-side character's attributes.",
            npcs.edit,
            roles=GM_ONLY,
            args={"npc": "id", "physical": "dice", "mental": "dice", "social": "dice"},
        ),
        "npc.remove": spec(
            "Remove a GM-side character.", npcs.remove, roles=GM_ONLY, args={"npc": "id"}
        ),
    }


class WheelOfFateRules(BaseRuleset):
    """Wheel of Fate: Xd6 against a difficulty, bonus/penalty dice, fate points, the Bowl."""

    name = "wheel-of-fate"
    title = "Wheel of Fate"

    def default_settings(self) -> JsonDict:
        return {
            "attribute_dice": 8,
            "starting_fate_points": 5,
            "bowl_per_player": 5,
            "pool_dice": 3,
            "pool_max": 3,
            "spent_fate_points_go_to": SUPPLY,
        }

    def check_settings(self, settings: JsonDict) -> JsonDict:
        merged = super().check_settings(settings)
        if merged["attribute_dice"] not in HEROIC_SPLITS:
            raise InvalidArgs("Attributes split 8d, or 9d or 10d for more heroic games.")
        if merged["spent_fate_points_go_to"] not in (SUPPLY, BOWL):
            raise InvalidArgs("Spent fate points go to 'supply' or 'bowl'.")
        for key in ("starting_fate_points", "bowl_per_player", "pool_dice", "pool_max"):
            if not 0 <= merged[key] <= 20:
                raise InvalidArgs(f"Setting '{key}' must be between 0 and 20.")
        return merged

    def commands(self) -> Mapping[str, CommandSpec]:
        return _commands()

    def setup(self, ctx: Context) -> None:
        initial = {"questions": list(DEFAULT_QUESTIONS), "pools": [], "chars": {}, "next_npc": 1}
        ctx.emit(
            Draft(
                "wheel.setup",
                "The Wheel of Fate turns.",
                changes=(Put(("rules",), None, initial),),
                undo=UNDO_NEVER,
            )
        )

    def seat_added(self, ctx: Context, player_id: str) -> None:
        n = int(ctx.settings["starting_fate_points"])
        ctx.emit(
            Draft(
                "char.created",
                f"{ctx.name_of(player_id)} begins with {n} fate points.",
                data={"player_id": player_id, "fate": n},
                changes=(
                    Put(char_path(player_id), None, blank_sheet()),
                    *((Move(FATE, SUPPLY, hand(player_id), n),) if n else ()),
                ),
                undo=UNDO_NEVER,
            )
        )
        fate.top_up_bowl(ctx, player_id)

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        table_gm.seat_removed(ctx, player_id)

    def session_started(self, ctx: Context) -> None:
        fate.fill_bowl(ctx)

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        return view.build(state, viewer)


register("wheel-of-fate", WheelOfFateRules)
