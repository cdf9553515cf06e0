"""A combatant's body: wounds per location, Wind, Size and conditions, for seats and NPCs.

A seat keeps its wounds and Wind on its character sheet (``rules.sheets.<pid>``, where
the Fate-chip engine's negation works on them) and its Size and conditions at
``rules.body.<pid>``; an NPC keeps everything in its record at ``rules.npcs.<id>``.
Derived facts (the wound penalty, bleeding, Winded, maimed) are computed, never stored,
so a chip that recovers Wind undoes "bled to death" at once, as the rules want.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..changes import Path, Put, get_path
from ..fatechips.state import ChipsTable, rules_of, settings_of, sheet_of
from ..fatechips.system import MAX_WOUND, WOUND_LEVELS, ChipSystem
from ..jsonvalue import Json
from ..memo import lineage, remembered
from .state import NPCS, BodyExtras, Npc, is_seat, npc
from .view_types import CombatBody

if TYPE_CHECKING:
    from ..fatechips.view_types import Sheet

HUMAN_SIZE = 6
# "Wound Level TN: Wind 3, Light 5, Heavy 7, Serious 9, Critical 11, Maimed 13"
LEVEL_TN = {0: 3, 1: 5, 2: 7, 3: 9, 4: 11, 5: 13}
SERIOUS, CRITICAL, MAIMED = 3, 4, 5
BLEED = {SERIOUS: 1, CRITICAL: 2, MAIMED: 3}  # Wind per round


def base(state: ChipsTable, cid: str) -> Path:
    return ("rules", "sheets", cid) if is_seat(state, cid) else (*NPCS, cid)


def extras_path(state: ChipsTable, cid: str, key: str) -> Path:
    if is_seat(state, cid):
        return ("rules", "body", cid, key)
    return (*NPCS, cid, "body", key)


def record_of(state: ChipsTable, cid: str) -> Sheet | Npc | None:
    """Where a combatant's wounds and Wind are: a seat's sheet, or the NPC's record."""
    return sheet_of(state, cid) if is_seat(state, cid) else npc(state, cid)


def wounds(state: ChipsTable, cid: str) -> dict[str, int]:
    found = record_of(state, cid)
    levels = (found.get("wounds") if found else None) or {}
    return {k: int(v) for k, v in levels.items()}


def wound_path(state: ChipsTable, cid: str, loc: str) -> Path:
    return (*base(state, cid), "wounds", loc)


def wind(state: ChipsTable, cid: str) -> tuple[int, int]:
    """(current, starting) Wind."""
    found = record_of(state, cid)
    held = (found.get("wind") if found else None) or {"current": 0, "max": 0}
    return int(held["current"]), int(held["max"])


def wind_path(state: ChipsTable, cid: str) -> Path:
    return (*base(state, cid), "wind", "current")


def extra(state: ChipsTable, cid: str, key: str, default: Json = None) -> Json:
    return get_path(state, extras_path(state, cid, key), default)


def put_extra(state: ChipsTable, cid: str, key: str, new: Json) -> Put:
    path = extras_path(state, cid, key)
    return Put(path, get_path(state, path), new)


def size(state: ChipsTable, cid: str) -> int:
    """ "Most humans have a Size of 6"."""
    return int(extra(state, cid, "size", HUMAN_SIZE) or HUMAN_SIZE)


def highest_level(state: ChipsTable, cid: str) -> int:
    return max(wounds(state, cid).values(), default=0)


def penalty(state: ChipsTable, cid: str) -> int:
    """The wound modifier: minus the highest wound level anywhere (0 when unhurt)."""
    return -min(MAX_WOUND, highest_level(state, cid))


def is_vital(loc: str) -> bool:
    """Head and guts (any torso part); arms and legs are limbs."""
    return "arm" not in loc and "leg" not in loc


def staunched(state: ChipsTable, cid: str) -> dict[str, bool]:
    found = extra(state, cid, "staunched") or {}
    return {k: bool(v) for k, v in found.items()}


def bleeding_per_location(state: ChipsTable, cid: str) -> dict[str, int]:
    """Wind each location bleeds per round (serious 1, critical 2, maimed 3)."""
    stopped = staunched(state, cid)
    return {
        loc: BLEED[level]
        for loc, level in wounds(state, cid).items()
        if level >= SERIOUS and not stopped.get(loc)
    }


def bleeding(state: ChipsTable, cid: str) -> int:
    """Wind lost per round: the worst wound's rate, or the sum (setting ``bleeding``)."""
    rates = bleeding_per_location(state, cid).values()
    if settings_of(state).get("bleeding", "worst") == "sum":
        return sum(rates)
    return max(rates, default=0)


def condition(system: ChipSystem, state: ChipsTable, cid: str) -> CombatBody:
    """Everything a body diagram shows: per-location levels, penalty, Wind, bleeding,
    stun, and what the rules make of it (Winded, maimed limbs, critically injured)."""
    # Every view shows every combatant's body: read the records once (this is the same
    # arithmetic as wounds(), wind(), bleeding() and extra() above, without re-finding
    # the record for each fact), and again only when one of them changed.
    seat = is_seat(state, cid)
    summed = state.get("settings", {}).get("bleeding", "worst") == "sum"
    record: Sheet | Npc | None
    if seat:
        record = sheet_of(state, cid)
        body = rules_of(state).get("body", {}).get(cid)
        extras = body
    else:
        record = npc(state, cid)
        body = None
        extras = record.get("body") if record else None
    inputs = (system, seat, record, body, summed)  # (a missing part is None: one object)
    name = ("combat.body", lineage(state), cid)
    return remembered(name, inputs, lambda: _condition(record, extras, summed))


def extras_of(state: ChipsTable, cid: str) -> BodyExtras:
    """A combatant's Size and conditions (empty before the first is set)."""
    if is_seat(state, cid):
        return rules_of(state).get("body", {}).get(cid) or {}
    found = npc(state, cid)
    return (found.get("body") if found else None) or {}


def _condition(record: Sheet | Npc | None, found: BodyExtras | None, summed: bool) -> CombatBody:
    extras: BodyExtras = found or {}
    levels = {k: int(v) for k, v in ((record.get("wounds") if record else None) or {}).items()}
    found_wind = (record.get("wind") if record else None) or {"current": 0, "max": 0}
    current, top = int(found_wind["current"]), int(found_wind["max"])
    stopped = {k: bool(v) for k, v in (extras.get("staunched") or {}).items()}
    by_location = {
        loc: BLEED[n] for loc, n in levels.items() if n >= SERIOUS and not stopped.get(loc)
    }
    bleed = sum(by_location.values()) if summed else max(by_location.values(), default=0)
    maimed = [loc for loc, n in levels.items() if n >= MAIMED]
    return {
        "wounds": levels,
        "levels": {loc: WOUND_LEVELS[min(MAX_WOUND, n)] for loc, n in levels.items()},
        "penalty": -min(MAX_WOUND, max(levels.values(), default=0)),
        "wind": {"current": current, "max": top},
        "winded": current <= 0,
        "bleeding": bleed,
        "bleeding_by_location": by_location,
        "bled_out": bleed > 0 and current <= -top,
        "stunned": bool(extras.get("stunned", False)),
        "unconscious": bool(extras.get("unconscious", False)),
        "unnerved": bool(extras.get("unnerved", False)),
        "size": int(extras.get("size", HUMAN_SIZE) or HUMAN_SIZE),
        "lost_limbs": [loc for loc in maimed if not is_vital(loc)],
        "critical": any(is_vital(loc) for loc in maimed),
        "staunched": sorted(loc for loc, v in stopped.items() if v),
        "fresh": sorted(extras.get("fresh") or {}),
    }


def level_name(n: int) -> str:
    return WOUND_LEVELS[max(0, min(MAX_WOUND, n))].capitalize()
