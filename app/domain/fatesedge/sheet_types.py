"""A Fate's Edge character sheet as declared types: ``state["rules"]["pcs"][<pid>]``.

The sheet is plain JSON in the state (``creation.blank_sheet`` writes it, ``pc_path``
puts change it); these ``TypedDict``s tell mypy which keys it and its followers, assets,
gear and trades have. ``state.sheet`` and ``state.find`` give them typed.
"""

from __future__ import annotations

from typing import Required, TypedDict


class Holding(TypedDict, total=False):
    """What a sheet's followers, assets and gear share (``pcs/<pid>/<group>/<id>``)."""

    name: Required[str]
    condition: Required[str]  # maintained, neglected / compromised, broken (per group)
    flagged: bool  # heavily used: maintain it, or it degrades at the end of the arc
    maintaining: str  # the Downtime upkeep under way (its training id)
    recovered: bool  # a Compromised one a Quest recovered: it can be restored


class Follower(Holding, total=False):
    """An On-Screen Follower, ``pcs/<pid>/followers/<fid>``."""

    cap: Required[int]
    lane: Required[str]
    loyalty: Required[str]
    injured: bool
    pinned: bool
    missed_upkeep: int


class Asset(Holding, total=False):
    """An Off-Screen Asset, ``pcs/<pid>/assets/<aid>``."""

    tier: Required[str]
    type: Required[str]


class Gear(Holding, total=False):
    """An item, ``pcs/<pid>/gear/<gid>`` (a kit has its ``effect``, the Broken
    Heirloom its ``complication``)."""

    tier: Required[str]
    field_repaired: bool
    effect: str
    complication: str


class Trade(TypedDict, total=False):
    """A starting complication taken for XP, ``pcs/<pid>/trades[i]``."""

    roll: Required[int]
    name: Required[str]
    text: Required[str]
    resolved: bool


class Character(TypedDict, total=False):
    """A character sheet, ``state["rules"]["pcs"][<pid>]``: every key of
    ``creation.blank_sheet``, plus ``pregen``, ``prestige`` and ``patronage`` once set."""

    name: Required[str]
    status: Required[str]  # "creating" | "ready"
    attributes: Required[dict[str, int]]  # body, wits, spirit, presence
    skills: Required[dict[str, int]]
    talents: Required[dict[str, int]]  # name -> the XP it cost
    fatigue: Required[int]  # 0-4
    fatigue_fresh: Required[bool]  # Fatigue 1's next-roll re-roll not yet paid
    deficit: Required[int]
    trades: Required[list[Trade]]
    followers: Required[dict[str, Follower]]
    assets: Required[dict[str, Asset]]
    gear: Required[dict[str, Gear]]
    respec_credit: Required[int]
    overflow_xp: Required[int]
    pregen: str
    prestige: dict[str, int]  # Prestige Skill -> the XP it cost
    patronage: int
