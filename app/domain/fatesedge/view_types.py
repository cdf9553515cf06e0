"""The shape of the Fate's Edge view, declared once for the view function and the screens.

``view.build`` returns an ``FeView`` (mypy checks it builds one); the UI reads the
table's rules part as an ``FeView`` instead of guessing with ``.get`` chains; a test
validates real views against it (every TypedDict is closed: a key the declaration
doesn't name fails).

Keys are required unless marked ``NotRequired`` (GM-only parts, the player's own
``you``, a ritual only its circle sees); ``None`` is written where the domain writes
null. Maps the JSON round-trip keys by strings (DVs, follower Caps, d6 rolls) are
written with string keys by the domain too, so the declaration is what the screen gets.
"""

from __future__ import annotations

from typing import Any, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from .creation import Kit, Pregen

# Closed: a key the view writes but the declaration doesn't name is an error, not noise.
_closed = with_config(ConfigDict(extra="forbid"))

#: A record the rules keep in many shapes (a roll, a contest, a casting, a training):
#: its keys depend on the action that wrote it, so it stays a JSON object.
Record = dict[str, Any]


@_closed
class FeMember(TypedDict):
    """One seated character as everyone sees it: name and Boons, nothing private."""

    player: str
    name: str
    boons: int


@_closed
class FeClock(TypedDict):
    """A progress clock (``clocks.make_clock``)."""

    name: str
    size: int
    filled: int
    visible: bool
    full: NotRequired[str]  # what happens when it fills (GM-made clocks)
    training: NotRequired[str]  # the rushed training a Haste clock belongs to


@_closed
class FeSupply(TypedDict):
    """The party's Supply clock."""

    filled: int
    size: int
    state: str


@_closed
class FeDeck(TypedDict):
    """A deck's counts; the GM also sees the order and the discards."""

    remaining: int
    discards: int
    order: NotRequired[list[str]]
    discard: NotRequired[list[str]]


@_closed
class FeNamed(TypedDict):
    """A pregen's name and title."""

    name: str
    title: str


@_closed
class FeKit(TypedDict):
    name: str
    effect: str


@_closed
class FePrestige(TypedDict):
    """A prestige ability: cost, XP-spent unlock, ratings it needs, what it does."""

    cost: int
    unlock: int
    needs: dict[str, int]
    role: str


@_closed
class FeReference(TypedDict):
    """The rule tables the screens show (the same for every viewer)."""

    ladder: list[str]
    difficulty: dict[str, str]  # DV ("1".."4") -> its name
    outcomes: dict[str, str]
    skills: list[str]
    asset_types: dict[str, str]
    pregens: dict[Pregen, FeNamed]
    starting_complications: dict[str, list[str]]  # d6 roll -> [name, text]
    kits: dict[Kit, FeKit]
    tiers: list[list[int | str]]  # [XP spent from, tier, name, meaning]
    prestige_skills: dict[str, FePrestige]


@_closed
class FeXp(TypedDict):
    unspent: int
    spent: int
    deficit: int


@_closed
class FeTier(TypedDict):
    """The soft tier of reputation that XP spent reaches (``costs.tier_of``)."""

    tier: str
    name: str
    meaning: str
    xp_spent: int


@_closed
class FeAbility(TypedDict):
    """A talent or gear that acts in play, or dice another character gave."""

    key: str
    name: str
    when: str
    per: str
    effect: str
    amount: int
    ally: bool
    left: int | None  # None: no limit (an aura)


@_closed
class FeTrade(TypedDict):
    """A starting trade rolled at creation."""

    roll: int
    name: str
    text: str


@_closed
class FeSheet(TypedDict):
    """A character sheet as stored (``creation.blank_sheet``) with what the view adds."""

    name: str
    status: str
    attributes: dict[str, int]
    skills: dict[str, int]
    talents: dict[str, int]
    fatigue: int
    fatigue_fresh: bool
    deficit: int
    trades: list[FeTrade]
    # Followers, assets and gear carry per-kind fields and upkeep flags (flagged,
    # recovered, maintaining...) that come and go: JSON objects by id.
    followers: dict[str, Record]
    assets: dict[str, Record]
    gear: dict[str, Record]
    respec_credit: int
    overflow_xp: int
    pregen: NotRequired[str]
    prestige: NotRequired[dict[str, int]]
    patronage: NotRequired[int]
    player: str
    xp: FeXp
    tier: FeTier
    boons: int
    abilities: list[FeAbility]


@_closed
class FePossible(TypedDict):
    possible: bool
    dice: int


@_closed
class FeConvert(TypedDict):
    possible: bool
    xp: int


@_closed
class FeActivate(TypedDict):
    asset: str
    name: str
    neglected: bool


@_closed
class FeBoonActions(TypedDict):
    """What a Boon can do for this player right now."""

    boons: int
    cap: int
    reroll: FePossible
    activate: list[FeActivate]
    convert: FeConvert


@_closed
class FePrices(TypedDict):
    """XP prices of the next step of everything the player could buy."""

    attributes: dict[str, int]
    skills: dict[str, int]
    new_skill: int
    followers: dict[str, int]  # Cap ("1".."5") -> XP
    assets: dict[str, int]
    gear: dict[str, int]
    talents: dict[str, int | None]  # None: the GM prices it


@_closed
class FeHand(TypedDict):
    boons: int


@_closed
class FeFatigue(TypedDict):
    forced_rerolls: int
    out_of_scene: bool


@_closed
class FeYou(FeSheet):
    """The player's own sheet with what only they see."""

    hand: FeHand
    boon_actions: FeBoonActions
    prices: FePrices
    fatigue_effect: FeFatigue
    trainings: dict[str, Record]
    casting: Record | None
    dv_set: Record | None


@_closed
class FeMenuRow(TypedDict):
    """A CP spend on the GM's menu, and whether the bank affords it now."""

    id: str
    cost: int
    text: str
    affordable: bool


@_closed
class FeLadderRow(TypedDict):
    """A step of the CP spend ladder ("1 CP", "3+ CP") and what it buys."""

    cost: str
    text: str


@_closed
class FeMenu(TypedDict):
    universal: list[FeMenuRow]
    pillars: dict[str, list[FeMenuRow]]
    ladder: list[FeLadderRow]


@_closed
class FeAward(TypedDict):
    """A session-end XP award: its range and the usual amount."""

    id: str
    label: str
    lo: int
    hi: int
    usual: int


@_closed
class FeChecklist(TypedDict):
    questions: list[str]
    awards: list[FeAward]
    pace: list[int]  # XP per session, low and high


@_closed
class FeView(TypedDict):
    """The rules part of a Fate's Edge table view (``view.build``)."""

    party: list[FeMember]
    clocks: dict[str, FeClock]
    supply: FeSupply
    last_roll: Record | None
    contest: Record | None
    group_last: Record | None
    bonds: Record
    arc: Record
    scene: int
    rallied: str | None  # the roll whose CP a captain already converted
    decks: dict[str, FeDeck]
    reference: FeReference
    cp_bank: NotRequired[int]  # the GM, or everyone when the GM shows it
    # GM only
    characters: NotRequired[dict[str, FeSheet]]
    trainings: NotRequired[dict[str, Record]]
    rushed: NotRequired[dict[str, Record]]
    front_loaded: NotRequired[list[Record]]
    menu: NotRequired[FeMenu]
    checklist: NotRequired[FeChecklist]
    dv_set: NotRequired[dict[str, Record]]
    boon_offer: NotRequired[Record | None]
    casting: NotRequired[dict[str, Record]]
    ritual: NotRequired[Record | None]  # the GM's; a player in the circle sees it too
    ritual_pool: NotRequired[int]
    overflow: NotRequired[dict[str, int]]
    # the player's own
    you: NotRequired[FeYou]
