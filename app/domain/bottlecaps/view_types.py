"""The shape of the Bottlecaps view, declared once for the view function and the screens.

``view.view`` returns a ``CapsView`` (mypy checks it builds one); the UI reads the
table's rules part as a ``CapsView`` instead of guessing with ``.get`` chains; a test
validates real views against it (every TypedDict is closed: a key the declaration
doesn't name fails), and the host publishes its JSON Schema.

Keys are required unless marked ``NotRequired``; ``None`` is written where the domain
writes null (no roll in progress, no open hit, no Moment of Greatness).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here on 3.11

from .arguments import Rank
from .caps import COLOURS, CapColour, UseName
from .sheet import FIELDS, HEALTH_FIELDS

# Closed: a key the view writes but the declaration doesn't name is an error, not noise.
_closed = with_config(ConfigDict(extra="forbid"))


@_closed
class CapCounts(TypedDict):
    """Caps of each colour in one place (the pot, a hand, the GM's or an NPC's)."""

    white: int
    red: int
    blue: int


@_closed
class UseInfo(TypedDict):
    """One use of a cap: the colour it needs, its label, the arguments it needs."""

    colour: CapColour
    label: str
    needs: list[str]


@_closed
class UseOption(TypedDict):
    """One use a cap of a colour could buy for a character now, or why not."""

    use: UseName
    label: str
    allowed: bool
    reason: str | None


@_closed
class ColourOptions(TypedDict):
    """How many caps of a colour a character may spend, and what each could buy."""

    count: int
    uses: list[UseOption]


@_closed
class Options(TypedDict):
    """Per cap colour, a character's options (``uses.options``)."""

    white: ColourOptions
    red: ColourOptions
    blue: ColourOptions


@_closed
class Health(TypedDict):
    """The sheet's health fields (kept with a hit as they were before it)."""

    shaken: bool
    wounds: int
    incapacitated: bool


@_closed
class Sheet(TypedDict):
    """The Savage Worlds sheet (``sheet.new_sheet``)."""

    character: str
    # Every attribute of sheet.ATTRIBUTES by name; a dict, as the screens list them.
    attributes: dict[str, str]
    skills: dict[str, str]  # free: the player names their skills
    edges: str
    hindrances: str
    draw_modifier: int
    no_mercy: bool
    rank: Rank
    shaken: bool
    wounds: int
    incapacitated: bool


@_closed
class TraitRoll(TypedDict):
    """A trait or soak roll in progress (``rolls.trait_record``)."""

    kind: Literal["trait", "soak"]
    trait: str
    die: str
    modifier: int
    tn: int
    trait_dice: list[int]
    wild_dice: list[int]
    effort: list[int]
    rerolls: int
    entered: bool
    best: int
    total: int
    successes: int
    snake_eyes: bool
    hit: NotRequired[int]  # a soak roll only: the number of the hit it soaks


@_closed
class DamageRoll(TypedDict):
    """A damage roll in progress (``rolls.damage_record``)."""

    kind: Literal["damage"]
    dice: list[str]
    modifier: int
    faces: list[list[int]]
    best: int
    rank_bonus: int
    total: int
    rerolls: int
    entered: bool


Roll = TraitRoll | DamageRoll


@_closed
class Hit(TypedDict):
    """The open hit a white cap may still Soak (``health.take_damage``)."""

    no: int
    wounds: int
    soaked: int
    soak_rolled: bool
    before: Health


@_closed
class Greatness(TypedDict):
    """An active Moment of Greatness: the Combat Edge it gives."""

    edge: str


@_closed
class CharacterView(TypedDict):
    """Everything about one character its player (or the GM) may see."""

    id: str
    name: str
    sheet: Sheet
    roll: Roll | None
    hit: Hit | None
    greatness: Greatness | None
    options: Options


@_closed
class WildCardView(CharacterView):
    """A Wild Card NPC as the GM sees it: a character plus its own caps."""

    caps: CapCounts


@_closed
class GmView(TypedDict):
    """What only the GM sees: its general caps, every sheet, the Wild Card NPCs."""

    caps: CapCounts
    players: dict[str, CharacterView]
    wild_cards: list[WildCardView]


@_closed
class CapsView(TypedDict):
    """The Bottlecaps part of the table (``rules`` in the table view) for one viewer."""

    colours: list[CapColour]
    uses: dict[UseName, UseInfo]
    pot: CapCounts
    hands: dict[str, CapCounts]  # by player id
    rolls: dict[str, Roll | None]  # by player id
    greatness: dict[str, Greatness | None]  # by player id
    turn: str | None  # a character id; "gm" for a player while a Wild Card NPC acts
    gm: NotRequired[GmView]  # the GM's view only
    you: NotRequired[CharacterView | None]  # a player's only (None: no seat of theirs)


# The declaration follows the domain's constants; importing this module checks it.
assert tuple(CapCounts.__annotations__) == COLOURS == tuple(Options.__annotations__)
assert tuple(Health.__annotations__) == HEALTH_FIELDS
assert set(Sheet.__annotations__) == set(FIELDS)
