"""Where the Fate-chip games (Deadlands, Spacelands) keep their part of the table state,
declared once: ``state["rules"]`` is a ``ChipsRules``, the whole table a ``ChipsTable``.

Chips themselves are tokens (``state["tokens"]``: the pot, each ``hand:<pid>``, the
GM's hand, trades' escrow). Parts a view shows as they are reuse the view's declaration
(``view_types``: ``Sheet``, ``Trade``, ``Request``, ``LedgerLine``, ``Bonus``); combat's
parts are declared in ``app/domain/combat/state.py``. Everything is ``total=False``
where a first event creates it, and a ``Put`` of None removes a key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from typing_extensions import TypedDict

from ..state_types import TableState

if TYPE_CHECKING:
    from ..combat.state import Attack, BodyExtras, Combat, Npc, Weapon
    from .view_types import Bonus, LedgerLine, Request, Sheet, Trade


class Rolled(TypedDict):
    """What ``dice.evaluate`` reads of a roll: a stored one (``RollRecord``) or one a
    combat rule builds for a moment."""

    kind: str  # dice.ROLL_KINDS
    dice: list[list[int]]  # ace chains
    modifier: NotRequired[int]
    tn: NotRequired[int | None]
    bust_cancelled: NotRequired[bool]
    bonuses: NotRequired[list[Bonus]]  # the bonus dice chips paid for
    # A roll logged before several bonus dice could go on one action: one chain, and
    # the colour that paid for it (``dice.bonuses`` reads both forms alike).
    bonus: NotRequired[list[int] | None]
    bonus_colour: NotRequired[str | None]


class RollRecord(Rolled):
    """``rules.rolls.<owner>``: an owner's latest roll (``rolls.make``), changed by chips;
    the owner is a seat id or ``marshal`` (the GM's own)."""

    id: int
    owner: str
    label: str
    sides: int
    base_dice: int
    whites: int
    chips: list[str]  # every chip spent on it, in order
    unskilled: bool
    unskilled_penalty: int
    wound_penalty: int
    trait_plus: int
    hidden: bool
    finished: bool
    entered: bool
    rerolls: NotRequired[int]  # after a Legend chip's reroll
    power: NotRequired[str]  # the power that allowed chips on a firearm roll


class BountyTotals(TypedDict, total=False):
    """``rules.bounty.<pid>``: Bounty Points earned and spent (each made by its first
    ``Add``)."""

    earned: int
    spent: int


class ChipsRules(TypedDict, total=False):
    """``state["rules"]`` of a Fate-chip table; maps are keyed by seat id unless said."""

    sheets: dict[str, Sheet]  # every seat gets one when it joins
    bounty: dict[str, BountyTotals]
    ledger: dict[str, dict[str, LedgerLine]]  # by seat, by line number ("0", "1"...)
    ledger_n: dict[str, int]  # the next line number
    rolls: dict[str, RollRecord]  # by owner: a seat id or "marshal"
    roll_seq: int
    used_rolls: dict[str, int]  # by owner: the roll id a combat check used up
    window: dict[str, dict[str, int]]  # fresh wounds a chip may still negate, by location
    recorded: dict[str, dict[str, int]]  # chips written down at the session's end
    raised: dict[str, dict[str, int]]  # "kind:name" -> the session or arc it was raised in
    requests: dict[str, Request]  # by request id: waiting for the GM
    request_seq: int
    trades: dict[str, Trade]  # by trade id: waiting for the GM
    trade_seq: int
    bounty_pool: int  # the crew's shared Bounty (Spacelands)
    arcs_ended: int
    # Combat (app/domain/combat/state.py):
    combat: Combat
    npcs: dict[str, Npc]  # by NPC id
    npc_seq: int
    body: dict[str, BodyExtras]  # a seat's Size and conditions
    attacks: dict[str, Attack]  # by combatant id
    ammo: dict[str, dict[str, Weapon]]  # by combatant id, by weapon name


class ChipsSettings(TypedDict, total=False):
    """``state["settings"]`` of a Fate-chip table: the game's own (``ChipSystem.settings``,
    the pot's make-up ``pot_<colour>`` among them) and combat's
    (``combat.catalogue.default_settings``), merged at creation (docs/rulesets/)."""

    pot_white: int
    pot_red: int
    pot_blue: int
    session_draw: int
    draw_mode: str  # fixed | top_up
    gm_draw: int
    gm_keeps_chips: bool
    hand_limit: int  # 0: no limit
    show_pot_mix: bool
    cashed_chips: str  # pot | out
    draw_on_late_join: bool
    starting_wind: int
    expert_aptitude_cost: str  # as_example | double (Deadlands)
    bonus_chips: str  # per_colour | per_action (Deadlands)
    unskilled_penalty: int  # Spacelands
    # combat
    shuffle_every_round: bool
    red_joker_chip: bool
    black_joker_chip: bool
    wind_dice: str  # host | table
    stun_tn: str  # location | attack
    bleeding: str  # worst | sum
    full_rate_of_fire: bool  # an automatic fires its whole rate ("usually")


#: A Fate-chip table's whole state.
ChipsTable = TableState[ChipsRules, ChipsSettings]


def rules_of(state: ChipsTable) -> ChipsRules:
    """The table's Fate-chip part (empty before its first event)."""
    return state.get("rules", {})


def settings_of(state: ChipsTable) -> ChipsSettings:
    """The table's settings (chosen at creation)."""
    return state.get("settings", {})


def in_session(state: ChipsTable) -> bool:
    """Whether a session is running."""
    session = state.get("session")
    return session is not None and session["active"]


def sheet_of(state: ChipsTable, pid: str) -> Sheet | None:
    """A seat's character sheet (every seat gets one when it joins)."""
    return rules_of(state).get("sheets", {}).get(pid)
