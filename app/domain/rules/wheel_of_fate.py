"""Wheel of Fate (Robert & Deborah Donoghue): d6 pools, aspects, fate points, the Bowl.

The pieces live in ``app.domain.wheel``; this module wires them into the table:
settings, command types, hooks and the view. See docs/rulesets/wheel-of-fate.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from ..actors import Actor, Role
from ..changes import Move, Put
from ..command_types import catalogue
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..event_types import AnyEventType
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
from ..wheel import events as wheel_events
from ..wheel.events.ruleset import CHAR_CREATED, WHEEL_SETUP
from ..wheel.sheet import blank_sheet
from ..wheel.state import BOWL, DEFAULT_QUESTIONS, FATE, SUPPLY, WheelTable, char_path
from ..wheel.view_types import WheelView

GM_ONLY: frozenset[Role] = frozenset({"gm"})
PLAYER_ONLY: frozenset[Role] = frozenset({"player"})
HEROIC_SPLITS = (8, 9, 10)


def _commands() -> dict[str, CommandSpec]:
    return catalogue(
        # ---- character creation -------------------------------------------------
        creation.CHAR_SUMMARY.spec(
            "Name your character and describe them in under 50 words.", creation.set_summary
        ),
        creation.CHAR_CONNECTION.spec(
            "Say how your character knows and feels about another character.",
            creation.set_connection,
        ),
        creation.CHAR_ATTRIBUTES.spec(
            "Divide the table's 8d (9d/10d heroic) among the attributes.", creation.set_attributes
        ),
        creation.CHAR_ANSWER.spec("Answer one of the five questions.", creation.set_answer),
        creation.CHAR_ASPECT.spec("Choose one of your five aspects.", creation.set_aspect),
        creation.CHAR_POOLS.spec(
            "Distribute three dice among the table's pools.", creation.set_pools
        ),
        creation.CHAR_WENT_WRONG.spec(
            "Answer the last question: what just went wrong?", creation.set_went_wrong
        ),
        creation.CHAR_FINISH.spec("Declare your character complete.", creation.finish),
        creation.CREATION_QUESTIONS.spec(
            "Set the table's five creation questions.", creation.set_questions, GM_ONLY
        ),
        creation.CREATION_POOLS.spec("List the table's pools.", creation.set_pool_list, GM_ONLY),
        aspects.ASPECT_ADD.spec(
            "Give a character a further aspect (e.g. after a scene).", aspects.add_aspect, GM_ONLY
        ),
        aspects.ASPECT_REMOVE.spec(
            "Remove an aspect added after creation.", aspects.remove_aspect, GM_ONLY
        ),
        # ---- rolls, fate points and the Bowl ---------------------------------------
        rolls.ROLL.spec("Roll dice, optionally against a difficulty.", rolls.roll),
        fate.FATE_DECLARE.spec(
            "Spend a fate point to declare a fact or coincidence.", fate.declare
        ),
        fate.COMPEL_OFFER.spec(
            "Offer a fate point to compel an aspect.", fate.offer_compel, GM_ONLY
        ),
        fate.COMPEL_ACCEPT.spec("Accept the compel and gain its fate point.", fate.accept_compel),
        fate.COMPEL_REFUSE.spec("Spend a fate point to refuse the compel.", fate.refuse_compel),
        fate.COMPEL_WITHDRAW.spec("Withdraw an unanswered compel.", fate.withdraw_compel, GM_ONLY),
        fate.BOWL_GIVE.spec(
            "Give another player a fate point from the Bowl for something cool.",
            fate.give_from_bowl,
            PLAYER_ONLY,
        ),
        table_gm.FATE_ADJUST.spec(
            "Give or take a player's fate points.", table_gm.adjust_fate, GM_ONLY
        ),
        table_gm.POOLS_LIMITS.spec(
            "Change the pool dice to distribute and the most one pool may hold.",
            table_gm.set_pool_limits,
            GM_ONLY,
        ),
        # ---- helping, contests, stress -------------------------------------------
        helping.HELP.spec(
            "Give your dice as bonus dice to another character's next roll.", helping.give_help
        ),
        contest.CONTEST_START.spec("Start a contest or fight.", contest.start, GM_ONLY),
        contest.CONTEST_HASTE.spec("Take penalty dice this round to act sooner.", contest.haste),
        exchange.CONTEST_ATTACK.spec("Act against another participant.", exchange.attack),
        exchange.CONTEST_DEFEND.spec("Roll against the attack aimed at you.", exchange.defend),
        contest.CONTEST_ROUND.spec("Start the next round.", contest.next_round, GM_ONLY),
        contest.CONTEST_END.spec("End the contest.", contest.end, GM_ONLY),
        stress.STRESS_ADD.spec("Give or take away stress dice.", stress.add_stress, GM_ONLY),
        stress.SCENE_END.spec("End the scene: all stress goes away.", stress.end_scene, GM_ONLY),
        # ---- GM-side characters ----------------------------------------------------
        npcs.NPC_ADD.spec("Add a GM-side character.", npcs.add, GM_ONLY),
        npcs.NPC_EDIT.spec("Change a GM-side character's attributes.", npcs.edit, GM_ONLY),
        npcs.NPC_REMOVE.spec("Remove a GM-side character.", npcs.remove, GM_ONLY),
    )


class WheelOfFateRules(BaseRuleset):
    """Wheel of Fate: Xd6 against a difficulty, bonus/penalty dice, fate points, the Bowl."""

    name = "wheel-of-fate"
    title = "Wheel of Fate"
    view_type: object | None = WheelView
    event_types: tuple[AnyEventType, ...] = wheel_events.ALL

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
                WHEEL_SETUP,
                "The Wheel of Fate turns.",
                changes=(Put(("rules",), None, initial),),
                undo=UNDO_NEVER,
            )
        )

    def seat_added(self, ctx: Context, player_id: str) -> None:
        n = int(ctx.settings["starting_fate_points"])
        ctx.emit(
            Draft(
                CHAR_CREATED,
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
        # The table view is plain JSON: the declared ``WheelView`` is a dict underneath.
        return dict(view.build(cast(WheelTable, state), viewer))


register("wheel-of-fate", WheelOfFateRules)
