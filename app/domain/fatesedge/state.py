"""Where Fate's Edge keeps things in the table state, and small helpers to change them.

Layout (all under ``state["rules"]``): ``pcs/<pid>`` character sheets, ``clocks/<id>``,
``supply`` (the party Supply clock, 0–4), ``arc``, ``last_roll``, ``decks``, ``casting``,
``ritual``, ``trainings``, ``bonds``, ``front_loaded``, ``seq`` (id counter).

Tokens: ``cp`` (supply → ``gm`` bank, or ``ritual`` pool), ``boon`` (``hand:<pid>``),
``xp`` (unspent in ``hand:<pid>``, spent in ``xp-spent:<pid>``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, Required, TypedDict, cast, overload

from ..changes import Add, Change, Path, Put, get_path, token_count
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..event_types import AnyEventType
from ..events import EVERYONE, UNDO_OWNER, Draft
from ..jsonvalue import JsonDict
from ..tokens import GM_HAND, hand
from .roll_record import Contest, GroupRecord, RollRecord

CP = "cp"
BOON = "boon"
XP = "xp"
RITUAL_POOL = "ritual"


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


def rules_of(state: JsonDict) -> Rules:
    """Fate's Edge's part of a table's state (the one place it is read untyped)."""
    return cast(Rules, state.get("rules", {}))


def settings_of(state: JsonDict) -> Settings:
    """A table's settings."""
    return cast(Settings, state.get("settings", {}))


def fe_rules(ctx: Context) -> Rules:
    """The rules part of the table a command is decided on."""
    return rules_of(ctx.state)


def fe_settings(ctx: Context) -> Settings:
    """The settings of the table a command is decided on."""
    return settings_of(ctx.state)


def spent(pid: str) -> str:
    """The container holding the XP a character has spent (tiers of reputation)."""
    return f"xp-spent:{pid}"


def overflow(pid: str) -> str:
    """Boons over the cap wait here until two of them convert into 1 XP."""
    return f"boon-overflow:{pid}"


def rules_path(*keys: str) -> Path:
    return ("rules", *keys)


def pc_path(pid: str, *keys: str) -> Path:
    return ("rules", "pcs", pid, *keys)


def put(ctx: Context, path: Path, new: Any) -> Put:
    """A Put whose ``old`` is what is there now (so undo can check it)."""
    return Put(path, get_path(ctx.state, path), new)


def pcs(ctx: Context) -> dict[str, Character]:
    """Every character sheet by seat id, ``state["rules"]["pcs"]``."""
    return fe_rules(ctx).get("pcs", {})


def sheet(ctx: Context, pid: str) -> Character:
    """One character sheet (every seat gets one when it joins)."""
    found = get_path(ctx.state, pc_path(pid))
    if not isinstance(found, dict):
        raise InvalidArgs(f"{ctx.name_of(pid)} has no character sheet.")  # seat name
    return cast(Character, found)


def xp(state: JsonDict, pid: str) -> int:
    return token_count(state, hand(pid), XP)


def xp_spent(state: JsonDict, pid: str) -> int:
    return token_count(state, spent(pid), XP)


def boons(state: JsonDict, pid: str) -> int:
    return token_count(state, hand(pid), BOON)


def cp_bank(state: JsonDict) -> int:
    return token_count(state, GM_HAND, CP)


def new_id(ctx: Context, prefix: str, offset: int = 0) -> tuple[str, Change]:
    """A fresh id like ``f42`` and the change that counts it.

    Ids come from the version of the event about to be emitted, which never goes back
    (an undo is a new event), so an undone purchase can't make a later id collide. A
    command that needs several ids asks for the others with ``offset=1, 2...``.
    """
    version = int(ctx.state.get("version", 0)) + 1
    suffix = f"-{offset}" if offset else ""
    return f"{prefix}{version}{suffix}", Add(rules_path("seq"), 1)


def session_active(ctx: Context) -> bool:
    return bool(ctx.state.get("session", {}).get("active", False))


def require_between_sessions(ctx: Context, what: str) -> None:
    if session_active(ctx):
        raise RuleViolation(f"{what} happens between sessions; end the session first.")


def emit(
    ctx: Context,
    kind: AnyEventType,
    text: str,
    changes: list[Change] | tuple[Change, ...] = (),
    *,
    data: JsonDict | None = None,
    visible_to: str = EVERYONE,
    undo: str = UNDO_OWNER,
) -> None:
    """Emit one Fate's Edge event (its type is declared in ``fatesedge/events``)."""
    ctx.emit(
        Draft(
            kind,
            text,
            data=data or {},
            changes=tuple(changes),
            visible_to=visible_to,
            undo=undo,
        )
    )


def hits(n: int) -> str:
    """'1 success', '3 successes'."""
    return f"{n} success" if n == 1 else f"{n} successes"


def name_of(ctx: Context, pid: str) -> str:
    """A player's name in log lines: their character's once they have one (a pregen or
    a renamed sheet), else the seat's."""
    pc = pcs(ctx).get(pid)
    if isinstance(pc, dict) and pc.get("name"):
        return str(pc["name"])
    return ctx.name_of(pid)


def who(ctx: Context) -> str:
    """The actor's name for a log line."""
    return "The GM" if ctx.actor.is_gm else name_of(ctx, str(ctx.actor.label))


@overload
def find(
    ctx: Context, pid: str, group: Literal["followers"], item_id: str, noun: str
) -> Follower: ...
@overload
def find(ctx: Context, pid: str, group: Literal["assets"], item_id: str, noun: str) -> Asset: ...
@overload
def find(ctx: Context, pid: str, group: Literal["gear"], item_id: str, noun: str) -> Gear: ...
@overload
def find(ctx: Context, pid: str, group: str, item_id: str, noun: str) -> Holding: ...
def find(ctx: Context, pid: str, group: str, item_id: str, noun: str) -> Holding:
    """A follower/asset/gear entry of a sheet, or a clear error."""
    items = holdings(sheet(ctx, pid), group)
    if item_id not in items:
        raise InvalidArgs(f"{name_of(ctx, pid)} has no {noun} '{item_id}'.")
    return items[item_id]


def holdings(pc: Character, group: str) -> dict[str, Holding]:
    """A sheet's followers, assets or gear (``group``) by id; {} for another name."""
    return cast(dict[str, Holding], pc.get(group, {}))
