"""Spacelands: the same Fate-chip engine with its own numbers (spacelands-combat.txt,
"Fate" and "Bounty"). See docs/rulesets/spacelands.md."""

from __future__ import annotations

from types import MappingProxyType

from ..fatechips.engine import FateChipRules
from ..fatechips.system import BLUE, RED, WHITE, ChipSystem
from ..ruleset import register

SPACELANDS = ChipSystem(
    name="spacelands",
    title="Spacelands",
    gm_title="the Master",
    colours=(WHITE, RED, BLUE),
    bounty=MappingProxyType({WHITE: 1, RED: 2, BLUE: 3}),
    negate_wounds=MappingProxyType({WHITE: 1, RED: 2, BLUE: 3}),
    recover_wind=MappingProxyType({WHITE: 5, RED: 10, BLUE: 15}),
    bonus_colours=frozenset({RED, BLUE}),
    tithe_colours=frozenset(),
    after_bust=frozenset({BLUE}),
    reroll_colours=frozenset(),
    locations=("head", "guts", "left_arm", "right_arm", "left_leg", "right_leg"),
    trait_plus=True,
    location_aliases=MappingProxyType(
        {
            "gizzards": "guts",
            "upper_guts": "guts",
            "lower_guts": "guts",
            "upper_torso": "guts",
            "lower_torso": "guts",
        }
    ),
    settings={
        "pot_white": 50,
        "pot_red": 25,
        "pot_blue": 10,
        "session_draw": 3,
        "draw_mode": "top_up",
        "gm_draw": 1,
        "gm_keeps_chips": False,
        "hand_limit": 0,
        "show_pot_mix": False,
        "cashed_chips": "pot",
        "draw_on_late_join": True,
        "starting_wind": 10,
        "unskilled_penalty": 4,
    },
    impetus=True,
    help_others=True,
    crew_bounty=True,
    advances=("aptitude", "coordination", "die"),
    repeat_limit=MappingProxyType({"aptitude": "arc"}),
)


class SpacelandsRules(FateChipRules):
    """Spacelands: Fate chips (blue works after a bust), crew bounties, story arcs."""

    name = "spacelands"
    title = "Spacelands"
    system = SPACELANDS


register("spacelands", SpacelandsRules)
