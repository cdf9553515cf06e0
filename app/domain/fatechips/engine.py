"""The rule-system class both games share: commands, hooks, settings and the view.

A game is ``FateChipRules`` with its own :class:`ChipSystem`; the command set follows
the system's switches (Legend chips, trading, Jokers, crew bounty, Impetus...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, cast

from ..actors import Actor, Role
from ..arguments import A, Args
from ..combat import catalogue as combat
from ..combat import events as combat_events
from ..combat import flow as combat_flow
from ..combat import rounds as combat_rounds
from ..command_types import CommandType, catalogue
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..event_types import AnyEventType
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset
from . import (
    advancement,
    awards,
    quick_start,
    rolls,
    session,
    sheet,
    spending,
    trade,
    view,
    wounds,
)
from . import events as chip_events
from .spending_args import CHIPS_SPEND
from .state import ChipsTable
from .system import ChipSystem
from .view_types import ChipsView

GM: frozenset[Role] = frozenset({"gm"})
EVERYONE: frozenset[Role] = frozenset({"gm", "player"})

# Settings that must be a whole number within a range, or one of a few words.
_RANGES = {
    "pot_white": (0, 500),
    "pot_red": (0, 500),
    "pot_blue": (0, 500),
    "session_draw": (0, 10),
    "gm_draw": (0, 10),
    "hand_limit": (0, 100),
    "starting_wind": (1, 99),
    "unskilled_penalty": (0, 20),
}
_WORDS = {
    "draw_mode": ("fixed", "top_up"),
    "cashed_chips": ("pot", "out"),
    "expert_aptitude_cost": ("as_example", "double"),
    "bonus_chips": spending.BONUS_LIMITS,
}


class FateChipRules(BaseRuleset):
    """A Fate-chip game; subclasses set ``name``, ``title`` and ``system``."""

    system: ChipSystem
    view_type: object | None = ChipsView
    event_types: tuple[AnyEventType, ...] = (*chip_events.ALL, *combat_events.ALL)

    def default_settings(self) -> JsonDict:
        return {**self.system.settings, **combat.default_settings(self.system)}

    def check_settings(self, settings: JsonDict) -> JsonDict:
        merged = super().check_settings(settings)
        for key, (lo, hi) in _RANGES.items():
            if key in merged and not lo <= merged[key] <= hi:
                raise InvalidArgs(f"Setting '{key}' must be from {lo} to {hi}.")
        for key, words in {**_WORDS, **combat.WORDS}.items():
            if key in merged and merged[key] not in words:
                raise InvalidArgs(f"Setting '{key}' must be one of: {', '.join(words)}.")
        return merged

    def _spec(
        self,
        type_: CommandType[Any, A],
        summary: str,
        rule: Callable[[Context, ChipSystem, A], None],
        roles: frozenset[Role],
    ) -> CommandSpec:
        """The entry of ``type_``, whose rule takes the system and the arguments parsed
        by the type's model (mypy checks that the rule takes that model)."""
        return type_.bound(summary, partial(_call, rule, self.system), roles)

    def _entry_spec(
        self,
        summary: str,
        rule: Callable[[Context, ChipSystem, Any], None],
        roles: frozenset[Role],
        command: CommandType[Any, Any],
    ) -> CommandSpec:
        """The same for a combat catalogue entry (its ``entry()`` checked the pair)."""
        return command.bound(summary, partial(_call, rule, self.system), roles)

    def commands(self) -> Mapping[str, CommandSpec]:
        s = self.system
        gm = s.gm(capital=True)
        spec = self._spec
        specs = [
            spec(rolls.ROLL_TRAIT, "Roll dice", rolls.make, EVERYONE),
            spec(rolls.ROLL_FINISH, "Settle on a roll", rolls.finish, EVERYONE),
            spec(CHIPS_SPEND, "Spend a chip on a roll", spending.spend, EVERYONE),
            spec(
                wounds.CHIPS_NEGATE,
                "Negate wounds or recover Wind with a chip",
                wounds.negate,
                EVERYONE,
            ),
            spec(
                session.CHIPS_CONVERT_EXCESS,
                "Choose chips over the limit to convert into Bounty Points",
                session.convert_excess,
                EVERYONE,
            ),
            spec(
                session.CHIPS_CASH,
                "Cash recorded chips in for Bounty Points",
                session.cash_in,
                EVERYONE,
            ),
            spec(awards.CHIPS_AWARD, "Award a chip from the pot", awards.award, GM),
            spec(awards.MARSHAL_SPEND, f"{gm} spends a chip for an NPC", awards.gm_spend, GM),
            spec(wounds.WOUNDS_ASSIGN, "Assign one attack's wounds", wounds.assign, GM),
            spec(wounds.WOUNDS_ACCEPT, "Let fresh wounds stand", wounds.accept, EVERYONE),
            spec(wounds.WIND_LOSE, "A character loses Wind", wounds.lose_wind, GM),
            spec(sheet.SHEET_UPDATE, "Edit the character sheet", sheet.update, EVERYONE),
            spec(
                quick_start.SHEET_QUICK,
                "Start a blank sheet from a ready-made archetype",
                quick_start.take,
                EVERYONE,
            ),
            spec(
                advancement.ADVANCE_BUY,
                "Spend Bounty Points between sessions",
                advancement.buy,
                EVERYONE,
            ),
        ]
        if set(s.advances) & set(advancement.APPROVED):
            specs.append(
                spec(
                    advancement.ADVANCE_DECIDE,
                    "Approve or deny an improvement request",
                    advancement.decide,
                    GM,
                )
            )
        if s.trading:
            specs += [
                spec(
                    trade.TRADE_PROPOSE, "Offer a chip to another player", trade.propose, EVERYONE
                ),
                spec(trade.TRADE_APPROVE, "Approve a trade", trade.approve, GM),
                spec(trade.TRADE_DENY, "Deny a trade", trade.deny, GM),
                spec(trade.TRADE_CANCEL, "Withdraw an offer", trade.cancel, EVERYONE),
            ]
        if s.firearm_powers:
            specs.append(
                spec(
                    rolls.ROLL_POWER,
                    "Allow chips on a firearm damage roll (a supernatural power says so)",
                    rolls.allow_power,
                    GM,
                )
            )
        if s.legends:
            specs.append(
                spec(
                    awards.LEGEND_AWARD,
                    "A Legend chip enters the game",
                    awards.award_legend,
                    GM,
                )
            )
        if s.jokers:
            specs += [
                spec(
                    awards.JOKER_RED,
                    "A player drew a Red Joker: they draw a chip",
                    awards.red_joker,
                    GM,
                ),
                spec(
                    awards.JOKER_BLACK,
                    f"A Black Joker: {s.gm()} draws a chip",
                    awards.black_joker,
                    GM,
                ),
            ]
        if s.crew_bounty:
            specs.append(
                spec(
                    awards.BOUNTY_CREW,
                    "Give the crew a bounty to share",
                    awards.crew_bounty,
                    GM,
                )
            )
        if "arc" in s.repeat_limit.values():
            specs.append(spec(awards.ARC_END, "End the story arc", awards.end_arc, GM))
        out = catalogue(*specs)
        # A combat attack waits for the player's negation before its Wind is rolled.
        for name in (wounds.CHIPS_NEGATE.name, wounds.WOUNDS_ACCEPT.name):
            plain = out[name]
            out[name] = CommandSpec(
                plain.summary,
                partial(_then_combat, plain.handler, s),
                plain.roles,
                plain.args,
                name=plain.name,
            )
        for name, (summary, rule, roles, command) in combat.commands(s).items():
            out[name] = self._entry_spec(summary, rule, roles, command)
        return out

    def setup(self, ctx: Context) -> None:
        session.fill_pot(ctx, self.system)

    def seat_added(self, ctx: Context, player_id: str) -> None:
        session.add_seat(ctx, self.system, player_id)
        combat_rounds.join(ctx, player_id)

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        combat_rounds.leave(ctx, player_id)
        session.remove_seat(ctx, self.system, player_id)

    def session_started(self, ctx: Context) -> None:
        session.start(ctx, self.system)

    def session_ended(self, ctx: Context) -> None:
        session.end(ctx, self.system)

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        # The table's state arrives untyped (Table.state); it is a ChipsTable. The table
        # view is plain JSON; its typed shape is view_types.ChipsView.
        return dict(view.view(self.system, cast(ChipsTable, state), viewer))


def _call(
    rule: Callable[[Context, ChipSystem, Any], None], system: ChipSystem, ctx: Context, args: Any
) -> None:
    rule(ctx, system, args)


def _then_combat(
    handler: Callable[[Context, Any], None], system: ChipSystem, ctx: Context, args: Args
) -> None:
    """Run ``handler`` (its arguments parsed by its model), then let a waiting combat
    attack go on to its Wind."""
    handler(ctx, args)
    combat_flow.after_player_negation(ctx, system)
