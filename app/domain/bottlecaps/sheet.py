"""The Savage Worlds character sheet kept per seat (and per Wild Card NPC).

A sheet is plain JSON in ``state["rules"]["sheets"][<character id>]``. This module
makes new sheets, reads a ``sheet.update`` into precise field changes, and finds the
die of a trait by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from ..errors import Forbidden, InvalidArgs
from .dice import DieType, parse_die

if TYPE_CHECKING:  # view_types reads this module's constants
    from .view_types import Sheet

ATTRIBUTES = ("Agility", "Smarts", "Spirit", "Strength", "Vigor")
RANKS = ("Novice", "Seasoned", "Veteran", "Heroic", "Legendary")
MAX_WOUNDS = 3
MAX_SKILLS = 40
NAME_MAX = 30
TEXT_MAX = 1000
DRAW_MODIFIER_RANGE = (-3, 5)
# Savage Worlds: a skill the character doesn't have is rolled as a d4 at -2.
UNSKILLED = DieType(4)
UNSKILLED_MODIFIER = -2

# The fields that change in play (hits, Soak, recovering); a manual edit of one of
# them closes the window for soaking the last hit.
HealthField = Literal["shaken", "wounds", "incapacitated"]
HEALTH_FIELDS: tuple[HealthField, ...] = ("shaken", "wounds", "incapacitated")
_GM_ONLY = ("draw_modifier",)
_TEXT_FIELDS = ("character", "edges", "hindrances")
FIELDS = (
    "character",
    "attributes",
    "skills",
    "edges",
    "hindrances",
    "draw_modifier",
    "no_mercy",
    "rank",
    *HEALTH_FIELDS,
)

Updates = dict[tuple[str, ...], Any]


def is_blank(sheet: Mapping[str, Any]) -> bool:
    """Every attribute still d4 and no skill: a character nobody has made yet (a new
    seat's sheet). The phone's first-minute card reads the same test."""
    attributes = sheet.get("attributes") or {}
    return (
        bool(attributes) and all(d == "d4" for d in attributes.values()) and not sheet.get("skills")
    )


def new_sheet(character: str = "") -> Sheet:
    """A fresh Novice with every attribute at d4."""
    return {
        "character": character,
        "attributes": dict.fromkeys(ATTRIBUTES, "d4"),
        "skills": {},
        "edges": "",
        "hindrances": "",
        "draw_modifier": 0,
        "no_mercy": False,
        "rank": "Novice",
        "shaken": False,
        "wounds": 0,
        "incapacitated": False,
    }


def read_updates(sheet: Sheet, args: Mapping[str, Any], *, by_gm: bool) -> Updates:
    """The changes a ``sheet.update`` asks for (``args``: the fields sent), as {path
    inside the sheet: new value}.

    Only fields that really change are returned; a skill set to ``None`` is removed.
    """
    out: Updates = {}
    for field in FIELDS:
        if field not in args:
            continue
        if field in _GM_ONLY and not by_gm:
            raise Forbidden("Only the GM sets the cap draw modifier for Edges and Hindrances.")
        value = args[field]
        if field == "attributes":
            out.update(_attributes(sheet, value))
        elif field == "skills":
            out.update(_skills(sheet, value))
        else:
            new = _scalar(field, value)
            if sheet.get(field) != new:
                out[(field,)] = new
    return out


def _scalar(field: str, value: Any) -> Any:
    if field in _TEXT_FIELDS:
        limit = NAME_MAX if field == "character" else TEXT_MAX
        if not isinstance(value, str) or len(value.strip()) > limit:
            raise InvalidArgs(f"'{field}' must be text of at most {limit} characters.")
        return value.strip()
    if field in ("no_mercy", "shaken", "incapacitated"):
        if not isinstance(value, bool):
            raise InvalidArgs(f"'{field}' must be true or false.")
        return value
    if field == "rank":
        if value not in RANKS:
            raise InvalidArgs(f"'rank' must be one of: {', '.join(RANKS)}.")
        return value
    lo, hi = (0, MAX_WOUNDS) if field == "wounds" else DRAW_MODIFIER_RANGE
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidArgs(f"'{field}' must be a whole number from {lo} to {hi}.")
    return value


def _attributes(sheet: Sheet, value: Any) -> Updates:
    if not isinstance(value, dict):
        raise InvalidArgs("'attributes' must map attribute names to dice, e.g. {'Agility': 'd8'}.")
    out: Updates = {}
    for name, die in value.items():
        canonical = _match(name, ATTRIBUTES)
        if canonical is None:
            raise InvalidArgs(f"'{name}' is not an attribute ({', '.join(ATTRIBUTES)}).")
        new = str(parse_die(die, canonical))
        if sheet["attributes"].get(canonical) != new:
            out[("attributes", canonical)] = new
    return out


def _skills(sheet: Sheet, value: Any) -> Updates:
    if not isinstance(value, dict):
        raise InvalidArgs("'skills' must map skill names to dice (or null to remove one).")
    skills = sheet["skills"]
    out: Updates = {}
    added = 0
    for raw, die in value.items():
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > NAME_MAX:
            raise InvalidArgs(f"A skill name must be 1 to {NAME_MAX} characters.")
        if _match(name, ATTRIBUTES):
            raise InvalidArgs(f"{name} is an attribute, not a skill.")
        canonical = _match(name, skills) or name
        if die is None:
            if canonical in skills:
                out[("skills", canonical)] = None
            continue
        new = str(parse_die(die, canonical))
        if skills.get(canonical) != new:
            added += canonical not in skills
            out[("skills", canonical)] = new
    if len(skills) + added > MAX_SKILLS:
        raise InvalidArgs(f"A sheet holds at most {MAX_SKILLS} skills.")
    return out


def _match(name: object, names: Any) -> str | None:
    """The entry of ``names`` equal to ``name`` ignoring case, if any."""
    if not isinstance(name, str):
        return None
    folded = name.strip().casefold()
    return next((n for n in names if n.casefold() == folded), None)


def find_trait(sheet: Sheet, name: str) -> tuple[str, DieType, int]:
    """(canonical name, die, modifier) for an attribute or skill of the sheet.

    A skill not on the sheet is rolled unskilled (d4 at -2), as Savage Worlds does.
    """
    attribute = _match(name, ATTRIBUTES)
    if attribute is not None:
        return attribute, parse_die(sheet["attributes"][attribute]), 0
    skill = _match(name, sheet["skills"])
    if skill is not None:
        return skill, parse_die(sheet["skills"][skill]), 0
    return name, UNSKILLED, UNSKILLED_MODIFIER


def rank_value(sheet: Sheet, novice_value: int) -> int:
    """The Rank as a number (Novice = ``novice_value``, each Rank after it one more)."""
    return novice_value + RANKS.index(str(sheet["rank"]))
