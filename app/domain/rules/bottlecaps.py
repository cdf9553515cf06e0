"""Bottlecaps: Savage Worlds with white, red and blue caps drawn from a pot.

The rules text is /work/shared/rules/bottlecaps.txt; docs/rulesets/bottlecaps.md maps
it onto the table. The pieces live in ``app.domain.bottlecaps``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from ..actors import Actor
from ..bottlecaps import economy, roster
from ..bottlecaps import events as bottlecaps_events
from ..bottlecaps.caps import COLOURS
from ..bottlecaps.catalog import COMMANDS
from ..bottlecaps.characters import CapsTable
from ..bottlecaps.events.ruleset import BOTTLECAPS_READY
from ..bottlecaps.settings import CapsSettings
from ..bottlecaps.view import view
from ..bottlecaps.view_types import CapsView
from ..changes import Put
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..event_types import AnyEventType
from ..events import UNDO_NEVER, Draft
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset, register

# See docs/rulesets/bottlecaps.md#settings. The text gives no pot make-up: 50/25/10.
_DEFAULTS: CapsSettings = {
    "pot_white": 50,
    "pot_red": 25,
    "pot_blue": 10,
    "target_number": 4,
    "novice_rank_value": 1,
    "extra_effort_aces": True,
    "reroll_snake_eyes": True,
}


class BottlecapsRules(BaseRuleset):
    """The Bottlecaps cap economy on a Savage Worlds table."""

    name = "bottlecaps"
    title = "Bottlecaps"
    view_type: object | None = CapsView
    event_types: tuple[AnyEventType, ...] = bottlecaps_events.ALL

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
        """Create the rules state and fill the pot from the supply."""
        ctx.emit(
            Draft(
                BOTTLECAPS_READY,
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
        # The table view is plain JSON; the typed shape is view_types.CapsView.
        return dict(view(cast(CapsTable, state), viewer))


register("bottlecaps", BottlecapsRules)
