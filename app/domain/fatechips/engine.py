"""The rule-system class both games share: commands, hooks, settings and the view.

A game is ``FateChipRules`` with its own :class:`ChipSystem`; the command set follows
the system's switches (Legend chips, trading, Jokers, crew bounty, Impetus...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ..actors import Actor, Role
from ..arguments import A, Args, NoArgs
from ..combat import catalogue as combat
from ..combat import flow as combat_flow
from ..combat import rounds as combat_rounds
from ..combat import view as combat_view
from ..command_types import CommandType
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
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
from .spending_args import SpendArgs
from .system import ChipSystem

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
        summary: str,
        rule: Callable[[Context, ChipSystem, A], None],
        roles: frozenset[Role],
        args: type[A],
    ) -> CommandSpec:
        """A command whose rule takes the system and ``args`` parsed (mypy checks that
        the rule takes that model)."""
        return CommandSpec(summary, partial(_call, rule, self.system), roles=roles, args=args)

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
        out = {
            "roll.trait": self._spec("Roll dice", rolls.make, EVERYONE, rolls.RollArgs),
            "roll.finish": self._spec("Settle on a roll", rolls.finish, EVERYONE, rolls.OwnerArgs),
            "chips.spend": self._spec(
                "Spend a chip on a roll", spending.spend, EVERYONE, SpendArgs
            ),
            "chips.negate": self._spec(
                "Negate wounds or recover Wind with a chip",
                wounds.negate,
                EVERYONE,
                wounds.NegateArgs,
            ),
            "chips.convert_excess": self._spec(
                "Choose chips over the limit to convert into Bounty Points",
                session.convert_excess,
                EVERYONE,
                session.ChipsArgs,
            ),
            "chips.cash": self._spec(
                "Cash recorded chips in for Bounty Points",
                session.cash_in,
                EVERYONE,
                session.ChipsArgs,
            ),
            "chips.award": self._spec(
                "Award a chip from the pot", awards.award, GM, awards.AwardArgs
            ),
            "marshal.spend": self._spec(
                f"{gm} spends a chip for an NPC", awards.gm_spend, GM, awards.GmSpendArgs
            ),
            "wounds.assign": self._spec(
                "Assign one attack's wounds", wounds.assign, GM, wounds.AssignArgs
            ),
            "wounds.accept": self._spec(
                "Let fresh wounds stand", wounds.accept, EVERYONE, wounds.SeatArgs
            ),
            "wind.lose": self._spec(
                "A character loses Wind", wounds.lose_wind, GM, wounds.WindArgs
            ),
            "sheet.update": self._spec(
                "Edit the character sheet", sheet.update, EVERYONE, sheet.UpdateArgs
            ),
            "sheet.quick": self._spec(
                "Start a blank sheet from a ready-made archetype",
                quick_start.take,
                EVERYONE,
                quick_start.QuickArgs,
            ),
            "advance.buy": self._spec(
                "Spend Bounty Points between sessions",
                advancement.buy,
                EVERYONE,
                advancement.BuyArgs,
            ),
        }
        if set(s.advances) & set(advancement.APPROVED):
            out["advance.decide"] = self._spec(
                "Approve or deny an improvement request",
                advancement.decide,
                GM,
                advancement.DecideArgs,
            )
        if s.trading:
            out["trade.propose"] = self._spec(
                "Offer a chip to another player", trade.propose, EVERYONE, trade.ProposeArgs
            )
            out["trade.approve"] = self._spec("Approve a trade", trade.approve, GM, trade.TradeArgs)
            out["trade.deny"] = self._spec("Deny a trade", trade.deny, GM, trade.TradeArgs)
            out["trade.cancel"] = self._spec(
                "Withdraw an offer", trade.cancel, EVERYONE, trade.TradeArgs
            )
        if s.firearm_powers:
            out["roll.power"] = self._spec(
                "Allow chips on a firearm damage roll (a supernatural power says so)",
                rolls.allow_power,
                GM,
                rolls.PowerArgs,
            )
        if s.legends:
            out["legend.award"] = self._spec(
                "A Legend chip enters the game", awards.award_legend, GM, awards.LegendArgs
            )
        if s.jokers:
            out["joker.red"] = self._spec(
                "A player drew a Red Joker: they draw a chip",
                awards.red_joker,
                GM,
                awards.SeatArgs,
            )
            out["joker.black"] = self._spec(
                f"A Black Joker: {s.gm()} draws a chip", awards.black_joker, GM, NoArgs
            )
        if s.crew_bounty:
            out["bounty.crew"] = self._spec(
                "Give the crew a bounty to share", awards.crew_bounty, GM, awards.BountyArgs
            )
        if "arc" in s.repeat_limit.values():
            out["arc.end"] = self._spec("End the story arc", awards.end_arc, GM, NoArgs)
        # A combat attack waits for the player's negation before its Wind is rolled.
        for name in ("chips.negate", "wounds.accept"):
            spec = out[name]
            out[name] = CommandSpec(
                spec.summary, partial(_then_combat, spec.handler, s), spec.roles, spec.args
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
        out = view.view(self.system, state, viewer)
        out["combat"] = combat_view.view(self.system, state, viewer)
        return out


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
