"""Where combat lives in the table state, and who a command acts on.

- ``rules.combat``: the fight in progress: ``active``, ``round``, ``phase`` (``draw`` |
  ``countdown``), ``step`` (the rank being called, None before the countdown), ``decks``
  (``players`` and ``gm``: ``draw`` pile, ``discard`` pile, ``reshuffle`` flag) and
  ``fighters.<id>`` (cards in hand, the card up the sleeve, preparation...).
- ``rules.npcs.<id>``: the GM's combatants (name, dice, Size, wounds, Wind...).
- ``rules.body.<pid>``: a seat's Size and conditions beside its sheet's wounds and Wind.
- ``rules.attacks.<id>``: an attack being resolved on a combatant (the damage flow).

A combatant id is a seat id (``p1``...) or an NPC id (``n1``...). Each part is declared
below as a TypedDict (the Fate-chip games' whole ``rules`` part is ``ChipsRules`` in
``app/domain/fatechips/state.py``). A ``Put`` of None removes a key, so a key a rule
clears is ``NotRequired`` even where the record was first written with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from typing_extensions import TypedDict

from ..changes import Path, Put, get_path
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..fatechips.state import rules_of
from ..jsonvalue import Json

if TYPE_CHECKING:
    from ..fatechips.state import ChipsTable
    from .view_types import FightAim, FightHold, FightPhase, FightSide, FightStatus, Surprise

PLAYERS = "players"
GM_SIDE = "gm"
SIDES = (PLAYERS, GM_SIDE)
COMBAT: Path = ("rules", "combat")
NPCS: Path = ("rules", "npcs")


class Deck(TypedDict):
    """``rules.combat.decks.<side>``: one side's Action Deck (``deck.py``)."""

    draw: list[str]  # face down: its order is shown to nobody
    discard: list[str]
    reshuffle: bool  # a Black Joker came up: reshuffle at the round's end


class Preparing(TypedDict):
    """``rules.combat.fighters.<id>.prepare``: a slow action being prepared
    (``actions.prepare``), and the cards laid aside for it so far."""

    speed: int
    spent: int
    cards: list[str]


class Fighter(TypedDict):
    """``rules.combat.fighters.<id>``: a combatant's place in the fight
    (``new_fighter``); everything but ``side``, ``hand`` and ``status`` comes and goes."""

    side: FightSide
    hand: list[str]
    status: FightStatus
    drawn: NotRequired[list[str]]  # drawn, not yet chosen from (draw.py)
    sleeve: NotRequired[str]  # the card up its sleeve
    prepare: NotRequired[Preparing]
    aim: NotRequired[FightAim]
    defence: NotRequired[int]  # this round's active defence total (actions.py)
    moves: NotRequired[int]  # this round's moves (movement.py)
    running: NotRequired[bool]
    surprise: NotRequired[Surprise]
    closed: NotRequired[dict[str, int]]  # inside whose reach: their Defensive Bonus
    entangled: NotRequired[FightHold]
    second_hand: NotRequired[list[int | str | None]]  # [round, step] of the off hand
    off_hand_left: NotRequired[bool | None]  # the second attack is the off hand's
    aim_fired: NotRequired[list[int | str | None]]  # [round, step] of an aim's shot
    no_cards: NotRequired[str]  # why its next draw gets no card (catatonic)
    one_card: NotRequired[str]  # why its next draw gets one card (terrified)
    cowers_until: NotRequired[int]  # the round numbers a Fear bust lasts (nerve.py)
    terrified_until: NotRequired[int]


class Combat(TypedDict):
    """``rules.combat``: the fight in progress (``rounds.start``); removed when it ends."""

    active: bool
    round: int
    phase: FightPhase
    step: NotRequired[str | None]  # the rank being called; None or gone before that
    decks: dict[str, Deck]  # by side (SIDES)
    fighters: dict[str, Fighter]  # by combatant id


class NextDraw(TypedDict, total=False):
    """A Fear or Terror bust outside a fight, for the next fight's first draw
    (``will.py``): the fighter keys it sets."""

    no_cards: str
    one_card: str
    cowers_until: int
    terrified_until: int


class InSmoke(TypedDict):
    """``in_smoke``: a wet cloth over the face, and the round whose check was made."""

    wet_cloth: bool
    checked: int | None


class InWater(TypedDict):
    kind: str  # ongoing.WATER_KINDS
    checked: int | None


class OnFire(TypedDict):
    size: str  # small, large, consumed
    location: str | None  # None: totally consumed


class BodyExtras(TypedDict, total=False):
    """A combatant's Size and conditions: ``rules.body.<pid>`` for a seat,
    ``rules.npcs.<id>.body`` for an NPC (``body.extra`` / ``body.put_extra``)."""

    size: int
    stunned: bool
    unconscious: bool
    unnerved: bool
    staunched: dict[str, bool]  # by location: bleeding stopped
    fresh: dict[str, bool]  # locations wounded by the last attack: a stun check may be due
    stun_due: int  # the stun check's TN
    next_draw: NextDraw
    terrified_next: bool
    in_smoke: InSmoke
    in_water: InWater
    on_fire: OnFire


class Dice(TypedDict):
    """Dice of one NPC trait: '2d8' is ``{dice: 2, sides: 8}``."""

    dice: int
    sides: int


class WindState(TypedDict):
    """Wind, on a sheet or an NPC: ``current`` (may go below 0) and ``max``."""

    current: int
    max: int


class Npc(TypedDict):
    """``rules.npcs.<id>``: one of the GM's combatants (``npcs.add``)."""

    name: str
    dice: dict[str, Dice]  # by trait: only those the GM gave
    wounds: dict[str, int]  # by location
    wind: WindState
    body: BodyExtras


class Attack(TypedDict):
    """``rules.attacks.<id>``: an attack being resolved on a combatant (``flow.strike``),
    until its Wind is rolled."""

    location: str
    part: str
    before: int
    placed: dict[str, int]  # wound levels before, by location hit
    landed: int
    no_wound: bool
    brawl_wind: int
    brawling: bool
    stage: str  # negate, then wind
    window: NotRequired[dict[str, int] | None]  # an NPC's: what the GM's chips may negate
    kept: NotRequired[int]  # once negation closed
    wind_dice: NotRequired[int]


class Weapon(TypedDict):
    """``rules.ammo.<id>.<weapon>``: a declared weapon's rounds (``ammo.declare``)."""

    capacity: int
    loaded: int
    out: bool
    reload: NotRequired[int]  # a heavy weapon's Reload: rounds to reload
    ready: NotRequired[int | None]  # the round a heavy weapon's reload is done


def combat(state: ChipsTable) -> Combat | None:
    """The fight in progress, or None."""
    found = rules_of(state).get("combat")
    return found if found is not None and found.get("active") else None


def require_combat(ctx: Context) -> Combat:
    found = combat(ctx.state)
    if found is None:
        raise RuleViolation("There's no fight going on: the GM starts combat first.")
    return found


def fighter_path(cid: str, *rest: str) -> Path:
    return (*COMBAT, "fighters", cid, *rest)


def fighter(state: ChipsTable, cid: str) -> Fighter | None:
    found = rules_of(state).get("combat")
    return None if found is None else found["fighters"].get(cid)


def npc(state: ChipsTable, cid: str) -> Npc | None:
    return rules_of(state).get("npcs", {}).get(cid)


def npc_dice(state: ChipsTable, cid: str, trait: str) -> Dice | None:
    """An NPC's dice for ``trait`` (None: not an NPC, or none given for that trait)."""
    found = npc(state, cid)
    return None if found is None else found["dice"].get(trait)


def is_seat(state: ChipsTable, cid: str) -> bool:
    seat = state.get("seats", {}).get(cid)
    return seat is not None and bool(seat.get("active", True))


def exists(state: ChipsTable, cid: str) -> bool:
    return is_seat(state, cid) or npc(state, cid) is not None


def side_of(state: ChipsTable, cid: str) -> FightSide:
    """Seats draw from the players' deck; NPCs from the GM's."""
    return "players" if is_seat(state, cid) else "gm"


def name_of(state: ChipsTable, cid: str) -> str:
    found = npc(state, cid)
    if found is not None:
        return str(found["name"])
    seat = state.get("seats", {}).get(cid)
    return cid if seat is None else str(seat["name"])


def combatants(state: ChipsTable) -> list[str]:
    """Every seat and NPC, seats first, in a stable order."""
    seats = [p for p, s in state.get("seats", {}).items() if s.get("active", True)]
    npcs = list(rules_of(state).get("npcs") or {})
    return sorted(seats, key=_order) + sorted(npcs, key=_order)


def _order(cid: str) -> tuple[int, str]:
    digits = cid[1:]
    return (int(digits) if digits.isdigit() else 0, cid)


def resolve(ctx: Context, named: str | None, key: str = "who") -> str:
    """The combatant a command acts on: a player acts for their own seat; the GM names
    any seat or NPC (``named``, the command's argument ``key``)."""
    if ctx.actor.role == "player":
        me = ctx.actor.player_id
        assert me is not None
        if named not in (None, me):
            raise Forbidden("You can only act for your own character.")
        ctx.seat(me)
        return me
    if named is None or not exists(ctx.state, named):
        raise InvalidArgs(f"Say which combatant: '{key}' is a seat id or an NPC id.")
    return named


def require_fighter(ctx: Context, cid: str) -> Fighter:
    """The combatant's place in the fight."""
    require_combat(ctx)
    found = fighter(ctx.state, cid)
    if found is None:
        raise RuleViolation(f"{name_of(ctx.state, cid)} isn't in this fight.")
    return found


def fput(state: ChipsTable, cid: str, key: str, new: Json) -> Put:
    """A precise change to one field of a combatant's place in the fight."""
    path = fighter_path(cid, key)
    return Put(path, get_path(state, path), new)


def new_fighter(state: ChipsTable, cid: str) -> Fighter:
    return {"side": side_of(state, cid), "hand": [], "status": "waiting"}


def secret_to(state: ChipsTable, cid: str) -> str:
    """Who may see a combatant's cards: its player (and the GM), or the GM for NPCs."""
    return cid if is_seat(state, cid) else "gm"


def named_target(ctx: Context, named: str | None, words: str) -> str:
    """Someone a command names besides its actor: any seat, or an NPC the sender may know
    of (the GM: any; a player: only one in the fight). An id that doesn't exist and one a
    player may not know of get the same answer (``words``), so a failed request reveals
    nothing."""
    if named is not None:
        if is_seat(ctx.state, named):
            return named
        found = combat(ctx.state)
        if npc(ctx.state, named) is not None and (
            ctx.actor.is_gm or (found is not None and named in found["fighters"])
        ):
            return named
    raise InvalidArgs(words)
