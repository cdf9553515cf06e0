"""The shape of the combat view (``rules.combat`` in the Fate-chip view), declared once
for ``view.view`` and the combat screens.

Everyone sees the round and every combatant's public entry; a player also gets ``me``
(their own entry in full, the attack waiting on them, their ammunition); the GM gets
every entry in full plus the attacks in progress, the NPC records, all ammunition and
both decks. Every TypedDict is closed (a key the declaration doesn't name is an error)
and keys are required unless ``NotRequired``. Names start with ``Combat``/``Fight`` so
they don't clash with the Fate-chip view's in a published schema.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_args

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from .state import SIDES

_closed = with_config(ConfigDict(extra="forbid"))

#: Which deck a combatant draws from (``state.SIDES``).
FightSide = Literal["players", "gm"]
#: Where a combatant stands in the round's draw (``draw.py``).
FightStatus = Literal["waiting", "choosing", "drawn", "held"]
#: A fight's phase (``rounds.py``): cards are drawn, then the countdown calls them.
FightPhase = Literal["draw", "countdown"]
#: A surprise check's result, and the next round after it (``draw.py``, ``rounds.py``).
Surprise = Literal["surprised", "recovering"]
#: An attack's stage in the damage flow (``flow.py``): chips may negate, then Wind.
AttackStage = Literal["negate", "wind"]


#: Why a combatant may not act for want of nerve (``nerve.py``).
Nerve = Literal["surprised", "recovering", "catatonic", "terrified"]


@_closed
class FightWind(TypedDict):
    current: int
    max: int


@_closed
class CombatBody(TypedDict):
    """Everything a body diagram shows (``body.condition``), by hit location."""

    wounds: dict[str, int]
    levels: dict[str, str]  # location -> "none", "light"... "maimed"
    penalty: int
    wind: FightWind
    winded: bool
    bleeding: int  # Wind lost per round
    bleeding_by_location: dict[str, int]
    bled_out: bool
    stunned: bool
    unconscious: bool
    unnerved: bool
    size: int
    lost_limbs: list[str]
    critical: bool
    staunched: list[str]
    fresh: list[str]  # wounded by the last attack: a stun check may be due


@_closed
class FightPreparing(TypedDict):
    """A prepared action (``combat.prepare``): its speed, the cards spent on it so far."""

    speed: int
    spent: int
    cards: NotRequired[list[str]]  # the cards: its owner and the GM only


@_closed
class FightAim(TypedDict):
    """Aiming (``combat.aim``): markers gained of the steps the weapon needs."""

    steps: int
    markers: int


@_closed
class FightHold(TypedDict):
    """Who holds an entangled combatant, and how to get free (``entangle.py``)."""

    by: str
    break_tn: int
    fragile: bool
    tripped: bool


@_closed
class CombatEntry(TypedDict):
    """One combatant as the viewer may see it (``view._entry``)."""

    name: str
    side: FightSide
    npc: bool
    # A seat's body is public; an NPC's the GM's only.
    body: NotRequired[CombatBody]
    stun_due: NotRequired[int | None]  # the stun check's TN while one is due
    in_fight: bool
    # In the fight: what everyone sees.
    status: NotRequired[FightStatus]
    cards: NotRequired[int]
    has_sleeve: NotRequired[bool]
    acting_now: NotRequired[bool]
    surprise: NotRequired[Surprise | None]
    preparing: NotRequired[FightPreparing | None]
    aim: NotRequired[FightAim | None]
    closed: NotRequired[list[str]]  # whose reach it has stepped inside
    entangled: NotRequired[FightHold | None]
    # In the fight, for its owner and the GM only.
    hand: NotRequired[list[str]]
    drawn: NotRequired[list[str]]
    sleeve: NotRequired[str | None]
    playable: NotRequired[list[str]]
    nudge: NotRequired[str | None]
    # surprised, catatonic or terrified: what the host refuses (nerve.py)
    nerve: NotRequired[Nerve | None]
    # this round's smoke or water check still to make: its kind (ongoing.py)
    hazard_due: NotRequired[str | None]
    may_interrupt: NotRequired[bool]  # a wait card or an aim to interrupt with
    second_hand: NotRequired[bool]
    other_hand: NotRequired[Literal["off", "main"]]  # which hand the second attack is


@_closed
class CombatAttack(TypedDict):
    """An attack being resolved on a combatant (``flow.strike``), with what may still be
    negated."""

    location: str
    part: str
    before: int
    placed: dict[str, int]  # wound levels before, by location hit
    landed: int
    no_wound: bool
    brawl_wind: int
    brawling: bool
    stage: AttackStage
    window: NotRequired[dict[str, int] | None]  # an NPC's: the GM's chips may negate
    kept: NotRequired[int]  # once negation closed
    wind_dice: NotRequired[int]
    negatable: dict[str, int]


@_closed
class CombatAmmo(TypedDict):
    """A declared weapon's rounds (``ammo.declare``)."""

    capacity: int
    loaded: int
    out: bool
    reload: NotRequired[int]  # a heavy weapon's Reload attribute: rounds to reload
    ready: NotRequired[int | None]  # the round a heavy weapon's reload is done


@_closed
class CombatMe(CombatEntry):
    """The viewer's own entry, with the attack waiting on them and their weapons."""

    who: str
    attack: CombatAttack | None
    ammo: dict[str, CombatAmmo]  # by weapon


@_closed
class FightActing(TypedDict):
    """Who acts at the current step, in order (``countdown.acting``)."""

    who: str
    card: str
    side: FightSide
    together: list[str]  # same rank and suit on the other deck: they act together
    name: str


@_closed
class FightDie(TypedDict):
    dice: int
    sides: int


@_closed
class CombatNpc(TypedDict):
    """An NPC's record (``npcs.add``), the GM's only."""

    name: str
    dice: dict[str, FightDie]  # by trait: only those the GM gave
    wounds: dict[str, int]
    wind: FightWind
    # Body extras (``body.put_extra``: size, stunned, fresh, stun_due...): written
    # one key at a time by many rules, read through ``body`` in each entry.
    body: dict[str, Any]


@_closed
class FightDeck(TypedDict):
    """One side's deck as the GM sees it: counts, the discards face up."""

    draw: int
    discard: list[str]
    reshuffle: bool
    accounted: int


@_closed
class FightDecks(TypedDict):
    players: FightDeck
    gm: FightDeck


@_closed
class CombatView(TypedDict):
    """The combat part of the Fate-chip view for one viewer."""

    active: bool
    round: int | None
    phase: FightPhase | None
    step: str | None  # the rank being called
    acting: list[FightActing]
    combatants: dict[str, CombatEntry]  # by seat or NPC id
    wound_tns: dict[str, int]  # stun TN by wound level ("wind", "light"...)
    me: NotRequired[CombatMe]  # a player with a seat
    # The GM's only.
    attacks: NotRequired[dict[str, CombatAttack]]
    npcs: NotRequired[dict[str, CombatNpc]]
    ammo: NotRequired[dict[str, dict[str, CombatAmmo]]]  # by combatant, by weapon
    decks: NotRequired[FightDecks]  # while a fight is on


# The declaration follows the domain's constants; importing this module checks it.
assert get_args(FightSide) == SIDES
