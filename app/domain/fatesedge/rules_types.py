"""Fate's Edge's part of the table state as declared types: ``state["rules"]`` and
``state["settings"]`` (docs/rulesets/fates-edge.md, "Rules state").

The state stays plain JSON; ``state.rules_of`` / ``fe_rules`` and ``settings_of`` /
``fe_settings`` give these views of it. The character sheet is in ``sheet_types``, the
roll records in ``roll_record``.
"""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict

from .roll_record import Contest, GroupRecord, RollRecord
from .sheet_types import Asset, Character, Follower, Gear


class Grant(TypedDict, total=False):
    """What a purchase (or a week of upkeep) gives when its training ends: ``kind`` says
    which keys it has (``purchase.apply_grant``, ``upkeep_time.finish_upkeep``)."""

    kind: Required[str]
    name: str
    rating: int  # attribute, skill
    cost: int  # talent, prestige
    id: str  # follower, asset, gear, promote, a familiar; upkeep: the item's
    data: Follower | Asset | Gear  # the new follower, asset or gear
    cap: int  # promote
    group: str  # upkeep: followers, assets or gear
    action: str  # upkeep: maintain or repair


class Training(TypedDict):
    """Downtime under way, ``state["rules"]["trainings"][<tid>]``."""

    player: str
    grant: Grant
    days_left: int
    label: str


class Clock(TypedDict, total=False):
    """A clock, ``state["rules"]["clocks"][<kid>]``."""

    name: Required[str]
    size: Required[int]
    filled: Required[int]
    visible: Required[bool]
    full: str  # what happens when it fills (GM-made clocks)
    training: str  # the rushed training a Haste clock belongs to


#: Dice another character gives this one (``state["rules"]["granted"][<pid>][<key>]``:
#: a shield's cover, a captain's rally, ``grants.py``), or a banner's aura (made by
#: ``grants.auras``, never stored). ``auto``: added to the next roll by itself.
Given = TypedDict(
    "Given", {"name": str, "from": str, "dice": int, "when": str, "auto": NotRequired[bool]}
)


class Settings(TypedDict, total=False):
    """Fate's Edge's table settings, ``state["settings"]`` (defaults and choices:
    ``rules/fates_edge.py``). Read with their defaults: a table made before a setting
    existed has no value for it."""

    boon_cap: int
    boon_overflow_xp: int
    bond_boons_every_session: bool
    starting_xp: int
    base_attribute: int
    pacing: str  # gritty | standard | heroic
    follower_costs: str  # square | table
    skill_costs: str  # core | appendix
    asset_maintain: str  # table | full
    consequence_ranks: str  # chapter18 | appendix
    reveal_cp_spends: bool
    show_cp_bank: bool
    travelers_pack: str  # tracked | handwaved


class Rushed(TypedDict):
    """An advancement rushed with a Haste clock, ``state["rules"]["rushed"][<tid>]``:
    ``flawed`` once the clock filled."""

    player: str
    label: str
    clock: str
    flawed: bool


class Arc(TypedDict, total=False):
    """The arc, ``state["rules"]["arc"]``: its number and its once-per-arc uses (respec,
    montages, devotion, patron, talents and gear: key -> times used)."""

    number: int
    uses: dict[str, int]


class FrontLoaded(TypedDict):
    """CP the GM carried into a new arc, ``state["rules"]["front_loaded"][i]``."""

    arc: int
    cp: int
    text: str


class ConsequenceDraw(TypedDict):
    """The last Consequence draw, ``state["rules"]["consequence_last"]``: the cards
    drawn and those paid for so far."""

    cards: list[str]
    paid: list[str]


class Bond(TypedDict):
    """A backstory bond, ``state["rules"]["bonds"][<bid>]`` (``awards.propose_bond``).
    Once a player has had this bond's Boon, ``paid:<pid>`` is true as well: a key named
    after the seat, so not declared here."""

    a: str
    b: str
    tie: str
    agreed: bool


class Casting(TypedDict, total=False):
    """A spell under way, ``state["rules"]["casting"][<pid>]``: ``casting.channel``
    writes it, ``casting.weave`` writes it again with the Art and the weave."""

    stage: Required[str]  # channeled | woven
    potential: Required[int]
    cp: Required[int]
    roll: Required[str]  # the id of the Channel's (then the Weave's) roll
    art: str
    weave: int
    channel_cp: int


class Ritual(TypedDict, total=False):
    """The ritual under way, ``state["rules"]["ritual"]`` (``casting.ritual_start``,
    then its channel and weave)."""

    caster: Required[str]
    effect: Required[str]
    helpers: Required[dict[str, str]]  # assistant's seat id -> the Skill they help with
    stage: Required[str]  # declared | channeled | woven
    potential: int
    helper_potential: int
    weave: int
    assist_successes: int
    roll: str


class DvSet(TypedDict):
    """A DV the GM set for a player's next roll, ``state["rules"]["dv_set"][<pid>]``."""

    dv: int
    label: str


class BoonOffer(TypedDict):
    """The last failed roll, offering the GM Failure's Gift,
    ``state["rules"]["boon_offer"]`` (``gm_table.offer_changes``)."""

    player: str
    roll: str
    outcome: str  # the outcome's name
    label: str


class Deck(TypedDict):
    """A deck, ``state["rules"]["decks"][<name>]``: cards still to draw, and drawn."""

    order: list[str]
    discard: list[str]


class Rules(TypedDict, total=False):
    """Fate's Edge's part of the table state, ``state["rules"]`` (docs/rulesets/
    fates-edge.md, "Rules state"). Records whose keys depend on the action that wrote
    them are declared with the keys every writer gives them, the others optional."""

    pcs: dict[str, Character]
    clocks: dict[str, Clock]
    supply: int  # the party Supply clock, 0-4
    trainings: dict[str, Training]
    rushed: dict[str, Rushed]
    decks: dict[str, Deck]
    consequence_last: ConsequenceDraw
    arc: Arc
    scene: int
    front_loaded: list[FrontLoaded]
    bonds: dict[str, Bond]
    uses: dict[str, dict[str, bool]]  # scene / session -> "<pid>:<key>" -> used
    granted: dict[str, dict[str, Given]]  # by the receiving seat, then key
    last_roll: RollRecord
    group_last: GroupRecord
    contest: Contest
    casting: dict[str, Casting]
    ritual: Ritual
    dv_set: dict[str, DvSet]
    boon_offer: BoonOffer
    rallied: str  # the roll whose CP a captain already converted
    abacus: str
    seq: int
