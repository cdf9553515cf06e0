"""The built-in rule systems' odds calculators (see ``registry``).

Each entry is the CLI's ``fatepot odds <command>`` and the UI's odds form for its
systems; the maths is in the module of each system's dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InvalidArgs
from .deadlands import TN_LADDER, deadlands_odds
from .fates_edge import LADDERS, fates_edge_odds
from .registry import OddsCalculator, OddsParam, register_odds
from .savage import savage_odds
from .spec import parse_die, parse_pool
from .wheel import wheel_odds

BONUS_CHIPS = {"deadlands": ("red", "blue", "legend"), "spacelands": ("red", "blue")}


def read_tn(value: object) -> int:
    """A TN as a number or a ladder name (Foolproof 3 ... Incredible 11)."""
    text = str(value)
    named = TN_LADDER.get(text.strip().lower())
    if named is not None:
        return named
    try:
        return int(text)
    except ValueError:
        names = ", ".join(f"{k} {v}" for k, v in TN_LADDER.items())
        raise InvalidArgs(f"'{text}' is not a TN: a number or one of {names}.") from None


def _trait(system: str) -> OddsCalculator:
    def compute(values: Mapping[str, Any]) -> dict[str, Any]:
        dice, sides = parse_pool(str(values["dice"]))
        chips = [str(c) for c in values["chip"]]
        for chip in chips:
            if chip not in ("white", *BONUS_CHIPS[system]):
                raise InvalidArgs(f"There are no {chip} chips in this game.")
        bonus = [c for c in chips if c != "white"]
        if len(bonus) > 1:
            raise InvalidArgs(
                "The odds cover one bonus die (a red, blue or Legend chip) on a roll."
            )
        whites = chips.count("white")
        cancels = system == "spacelands" and bonus == ["blue"]
        odds = deadlands_odds(dice, sides, read_tn(values["tn"]), whites, bool(bonus), cancels)
        return odds.as_dict()

    return OddsCalculator(
        command=system,
        systems=(system,),
        summary=f"{system} trait roll (acing dice, bust, chips)",
        params=(
            OddsParam("dice", "the pool, e.g. 3d8", str),
            OddsParam("tn", "target number or ladder name", str),
            OddsParam(
                "chip",
                "a chip spent on the roll (repeat for several whites)",
                str,
                choices=("white", *BONUS_CHIPS[system]),
                repeat=True,
            ),
        ),
        compute=compute,
    )


def _savage(values: Mapping[str, Any]) -> dict[str, Any]:
    trait, trait_mod = parse_die(str(values["trait"]))
    wild, wild_mod = parse_die(str(values["wild"]))
    if wild_mod:
        raise InvalidArgs("The Wild Die takes no modifier: put it in --mod.")
    aces = bool(values["effort_aces"])
    return savage_odds(
        trait,
        read_tn(values["tn"]),
        wild=wild,
        mod=trait_mod + int(values["mod"]),
        extra_effort=bool(values["extra_effort"]) or aces,
        effort_aces=aces,
    ).as_dict()


SAVAGE = OddsCalculator(
    command="savage",
    systems=("bottlecaps",),
    summary="Savage Worlds trait + Wild Die (bottlecaps)",
    aliases=("bottlecaps",),
    params=(
        OddsParam("trait", "trait die, e.g. d8 or d12+2", str),
        OddsParam("wild", "Wild Die (default d6)", str, default="d6"),
        OddsParam("tn", "target number (default 4)", str, default="4"),
        OddsParam("mod", "modifier added to the total", int, default=0),
        OddsParam("extra_effort", "a blue cap's Extra Effort: +1d6", bool),
        OddsParam("effort_aces", "Extra Effort's d6 aces (implies it)", bool),
    ),
    compute=_savage,
)

FATES_EDGE = OddsCalculator(
    command="fates-edge",
    systems=("fates-edge",),
    summary="Fate's Edge d10 pool vs DV",
    params=(
        OddsParam("pool", "number of d10s", int),
        OddsParam("dv", "successes needed", int),
        OddsParam("ladder", "description", str, default="basic", choices=LADDERS),
    ),
    compute=lambda v: fates_edge_odds(int(v["pool"]), int(v["dv"]), str(v["ladder"])).as_dict(),
)

WHEEL = OddsCalculator(
    command="wheel",
    systems=("wheel-of-fate",),
    summary="Wheel of Fate Xd6 vs difficulty",
    aliases=("wheel-of-fate",),
    params=(
        OddsParam("dice", "base dice (kept)", int),
        OddsParam("bonus", "bonus dice (keep highest)", int, default=0),
        OddsParam("penalty", "penalty dice (keep lowest)", int, default=0),
        OddsParam("difficulty", "match or beat this", int),
    ),
    compute=lambda v: wheel_odds(
        int(v["dice"]), int(v["difficulty"]), int(v["bonus"]), int(v["penalty"])
    ).as_dict(),
)

for _calculator in (_trait("deadlands"), _trait("spacelands"), SAVAGE, FATES_EDGE, WHEEL):
    register_odds(_calculator)
