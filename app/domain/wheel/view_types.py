"""The declared shape of a Wheel of Fate view: what ``view.build`` returns and the UI reads.

Every key is always there unless marked ``NotRequired`` (the player's own parts, the
GM's parts, an open attack, a pending compel); ``X | None`` where the value can be null.
``tests/rules/wheel_of_fate/test_wof_view_types.py`` holds real views to this.
"""

from __future__ import annotations

from typing import Literal, NotRequired

# typing_extensions' TypedDict: pydantic (the test holding views to this) needs it before
# Python 3.12; to everything else it is the same as typing's.
from typing_extensions import TypedDict

from .state import Attribute, OutWord

#: The creation steps' keys, in the text's order (``sheet.STEPS``).
StepKey = Literal["summary", "connections", "attributes", "questions", "pools", "went_wrong"]


class Pool(TypedDict):
    """One of the table's pools: special ones the GM rules on; normal ones are bonus dice."""

    name: str
    special: bool


# Dice another character gave to this one's next roll ("from" is a Python keyword, so
# this one is declared by call).
Help = TypedDict("Help", {"from": str, "dice": int})


class Compel(TypedDict):
    """A compel the GM offered: on aspect ``aspect`` (None: one named in words)."""

    aspect: int | None
    aspect_text: str
    text: str


class Step(TypedDict):
    """One creation step and what it still misses."""

    step: int
    key: StepKey
    title: str
    command: str
    missing: list[str]


class Character(TypedDict):
    """What everyone sees of a player character."""

    name: str
    npc: Literal[False]
    summary: str
    aspects: dict[str, str]  # by number ("1".."5", then those the GM adds)
    fate: int
    stress: int
    out: list[OutWord]
    complete: bool


class Sheet(Character):
    """A player character's full sheet: their own player's and the GM's."""

    connections: dict[str, str]  # by the other seat's id
    attributes: dict[Attribute, int]  # empty until split, then all three
    answers: dict[str, str]
    pools: dict[str, int]
    went_wrong: str
    help: list[Help]
    compel: NotRequired[Compel]
    missing: list[str]  # "name", "connection:p2", "aspect:3"... (``sheet.missing``)
    steps: list[Step]


class Npc(TypedDict):
    """A GM-side character (the GM's view only)."""

    npc: Literal[True]
    name: str
    attributes: dict[Attribute, int]
    stress: int
    help: list[Help]
    out: list[OutWord]


class Invokable(TypedDict):
    """An aspect the player can invoke on a roll."""

    number: int
    text: str


class CompelAnswer(TypedDict):
    """How the player can answer the pending compel."""

    accept: bool
    refuse: bool


class ContestOptions(TypedDict):
    """What the player can do in the running contest this round."""

    attack: bool
    defend: bool
    help: bool
    haste: bool


class Options(TypedDict):
    """What the player can do right now, as the host computed it."""

    fate: int
    bonus_die: bool
    declare: bool
    invoke: list[Invokable]
    compel: CompelAnswer | None
    bowl_give: list[str]  # seat ids the player may give a point from the Bowl to
    rollable: list[Attribute]
    pools: list[str]  # the player's normal pools with dice
    help_dice: int
    stress: int
    contest: NotRequired[ContestOptions]  # only while in the running contest


class Rolled(TypedDict):
    """One side of an exchange: its total, or an automatic failure."""

    total: int
    auto_fail: bool


class Exchange(TypedDict):
    """An attack waiting for its defence."""

    attacker: str
    target: str
    attack: Rolled


class Held(TypedDict):
    """Stress from a tied group, applied once everyone in ``wait_for`` has acted."""

    target: str
    stress: int
    wait_for: list[str]


class Contest(TypedDict):
    """The running contest or fight, as ``viewer`` sees it."""

    kind: Attribute
    harmful: bool
    participants: list[str]
    round: int
    acted: dict[str, bool]
    haste: dict[str, int]
    held: list[Held]
    exchange: NotRequired[Exchange]
    order: list[list[str]]  # groups acting at once, most dice first
    waiting: list[str]
    out: list[str]
    names: dict[str, str]
    stress: dict[str, int]
    initiative: NotRequired[dict[str, int]]  # the GM's view only


class WheelView(TypedDict):
    """The rules part of a Wheel of Fate table's view."""

    fate_kind: str
    bowl: int
    questions: list[str]
    last_question: str
    pools: list[Pool]
    difficulties: dict[str, str]  # target number -> its word ("10": "Hard")
    characters: dict[str, Character]  # active seats' characters
    contest: Contest | None
    me: NotRequired[Sheet]  # a seated player's own
    options: NotRequired[Options]  # a seated player's
    sheets: NotRequired[dict[str, Sheet]]  # the GM's
    npcs: NotRequired[dict[str, Npc]]  # the GM's
    compels: NotRequired[dict[str, Compel]]  # the GM's: pending, by seat
