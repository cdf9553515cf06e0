"""The three sample characters of Appendix A as ready-made pregens.

Each has a ``baseline`` build that fits the 30 XP starting pool and a ``full`` build as
printed (the table grants the extra XP the printed build costs). Ash Thorne's printed
build and its "trim" both exceed 30 XP, so his baseline keeps his shape at 30 XP with a
Cap 3 Scout and Presence 2 (the 19.4 Mastermind example's spend).
"""

from __future__ import annotations

from typing import TypedDict


class Build(TypedDict, total=False):
    """What a build buys on a fresh sheet: ratings, followers (name, Cap, lane) and
    assets (name, tier, type)."""

    attributes: dict[str, int]
    skills: dict[str, int]
    followers: list[tuple[str, int, str]]
    assets: list[tuple[str, str, str]]


class SampleCharacter(TypedDict):
    """One of Appendix A's sample characters and its two builds."""

    name: str
    title: str
    concept: str
    signature: str
    hooks: list[str]
    builds: dict[str, Build]  # baseline | full


_SABLE: SampleCharacter = {
    "name": "Sable Kestrel",
    "title": "Road-Worn Duelist (The Solo)",
    "concept": "A blade for hire who trusts steel, footwork, and a cool read of the room.",
    "signature": "Intricate Riposte: declare a narrow objective, describe footwork and "
    "angle; roll Wits+Melee (6d10); on a clean success add a flourish.",
    "hooks": ["Overreach: Fatigue; armor strap loosens.", "Collateral: a banner is nicked."],
    "builds": {
        "baseline": {"attributes": {"body": 3, "wits": 3}, "skills": {"melee": 3}},
        "full": {"attributes": {"body": 3, "wits": 3}, "skills": {"melee": 3, "observation": 1}},
    },
}
_BRYN: SampleCharacter = {
    "name": "Bryn of the Ledger",
    "title": "Field Archivist (The Mixed)",
    "concept": "A scholar-adventurer with keen recall and a single trusted specialist.",
    "signature": "Stamped and Countersigned: open a parley with a citation; roll "
    "Presence+Sway (6d10).",
    "hooks": ["Academic Rivalry: a jealous clerk.", "Paper Trail: it later implicates an ally."],
    "builds": {
        "baseline": {
            "attributes": {"presence": 3},
            "skills": {"sway": 3},
            "followers": [("Archivist", 3, "Lore/Research/Occult")],
        },
        "full": {
            "attributes": {"presence": 3, "wits": 3},
            "skills": {"sway": 3},
            "followers": [("Archivist", 3, "Lore/Research/Occult")],
        },
    },
}
_ASH: SampleCharacter = {
    "name": "Ash Thorne",
    "title": "Quiet Conductor (The Mastermind)",
    "concept": "A calm planner whose small crew and safehouses convert problems into steps.",
    "signature": "Three Doors Ahead: two decoys and one true lane (Tactics roll).",
    "hooks": ["Crew Liability: the Scout's old feud.", "Burned Safehouse: a bribed porter."],
    "builds": {
        "baseline": {
            "attributes": {"wits": 3},
            "skills": {"tactics": 2, "skulduggery": 1},
            "followers": [("Scout", 3, "movement/stealth/survival")],
            "assets": [("Safehouse", "minor", "spy")],
        },
        "full": {
            "attributes": {"wits": 3, "presence": 3},
            "skills": {"tactics": 2, "skulduggery": 1},
            "followers": [("Scout", 4, "movement/stealth/survival")],
            "assets": [("Safehouse", "minor", "spy")],
        },
    },
}

PREGENS: dict[str, SampleCharacter] = {"sable": _SABLE, "bryn": _BRYN, "ash": _ASH}
