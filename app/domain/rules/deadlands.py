"""Deadlands: the Fate Pot of white, red, blue and Legend chips (fate-chips.txt).

The engine is :mod:`app.domain.fatechips`; this module holds Deadlands' numbers.
See docs/rulesets/deadlands.md.
"""

from __future__ import annotations

from types import MappingProxyType

from ..fatechips.engine import FateChipRules
from ..fatechips.system import BLUE, LEGEND, RED, WHITE, ChipSystem
from ..ruleset import register

DEADLANDS = ChipSystem(
    name="deadlands",
    title="Deadlands",
    gm_title="the Marshal",
    colours=(WHITE, RED, BLUE, LEGEND),
    bounty=MappingProxyType({WHITE: 1, RED: 2, BLUE: 3, LEGEND: 5}),
    negate_wounds=MappingProxyType({WHITE: 1, RED: 2, BLUE: 3, LEGEND: 5}),
    recover_wind=MappingProxyType({WHITE: 5, RED: 10, BLUE: 15, LEGEND: None}),
    bonus_colours=frozenset({RED, BLUE, LEGEND}),
    tithe_colours=frozenset({RED}),
    after_bust=frozenset(),
    reroll_colours=frozenset({LEGEND}),
    locations=(
        "head",
        "left_arm",
        "right_arm",
        "upper_torso",
        "lower_torso",
        "left_leg",
        "right_leg",
    ),
    location_aliases=MappingProxyType(
        {
            "gizzards": "lower_torso",
            "guts": "lower_torso",
            "upper_guts": "upper_torso",
            "lower_guts": "lower_torso",
        }
    ),
    settings={
        "pot_white": 50,
        "pot_red": 25,
        "pot_blue": 10,
        "session_draw": 3,
        "draw_mode": "fixed",
        "gm_draw": 3,
        "gm_keeps_chips": False,
        "hand_limit": 10,
        "show_pot_mix": False,
        "cashed_chips": "pot",
        "draw_on_late_join": True,
        "starting_wind": 10,
        "expert_aptitude_cost": "as_example",
        "bonus_chips": "per_colour",
    },
    trading=True,
    jokers=True,
    legends=True,
    firearm_powers=True,
    permanent_bounty=True,
    advances=("aptitude", "coordination", "die", "edge", "hindrance"),
    repeat_limit=MappingProxyType(
        {"aptitude": "session", "coordination": "session", "die": "session"}
    ),
)


class DeadlandsRules(FateChipRules):
    """Deadlands: Fate chips, the Marshal's tithe, Legend rerolls, Bounty Points."""

    name = "deadlands"
    title = "Deadlands"
    system = DEADLANDS


register("deadlands", DeadlandsRules)
