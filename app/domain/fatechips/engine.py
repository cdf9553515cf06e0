"""The rule-system class both games share: commands, hooks, settings and the view.

A game is ``FateChipRules`` with its own :class:`ChipSystem`; the command set follows
the system's switches (Legend chips, trading, Jokers, crew bounty, Impetus...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ..actors import Actor, Role
from ..arguments import Args
from ..combat import catalogue as combat
from ..combat import flow as combat_flow
from ..combat import rounds as combat_rounds
from ..combat import view as combat_view
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset
from . import (
    advancement,
    awards,
    rolls,
    session,
    sheet,
    spending,
    starting,
    trade,
    view,
    wounds,
)
from .system import ChipSystem

GM: frozenset[Role] = frozenset({"gm"})
EVERYONE: frozenset[Role] = frozenset({"gm", "player"})
# A rule takes its arguments parsed by the spec's model (or the raw JSON, for specs
# still declared with a map of descriptions).
Rule = Callable[[Context, ChipSystem, Any], None]

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
        rule: Rule,
        roles: frozenset[Role],
        args: type[Args] | dict[str, str],
    ) -> CommandSpec:
        return CommandSpec(summary, partial(_call, rule, self.system), roles=roles, args=args)

    def commands(self) -> Mapping[str, CommandSpec]:
        s = self.system
        gm = s.gm(capital=True)
        who = "seat id (GM only; 'marshal' for the GM's own)"
        roll_args = {
            "player": who,
            "dice": "how many dice (or give 'trait' to read the sheet)",
            "sides": "die type: 4, 6, 8, 10, 12 or 20",
            "trait": "roll this trait from the sheet (with 'aptitude': its level in dice)",
            "aptitude": "aptitude name (with 'trait')",
            "kind": "trait (default), strength (hand-to-hand Strength), firearm, other",
            "tn": "target number or foolproof/fair/onerous/hard/incredible",
            "modifier": "added to the total (wound penalties...)",
            "label": "what the roll is for",
            "faces": "dice rolled at the table: a list of ace chains, e.g. [[8, 8, 3], [5]]",
            "hidden": f"{gm}'s own roll seen by the GM only",
        }
        if s.impetus:
            roll_args["unskilled"] = "an unskilled check (an Impetus chip can make it skilled)"
        spend_args = {
            "player": who,
            "colour": ", ".join(s.colours),
            "use": "roll (default)"
            + (", reroll" if s.reroll_colours else "")
            + (", impetus" if s.impetus else ""),
            "faces": "the new die's ace chain if rolled at the table (a list for a reroll)",
            "label": "a roll made off the app that a Legend chip rerolls",
        }
        if s.help_others:
            spend_args["roll_of"] = "whose roll the chip helps (default: your own)"
        negate_args = {
            "player": "seat id (GM only)",
            "colour": ", ".join(s.colours),
            "wounds": "{location: wounds} to negate from the last attack",
            "wind": "true to recover Wind instead",
        }
        if s.help_others:
            negate_args["for"] = "the crew member whose damage it reduces"
        out = {
            "roll.trait": self._spec("Roll dice", rolls.make, EVERYONE, roll_args),
            "roll.finish": self._spec("Settle on a roll", rolls.finish, EVERYONE, {"player": who}),
            "chips.spend": self._spec(
                "Spend a chip on a roll", spending.spend, EVERYONE, spend_args
            ),
            "chips.negate": self._spec(
                "Negate wounds or recover Wind with a chip", wounds.negate, EVERYONE, negate_args
            ),
            "chips.convert_excess": self._spec(
                "Choose chips over the limit to convert into Bounty Points",
                session.convert_excess,
                EVERYONE,
                {"player": "seat id (GM only)", "chips": "{colour: count}"},
            ),
            "chips.cash": self._spec(
                "Cash recorded chips in for Bounty Points",
                session.cash_in,
                EVERYONE,
                {"player": "seat id (GM only)", "chips": "{colour: count}"},
            ),
            "chips.award": self._spec(
                "Award a chip from the pot",
                awards.award,
                GM,
                {"player": "seat id", "colour": ", ".join(s.colours), "reason": "what it's for"},
            ),
            "marshal.spend": self._spec(
                f"{gm} spends a chip for an NPC",
                awards.gm_spend,
                GM,
                {"colour": ", ".join(s.colours), "purpose": "what it's for"},
            ),
            "wounds.assign": self._spec(
                "Assign one attack's wounds",
                wounds.assign,
                GM,
                {"player": "seat id", "wounds": "{location: wounds}"},
            ),
            "wounds.accept": self._spec(
                "Let fresh wounds stand", wounds.accept, EVERYONE, {"player": "seat id (GM only)"}
            ),
            "wind.lose": self._spec(
                "A character loses Wind",
                wounds.lose_wind,
                GM,
                {"player": "seat id", "amount": "Wind lost"},
            ),
            "sheet.update": self._spec(
                "Edit the character sheet",
                sheet.update,
                EVERYONE,
                {
                    "player": "seat id (GM only)",
                    "path": "e.g. traits.strength.die or a list of keys",
                    "value": "the new value (null removes an aptitude)",
                },
            ),
            "sheet.quick": self._spec(
                "Start a blank sheet from a ready-made archetype",
                starting.take,
                EVERYONE,
                {
                    "player": "seat id (GM only)",
                    "archetype": ", ".join(starting.archetypes(s)) or "none in this game",
                },
            ),
            "advance.buy": self._spec(
                "Spend Bounty Points between sessions",
                advancement.buy,
                EVERYONE,
                {
                    "player": "seat id (GM only)",
                    "what": ", ".join(s.advances),
                    "name": "aptitude, trait, Edge or Hindrance",
                    "value": "Edge cost / Hindrance value",
                    "story": "roleplay justification",
                    "concentrations": "for a new aptitude",
                },
            ),
        }
        if set(s.advances) & set(advancement.APPROVED):
            out["advance.decide"] = self._spec(
                "Approve or deny an improvement request",
                advancement.decide,
                GM,
                {"request": "request id", "approve": "true (default) or false"},
            )
        if s.trading:
            out["trade.propose"] = self._spec(
                "Offer a chip to another player",
                trade.propose,
                EVERYONE,
                {
                    "player": "seat id (GM only)",
                    "to": "receiving seat id",
                    "colour": "the chip given",
                    "payment": "{colour: count} paid to the pot",
                    "fiction": "how your character helps",
                },
            )
            out["trade.approve"] = self._spec(
                "Approve a trade", trade.approve, GM, {"trade": "trade id"}
            )
            out["trade.deny"] = self._spec("Deny a trade", trade.deny, GM, {"trade": "trade id"})
            out["trade.cancel"] = self._spec(
                "Withdraw an offer", trade.cancel, EVERYONE, {"trade": "trade id"}
            )
        if s.firearm_powers:
            out["roll.power"] = self._spec(
                "Allow chips on a firearm damage roll (a supernatural power says so)",
                rolls.allow_power,
                GM,
                {"player": who, "power": "the power that says so"},
            )
        if s.legends:
            out["legend.award"] = self._spec(
                "A Legend chip enters the game",
                awards.award_legend,
                GM,
                {"to": "'pot' (default) or a seat id", "reason": "what it's for"},
            )
        if s.jokers:
            out["joker.red"] = self._spec(
                "A player drew a Red Joker: they draw a chip",
                awards.red_joker,
                GM,
                {"player": "seat id"},
            )
            out["joker.black"] = self._spec(
                f"A Black Joker: {s.gm()} draws a chip", awards.black_joker, GM, {}
            )
        if s.crew_bounty:
            out["bounty.crew"] = self._spec(
                "Give the crew a bounty to share", awards.crew_bounty, GM, {"points": "points"}
            )
        if "arc" in s.repeat_limit.values():
            out["arc.end"] = self._spec("End the story arc", awards.end_arc, GM, {})
        # A combat attack waits for the player's negation before its Wind is rolled.
        for name in ("chips.negate", "wounds.accept"):
            spec = out[name]
            out[name] = CommandSpec(
                spec.summary, partial(_then_combat, spec.handler, s), spec.roles, spec.args
            )
        for name, (summary, rule, roles, args) in combat.commands(s).items():
            out[name] = self._spec(summary, rule, roles, args)
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


def _call(rule: Rule, system: ChipSystem, ctx: Context, args: Any) -> None:
    rule(ctx, system, args)


def _then_combat(
    handler: Callable[[Context, JsonDict], None], system: ChipSystem, ctx: Context, args: JsonDict
) -> None:
    handler(ctx, args)
    combat_flow.after_player_negation(ctx, system, args)
