"""Wheel of Fate (Robert & Deborah Donoghue): d6 pools, aspects, fate points, the Bowl.

The pieces live in ``app.domain.wheel``; this module wires them into the table:
settings, command types, hooks and the view. See docs/rulesets/wheel-of-fate.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..actors import Actor, Role
from ..arguments import NoArgs
from ..changes import Move, Put
from ..commands import CommandSpec, command
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
from ..wheel.sheet import blank_sheet
from ..wheel.state import BOWL, DEFAULT_QUESTIONS, FATE, SUPPLY, char_path
from ..wheel.wargs import AsGm

GM_ONLY: frozenset[Role] = frozenset({"gm"})
PLAYER_ONLY: frozenset[Role] = frozenset({"player"})
HEROIC_SPLITS = (8, 9, 10)


def _commands() -> dict[str, CommandSpec]:
    cmd = command
    return {
        # ---- character creation -------------------------------------------------
        "char.summary": cmd(
            "Name your character and describe them in under 50 words.",
            creation.set_summary,
            creation.SummaryArgs,
        ),
        "char.connection": cmd(
            "Say how your character knows and feels about another character.",
            creation.set_connection,
            creation.ConnectionArgs,
        ),
        "char.attributes": cmd(
            "Divide the table's 8d (9d/10d heroic) among the attributes.",
            creation.set_attributes,
            creation.AttributesArgs,
        ),
        "char.answer": cmd(
            "Answer one of the five questions.", creation.set_answer, creation.AnswerArgs
        ),
        "char.aspect": cmd(
            "Choose one of your five aspects.", creation.set_aspect, creation.AspectArgs
        ),
        "char.pools": cmd(
            "Distribute three dice among the table's pools.",
            creation.set_pools,
            creation.PoolsArgs,
        ),
        "char.went_wrong": cmd(
            "Answer the last question: what just went wrong?",
            creation.set_went_wrong,
            creation.WentWrongArgs,
        ),
        "char.finish": cmd("Declare your character complete.", creation.finish, AsGm),
        "creation.questions": cmd(
            "Set the table's five creation questions.",
            creation.set_questions,
            creation.QuestionsArgs,
            GM_ONLY,
        ),
        "creation.pools": cmd(
            "List the table's pools.", creation.set_pool_list, creation.PoolListArgs, GM_ONLY
        ),
        "aspect.add": cmd(
            "Give a character a further aspect (e.g. after a scene).",
            aspects.add_aspect,
            aspects.AddAspectArgs,
            GM_ONLY,
        ),
        "aspect.remove": cmd(
            "Remove an aspect added after creation.",
            aspects.remove_aspect,
            aspects.RemoveAspectArgs,
            GM_ONLY,
        ),
        # ---- rolls, fate points and the Bowl ---------------------------------------
        "roll": cmd(
            "Roll dice, optionally against a difficulty.", rolls.roll, rolls.RollCommandArgs
        ),
        "fate.declare": cmd(
            "Spend a fate point to declare a fact or coincidence.",
            fate.declare,
            fate.DeclareArgs,
        ),
        "compel.offer": cmd(
            "Offer a fate point to compel an aspect.",
            fate.offer_compel,
            fate.OfferCompelArgs,
            GM_ONLY,
        ),
        "compel.accept": cmd(
            "Accept the compel and gain its fate point.", fate.accept_compel, AsGm
        ),
        "compel.refuse": cmd("Spend a fate point to refuse the compel.", fate.refuse_compel, AsGm),
        "compel.withdraw": cmd(
            "Withdraw an unanswered compel.",
            fate.withdraw_compel,
            fate.WithdrawCompelArgs,
            GM_ONLY,
        ),
        "bowl.give": cmd(
            "Give another player a fate point from the Bowl for something cool.",
            fate.give_from_bowl,
            fate.BowlGiveArgs,
            PLAYER_ONLY,
        ),
        "fate.adjust": cmd(
            "Give or take a player's fate points.",
            table_gm.adjust_fate,
            table_gm.AdjustFateArgs,
            GM_ONLY,
        ),
        "pools.limits": cmd(
            "Change the pool dice to distribute and the most one pool may hold.",
            table_gm.set_pool_limits,
            table_gm.PoolLimitsArgs,
            GM_ONLY,
        ),
        # ---- helping, contests, stress -------------------------------------------
        "help": cmd(
            "Give your dice as bonus dice to another character's next roll.",
            helping.give_help,
            helping.HelpArgs,
        ),
        "contest.start": cmd(
            "Start a contest or fight.", contest.start, contest.StartArgs, GM_ONLY
        ),
        "contest.haste": cmd(
            "Take penalty dice this round to act sooner.", contest.haste, contest.HasteArgs
        ),
        "contest.attack": cmd(
            "Act against another participant.", exchange.attack, exchange.AttackArgs
        ),
        "contest.defend": cmd(
            "Roll against the attack aimed at you.", exchange.defend, exchange.DefendArgs
        ),
        "contest.round": cmd("Start the next round.", contest.next_round, NoArgs, GM_ONLY),
        "contest.end": cmd("End the contest.", contest.end, NoArgs, GM_ONLY),
        "stress.add": cmd(
            "Give or take away stress dice.", stress.add_stress, stress.StressArgs, GM_ONLY
        ),
        "scene.end": cmd("End the scene: all stress goes away.", stress.end_scene, NoArgs, GM_ONLY),
        # ---- GM-side characters ----------------------------------------------------
        "npc.add": cmd("Add a GM-side character.", npcs.add, npcs.AddNpcArgs, GM_ONLY),
        "npc.edit": cmd(
            "Change a GM-side character's attributes.", npcs.edit, npcs.EditNpcArgs, GM_ONLY
        ),
        "npc.remove": cmd("Remove a GM-side character.", npcs.remove, npcs.NpcArgs, GM_ONLY),
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
