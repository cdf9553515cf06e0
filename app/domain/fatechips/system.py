"""The numbers and switches that make one Fate-chip game differ from another."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import ChipsSettings
    from .view_types import Trait

WHITE = "white"
RED = "red"
BLUE = "blue"
LEGEND = "legend"

TRAITS = (
    "cognition",
    "deftness",
    "knowledge",
    "mien",
    "nimbleness",
    "quickness",
    "smarts",
    "spirit",
    "strength",
    "vigor",
)
DIE_TYPES = (4, 6, 8, 10, 12)
PLUS_STEP = 2  # d12+2, d12+4...
MAX_PLUS = 20


def trait_plus(entry: Trait) -> int:
    """The +N of a trait above d12 (``plus`` on a d12 trait; 0 otherwise): it adds to
    the roll's total, since a trait roll keeps the highest die."""
    return int(entry.get("plus", 0) or 0) if int(entry.get("die", 6)) == DIE_TYPES[-1] else 0


def die_type(entry: Trait) -> int:
    """A trait's die type as a number the text multiplies (Pace, throwing range...):
    d12+2 counts 14."""
    return int(entry.get("die", 6)) + trait_plus(entry)


def die_name(entry: Trait) -> str:
    plus = trait_plus(entry)
    return f"d{int(entry.get('die', 6))}" + (f"+{plus}" if plus else "")


WOUND_LEVELS = ("none", "light", "heavy", "serious", "critical", "maimed")
MAX_WOUND = 5


def shade(colour: str) -> str:
    """A colour as log lines write it: 'white', 'red', 'blue', 'Legend'."""
    return "Legend" if colour == LEGEND else colour


@dataclass(frozen=True)
class ChipSystem:
    """Everything a rule system sets about its Fate chips.

    Fixed numbers from the rules text live here; what a table may change (the pot's
    make-up, draws per session, the hand limit) is a table setting whose default is
    in ``settings``.
    """

    name: str
    title: str
    gm_title: str  # "the Marshal", "the Master": used in log lines
    colours: tuple[str, ...]
    bounty: Mapping[str, int]
    negate_wounds: Mapping[str, int]
    # Wind regained per colour; None means "all Wind".
    recover_wind: Mapping[str, int | None]
    bonus_colours: frozenset[str]  # add a bonus die to the highest die (see bonus_chips)
    tithe_colours: frozenset[str]  # spending it on a trait roll gives the GM a draw
    after_bust: frozenset[str]  # bonus colours still allowed on a bust (and cancel it)
    reroll_colours: frozenset[str]  # may reroll any roll; the chip leaves the game
    locations: tuple[str, ...]
    location_aliases: Mapping[str, str]
    settings: ChipsSettings
    impetus: bool = False  # any chip turns an unskilled check into a skilled one
    help_others: bool = False  # chips may be spent on another player's roll/damage
    trading: bool = False
    jokers: bool = False
    legends: bool = False
    crew_bounty: bool = False
    firearm_powers: bool = False  # the GM may allow chips on a firearm damage roll
    # Chips converted into Bounty Points "can't be converted back": only the GM may undo.
    permanent_bounty: bool = False
    # "Traits above the human norm go from a d12 to a d12+2, then d12+4, and so on."
    trait_plus: bool = False
    # Advancement: which improvements exist and what limits a repeat raise.
    advances: tuple[str, ...] = ()
    repeat_limit: Mapping[str, str] = field(default_factory=dict)  # kind -> session|arc

    def gm(self, capital: bool = False) -> str:
        """'the Marshal' / 'The Marshal'."""
        return self.gm_title[0].upper() + self.gm_title[1:] if capital else self.gm_title

    def location(self, name: str) -> str | None:
        """The sheet location a named body part counts as (gizzards count as guts...)."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        key = self.location_aliases.get(key, key)
        return key if key in self.locations else None
