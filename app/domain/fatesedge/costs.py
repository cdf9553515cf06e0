"""XP prices, downtime and tiers of reputation, including the settings that choose
between the text's contradictory tables (see docs/rulesets/fates-edge.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules_types import Settings

if TYPE_CHECKING:  # view_types imports creation, which imports this module
    from .view_types import FeTier

MAX_RATING = 5  # "Each Attribute is rated from 1–5 for most mortals."

# "Followers: Cost = Cap²" (7.1.2, 19.1, B) versus the 9.2.1 / 9.7 table.
FOLLOWER_TABLE = {1: 3, 2: 5, 3: 8, 4: 12, 5: 17}
FOLLOWER_REPAIR = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}

ASSET_TIERS = ("minor", "standard", "major")
ASSET_COST = {"minor": 4, "standard": 8, "major": 12}
ASSET_DAYS = {"minor": 1, "standard": 7, "major": 30}
ASSET_MAINTAIN = {"minor": 2, "standard": 4, "major": 6}
ASSET_REPAIR = {"minor": 1, "standard": 2, "major": 3}

# "Face Requirement: To buy an Asset, you must show personal capability" (9.2.2).
ASSET_KINDS: dict[str, tuple[str, tuple[tuple[str, int], ...]]] = {
    "civic": ("Civic/Title", (("presence", 3), ("command", 2))),
    "spy": ("Spy Network", (("wits", 3), ("subterfuge", 2))),
    "mercantile": ("Mercantile Charter", (("presence", 3), ("diplomacy", 2))),
    "workshop": ("Workshop/Hold", (("spirit", 3), ("craft", 2))),
}

GEAR_TIERS = {"basic": 1, "standard": 2, "superior": 6, "artifact": 12}

TIERS = (
    (0, "I", "Rookie", "Local reputation; prestige locked."),
    (41, "II", "Seasoned", "Regional notice; prestige abilities may be unlocked."),
    (91, "III", "Veteran", "National influence; second follower slot suggested."),
    (151, "IV", "Paragon", "Movers and shakers; rivals emerge to challenge."),
    (221, "V", "Mythic", "Legendary status; kingdoms and cults respond."),
)

PACING = {"gritty": (4, 6), "standard": (6, 10), "heroic": (10, 14)}


def attribute_cost(new: int) -> int:
    """'Attributes: Cost = new rating × 3.'"""
    return new * 3


def skill_cost(new: int, settings: Settings) -> int:
    """'Skills: Cost = new level × 2' (core), or C.8.1's '2 + 2 × (new rating)'."""
    if settings.get("skill_costs") == "appendix":
        return 2 + 2 * new
    return new * 2


def follower_cost(cap: int, settings: Settings) -> int:
    """The buy-in for a follower of Cap ``cap`` (0 for no follower)."""
    if cap <= 0:
        return 0
    if settings.get("follower_costs") == "table":
        return FOLLOWER_TABLE[cap]
    return cap * cap


def follower_maintain(cap: int, loyalty: str) -> int:
    """'Pay XP equal to Tier/Cap'; 'Wary followers cost +1 XP to Maintain.'"""
    return cap + (1 if loyalty == "wary" else 0)


def asset_maintain(tier: str, settings: Settings) -> int:
    """The 9.7 table (Standard 4) by default, or 9.3.2's 'XP equal to Tier' (Standard 8)."""
    if settings.get("asset_maintain") == "full":
        return ASSET_COST[tier]
    return ASSET_MAINTAIN[tier]


def asset_restore(tier: str, settings: Settings) -> int:
    """Restoring a recovered Compromised asset costs its Maintain cost (or full Tier)."""
    return asset_maintain(tier, settings)


def tier_of(spent: int) -> FeTier:
    """The tier of reputation for a total of XP spent."""
    found = TIERS[0]
    for row in TIERS:
        if spent >= row[0]:
            found = row
    return {"tier": found[1], "name": found[2], "meaning": found[3], "xp_spent": spent}


def tier_number(spent: int) -> int:
    return sum(1 for row in TIERS if spent >= row[0])
