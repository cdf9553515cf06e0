"""The shape of the Fate-chip view (Deadlands, Spacelands), declared once for the view
function and the screens.

``view.view`` returns a ``ChipsView`` (mypy checks it builds one); the UI reads the
table's rules part as a ``ChipsView`` instead of guessing with ``.get`` chains; a test
validates real views against it (every TypedDict is closed: a key the declaration
doesn't name fails).

Keys are required unless marked ``NotRequired``; ``None`` is written where the domain
writes null (no roll, a pot mix or GM hand the viewer may not see). Chip colours and
hit locations are the game's own (``ChipSystem.colours``, ``.locations``: Deadlands has
Legend chips and upper/lower guts), so maps keyed by them are ``dict[str, ...]``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, get_args

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from ..combat.view_types import CombatView
from .advancement import APPROVED
from .rolls import Kind, Sides

# Closed: a key the view writes but the declaration doesn't name is an error, not noise.
_closed = with_config(ConfigDict(extra="forbid"))

#: Chips of each of the game's colours in one place, zeros included.
ChipCounts = dict[str, int]
#: Wound levels (0-5) by the game's hit locations.
WoundLevels = dict[str, int]

#: What a chip can be used for (``view._effects``); a game offers some of them.
UseName = Literal["negate", "wind", "cash", "roll", "reroll", "impetus", "trade"]
#: What an advancement request waits on the GM for (``advancement.APPROVED``).
Approved = Literal["edge", "hindrance"]


@_closed
class ChipOption(TypedDict):
    """One use of a chip for a player now: its effect, and why not if it isn't allowed."""

    effect: str
    allowed: bool
    why: str | None


@_closed
class GmOption(TypedDict):
    """One use of the GM's own chip: allowed now, or why not."""

    allowed: bool
    why: str | None


@_closed
class GmColourOptions(TypedDict):
    """What a chip of one colour in the GM's hand can do: improve the GM's roll, or be spent."""

    roll: GmOption
    spend: GmOption


@_closed
class Negation(TypedDict):
    """What one chip of a colour negates: wounds, and Wind ("all" for the top colours)."""

    wounds: int
    wind: int | Literal["all"]


@_closed
class Pile(TypedDict):
    """The pot or the GM's hand: how many chips, and the mix when the viewer may see it."""

    total: int
    chips: ChipCounts | None


@_closed
class Bonus(TypedDict):
    """A bonus die a red, blue or Legend chip paid for (added to the highest die)."""

    colour: str
    die: list[int]  # its ace chain


@_closed
class Outcome(TypedDict):
    """A roll read by ``dice.evaluate``: success and raises only when it has a TN."""

    dice_totals: list[int]
    base: int
    bonus: int
    total: int
    bust: bool
    success: NotRequired[bool]
    raises: NotRequired[int]


@_closed
class Roll(TypedDict):
    """An owner's latest roll (``rolls.make``, changed by chips) with its outcome."""

    id: int
    owner: str  # a seat id, or "gm" for the GM's own
    label: str
    kind: Kind
    sides: Sides
    base_dice: int
    dice: list[list[int]]  # ace chains
    whites: int
    chips: list[str]  # every chip spent on it, in order
    bonuses: list[Bonus]
    bonus_colour: str | None
    tn: int | None
    modifier: int
    unskilled: bool
    unskilled_penalty: int
    wound_penalty: int
    trait_plus: int
    bust_cancelled: bool
    hidden: bool
    finished: bool
    entered: bool
    rerolls: NotRequired[int]  # after a Legend chip's reroll
    power: NotRequired[str]  # the power that allowed chips on a firearm roll
    outcome: Outcome


@_closed
class Trait(TypedDict):
    """A trait on the sheet: its die, Coordination and (above d12) its +N."""

    die: int
    coordination: int
    plus: NotRequired[int]  # d12+2, d12+4... where the game has it, once set


@_closed
class Aptitude(TypedDict):
    level: int
    concentrations: str


@_closed
class Wind(TypedDict):
    current: int
    max: int


@_closed
class Sheet(TypedDict):
    """The character sheet (``sheet.new_sheet``)."""

    traits: dict[str, Trait]  # every one of system.TRAITS
    aptitudes: dict[str, Aptitude]  # free: named by the player
    hindrances: str
    edges: str
    wounds: WoundLevels
    wind: Wind


@_closed
class LedgerLine(TypedDict):
    """One Bounty ledger line (``chips.bounty_changes``): points earned (+) or spent (-)."""

    points: int
    what: str
    session: int


@_closed
class Bounty(TypedDict):
    earned: int
    spent: int
    available: int  # earned - spent - what pending requests hold
    ledger: list[LedgerLine]


@_closed
class PlayerView(TypedDict):
    """A seat as the table sees it; its own player and the GM also see the private part."""

    name: str
    hand: ChipCounts
    over_limit: int
    recorded: dict[str, int]  # chips written down at the last session's end
    wounds: WoundLevels
    negatable: WoundLevels  # fresh wounds a chip may still negate
    roll: Roll | None
    # The private part: the viewer's own seat, every seat for the GM.
    sheet: NotRequired[Sheet]
    bounty: NotRequired[Bounty]
    options: NotRequired[dict[str, dict[UseName, ChipOption]]]  # colour -> the game's uses


# "from" is a keyword: the functional form, closed like the others.
Trade = TypedDict(
    "Trade", {"from": str, "to": str, "colour": str, "payment": ChipCounts, "fiction": str}
)
_closed(Trade)


@_closed
class Request(TypedDict):
    """An Edge or a Hindrance bought off, waiting for the GM (``advancement._request``)."""

    player: str
    what: Approved
    name: str
    value: int
    cost: int
    story: str


@_closed
class ChipsView(TypedDict):
    """The Fate-chip part of the table (``rules`` in the table view) for one viewer."""

    system: str
    gm_title: str
    colours: list[str]
    bounty_values: ChipCounts
    negation: dict[str, Negation]  # by colour
    locations: list[str]
    hand_limit: int  # 0: no limit
    pot: Pile  # chips: None unless the GM, or the table shows the pot's mix
    gm_hand: Pile  # chips: the GM's only
    gm_roll: Roll | None
    removed: ChipCounts
    cashed: ChipCounts
    players: dict[str, PlayerView]  # by seat id, active seats
    trades: dict[str, Trade]  # by trade id
    requests: dict[str, Request]  # by request id; a player sees their own only
    gm_options: NotRequired[dict[str, GmColourOptions]]  # the GM's view only
    bounty_pool: NotRequired[int]  # where the crew shares a bounty (Spacelands)
    arc: NotRequired[int]  # where raises are limited per story arc (Spacelands)
    combat: CombatView  # app.domain.combat.view's part


# The declaration follows the domain's constants; importing this module checks it.
assert set(get_args(Approved)) == set(APPROVED)
