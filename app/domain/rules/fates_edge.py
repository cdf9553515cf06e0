"""Fate's Edge: d10 pools, Complication Points for the GM, Boons, XP as currency.

The rules live in ``app.domain.fatesedge``; this module wires them to the table: its
settings (including the readings chosen where the text contradicts itself), command
catalogue, hooks and views. See docs/rulesets/fates-edge.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from ..actors import Actor
from ..commands import CommandSpec
from ..context import Context
from ..errors import InvalidArgs
from ..event_types import AnyEventType
from ..fatesedge import events as fatesedge_events
from ..fatesedge import view
from ..fatesedge.awards import session_started
from ..fatesedge.catalog import COMMANDS
from ..fatesedge.creation import new_sheet
from ..fatesedge.decks import setup_decks
from ..fatesedge.gm_table import seat_removed, session_ended
from ..fatesedge.state import FeTable
from ..fatesedge.view_types import FeView
from ..jsonvalue import JsonDict
from ..ruleset import BaseRuleset, register

CHOICES: dict[str, tuple[str, ...]] = {
    "pacing": ("gritty", "standard", "heroic"),
    "follower_costs": ("square", "table"),
    "skill_costs": ("core", "appendix"),
    "asset_maintain": ("table", "full"),
    "consequence_ranks": ("chapter18", "appendix"),
    "travelers_pack": ("tracked", "handwaved"),
}
RANGES: dict[str, tuple[int, int]] = {
    "boon_cap": (1, 10),
    "boon_overflow_xp": (0, 10),
    "starting_xp": (0, 100),
    "base_attribute": (1, 3),
}


class FatesEdgeRules(BaseRuleset):
    """Fate's Edge (SRD): a world of consequences."""

    name = "fates-edge"
    title = "Fate's Edge"
    view_type: object | None = FeView
    event_types: tuple[AnyEventType, ...] = fatesedge_events.ALL

    def default_settings(self) -> JsonDict:
        return {
            "boon_cap": 5,
            "boon_overflow_xp": 2,
            "bond_boons_every_session": True,
            "starting_xp": 30,
            "base_attribute": 2,
            "pacing": "standard",
            "follower_costs": "square",
            "skill_costs": "core",
            "asset_maintain": "table",
            "consequence_ranks": "chapter18",
            "reveal_cp_spends": False,
            "show_cp_bank": False,
            "travelers_pack": "tracked",
        }

    def check_settings(self, settings: JsonDict) -> JsonDict:
        merged = super().check_settings(settings)
        for key, options in CHOICES.items():
            if merged[key] not in options:
                raise InvalidArgs(f"Setting '{key}' must be one of: {', '.join(options)}.")
        for key, (lo, hi) in RANGES.items():
            if not lo <= merged[key] <= hi:
                raise InvalidArgs(f"Setting '{key}' must be between {lo} and {hi}.")
        return merged

    def commands(self) -> Mapping[str, CommandSpec]:
        return COMMANDS

    def setup(self, ctx: Context) -> None:
        setup_decks(ctx)

    def seat_added(self, ctx: Context, player_id: str) -> None:
        new_sheet(ctx, player_id)

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        seat_removed(ctx, player_id)

    def session_started(self, ctx: Context) -> None:
        session_started(ctx)

    def session_ended(self, ctx: Context) -> None:
        session_ended(ctx)

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        # The table view is plain JSON; the typed shape is fatesedge.view_types.FeView.
        return dict(view.build(cast(FeTable, state), viewer))


register("fates-edge", FatesEdgeRules)
