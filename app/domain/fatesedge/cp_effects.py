"""The mechanical side of CP spend-menu options: Supply, Fatigue, clocks, gear.

A spend's CP cost stays as private as the GM chooses; its effect on the table (a
Fatigue level, a clock segment) is shown to whoever may see that thing.
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from .clocks import SUPPLY_SIZE, fatigue_all, supply_changes
from .fatigue_gear import change_fatigue
from .resources import degrade_changes
from .state import fe_rules, find, name_of, put, rules_path

SUPPLY_PLUS_ONE = ("supply", "travel-2")
FATIGUE_ALL = ("travel-3",)
FATIGUE_ONE = ("fatigue",)
CLOCK_TICK = ("threat", "faction")
GEAR_HIT = {"compromise": 1, "combat-2": 1, "gear-breaks": 2}


def _require_target(
    option: str, target: str, clock: str | None, gear: str | None, note: str
) -> None:
    """A spend whose option acts on something must name it, or nothing would happen
    while the CP are gone: refused before anything is paid."""
    if option in FATIGUE_ONE and not target:
        raise InvalidArgs("Name who gains the Fatigue: choose a player for this spend.")
    if option in CLOCK_TICK and clock is None:
        raise InvalidArgs(
            "Name the clock this spend advances (start a clock first if there is none)."
        )
    if option in GEAR_HIT and not (target and gear is not None) and not note:
        raise InvalidArgs(
            "Name the item this spend damages: a character's gear, or write which item in the note."
        )


def effect(
    ctx: Context,
    option: str,
    *,
    player: str = "",
    clock: str | None = None,
    gear: str | None = None,
    note: str = "",
) -> tuple[list[Change], str, str]:
    """Changes, a log line and the audience for an option's effect ([] if narrative):
    ``player`` is the character it hits, ``clock`` and ``gear`` what it acts on."""
    supply = int(fe_rules(ctx).get("supply", 0))
    if option in SUPPLY_PLUS_ONE or option == "out-of-supply":
        new = SUPPLY_SIZE if option == "out-of-supply" else min(SUPPLY_SIZE, supply + 1)
        if new == supply:
            return [], "", "all"
        changes, text = supply_changes(ctx, new)
        return changes, text + ".", "all"
    if option in FATIGUE_ALL:
        changes, note = fatigue_all(ctx, 1)
        # A Hauberk's roll is shown even when it turned every gain aside.
        return changes, "Everyone gains 1 Fatigue." + note if changes or note else "", "all"
    target = player
    _require_target(option, target, clock, gear, note)
    if option in FATIGUE_ONE:
        changes, note, _ = change_fatigue(ctx, [target], 1)
        if not changes and not note:
            return [], "", "all"
        return changes, f"{name_of(ctx, target)} gains 1 Fatigue.{note}", "all"
    if option in CLOCK_TICK:
        cid = str(clock)
        found = fe_rules(ctx).get("clocks", {}).get(cid)
        if found is None:
            raise InvalidArgs(f"There is no clock '{cid}'.")
        new = min(int(found["size"]), int(found["filled"]) + 1)
        changes = [put(ctx, rules_path("clocks", cid, "filled"), new)]
        text = f"{found['name']}: {new}/{found['size']}."
        return changes, text, "all" if found.get("visible", True) else "gm"
    if option in GEAR_HIT and gear is not None:
        gid = gear
        item = find(ctx, target, "gear", gid, "gear")
        changes = degrade_changes(ctx, target, "gear", gid, GEAR_HIT[option])
        if not changes:
            raise RuleViolation(f"{item['name']} is already broken.")
        broke = item["condition"] == "compromised" or GEAR_HIT[option] == 2
        state = "breaks" if broke else "is Compromised (−1 die)"
        return changes, f"{name_of(ctx, target)}'s {item['name']} {state}.", "all"
    return [], "", "all"
