"""Where Wheel of Fate keeps its data in the table state, and typed ways to read it.

``state["rules"]`` holds:

- ``questions``: the five creation questions (the GM may replace them);
- ``pools``: the table's pool list, ``[{"name", "special"}]``;
- ``chars``: every character by id: player characters under their seat id ("p1"),
  GM-side characters under "n1", "n2"... (``npc: true``);
- ``next_npc``: the number of the next GM-side character;
- ``contest``: the running contest or fight, if any.

Fate points are tokens of kind ``fate`` in ``hand:<pid>``, ``bowl`` and ``supply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from ..changes import Path, Put, get_path, token_count
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..jsonvalue import Json, clone
from ..state_types import TableState
from ..tokens import hand

if TYPE_CHECKING:  # view_types imports this module; the shared records are declared there
    from .view_types import Compel, Exchange, Held, Help, Pool

FATE = "fate"
BOWL = "bowl"
SUPPLY = "supply"
#: One of the three attributes.
Attribute = Literal["physical", "mental", "social"]
ATTRIBUTES: tuple[Attribute, ...] = ("physical", "mental", "social")
#: What more stress than an attribute makes a character.
OutWord = Literal["unconscious", "insensible", "incoherent"]
OUT_WORDS: dict[str, OutWord] = {
    "physical": "unconscious",
    "mental": "insensible",
    "social": "incoherent",
}
DEFAULT_QUESTIONS = [
    "What is your greatest strength?",
    "What is your greatest weakness?",
    "What do you want?",
    "What is keeping you from getting it?",
    "What are you doing about it?",
]
LAST_QUESTION = "What just went wrong?"
ASPECT_SLOTS = 5


class WheelChar(TypedDict, total=False):
    """One character, ``state["rules"]["chars"][cid]``.

    A player character (under its seat id) has every key of ``sheet.blank_sheet``, and
    ``compel`` while a compel waits for its answer; a GM-side character (``npc: True``,
    written by ``npcs.add``) has ``name``, ``attributes``, ``stress`` and ``help`` only.
    """

    npc: bool
    name: str
    summary: str
    connections: dict[str, str]  # by the other seat's id
    attributes: dict[str, int]  # empty until split (a player's), then all three
    answers: dict[str, str]  # by question number ("1".."5")
    aspects: dict[str, str]  # by number; the GM's later ones after "5"
    pools: dict[str, int]
    went_wrong: str
    stress: int
    help: list[Help]  # dice given to the next roll
    complete: bool
    compel: Compel


class WheelContest(TypedDict):
    """The running contest or fight, ``state["rules"]["contest"]`` (``contest.start``)."""

    kind: Attribute
    harmful: bool
    participants: list[str]
    round: int
    acted: dict[str, bool]
    haste: dict[str, int]
    held: list[Held]
    exchange: NotRequired[Exchange]  # an attack waiting for its defence


class WheelRules(TypedDict, total=False):
    """Wheel of Fate's part of the table state, ``state["rules"]`` (see the module)."""

    questions: list[str]
    pools: list[Pool]
    chars: dict[str, WheelChar]
    next_npc: int
    contest: WheelContest


class WheelSettings(TypedDict, total=False):
    """Wheel of Fate's table settings, ``state["settings"]`` (the defaults and their
    limits: ``rules/wheel_of_fate.py``; the GM changes the pool limits in play)."""

    attribute_dice: int  # 8, or 9 / 10 for heroic tables
    starting_fate_points: int
    bowl_per_player: int
    pool_dice: int
    pool_max: int
    spent_fate_points_go_to: str  # supply | bowl


#: A Wheel of Fate table's whole state.
WheelTable = TableState[WheelRules, WheelSettings]


def settings_of(ctx: Context) -> WheelSettings:
    """The settings of the table a command is decided on."""
    table: WheelTable = ctx.state
    return table.get("settings", {})


def rules_of(state: WheelTable) -> WheelRules:
    """The rules part of a Wheel of Fate table."""
    return state.get("rules", {})


def seated(state: WheelTable, pid: str) -> bool:
    """Whether ``pid`` is a seat still at the table (not one removed)."""
    seat = state.get("seats", {}).get(pid)
    return seat is not None and seat.get("active", False)


def seat_name(state: WheelTable, pid: str) -> str:
    """The seat's name (its id once the seat is gone)."""
    seat = state["seats"].get(pid)
    return pid if seat is None else seat.get("name", pid)


def put(ctx: Context, path: Path, new: Json) -> Put:
    """A Put whose ``old`` is what the scratch state holds now (undo relies on it)."""
    return Put(path, clone(get_path(ctx.state, path)), new)


def char_path(cid: str, *rest: str) -> Path:
    return ("rules", "chars", cid, *rest)


def chars(state: WheelTable) -> dict[str, WheelChar]:
    """Every character, player-side and GM-side, by id."""
    return rules_of(state).get("chars", {})


def char(state: WheelTable, cid: str) -> WheelChar:
    """One character, or a clear error."""
    found = chars(state).get(cid)
    if found is None:
        raise InvalidArgs(f"There is no character '{cid}' at this table.")
    return found


def is_npc(state: WheelTable, cid: str) -> bool:
    return bool(chars(state).get(cid, {}).get("npc", False))


def char_name(ctx: Context, cid: str) -> str:
    """The character's name, falling back to the seat's name."""
    found = chars(ctx.state).get(cid, {})
    if found.get("npc"):
        return str(found.get("name", cid))
    return str(found.get("name") or ctx.name_of(cid))


def acting_character(ctx: Context, player: str | None, npc: str | None) -> str:
    """The character a command acts for: your own, or (GM) ``player`` or ``npc``."""
    if npc is not None:
        ctx.require_gm("act for a GM-side character")
        if not is_npc(ctx.state, npc):
            raise InvalidArgs(f"There is no GM-side character '{npc}'.")
        return npc
    pid = ctx.target(player)
    char(ctx.state, pid)
    return pid


def character_ref(ctx: Context, value: str) -> str:
    """A character named in an argument (a seat id or a GM-side character id)."""
    found = chars(ctx.state).get(value)
    if found is None or (not found.get("npc") and value not in ctx.seats()):
        raise InvalidArgs(f"There is no character '{value}' at this table.")
    if found.get("npc") and not ctx.actor.is_gm and not _in_contest(ctx.state, value):
        # GM-side characters are the GM's secret until they act in a contest: to a
        # player, one not in the running contest answers like one that doesn't exist.
        raise InvalidArgs(f"There is no character '{value}' at this table.")
    return value


def _in_contest(state: WheelTable, cid: str) -> bool:
    contest = rules_of(state).get("contest")
    return isinstance(contest, dict) and cid in contest.get("participants", [])


def attribute(record: WheelChar, name: str) -> int | None:
    """An attribute's dice, or None while it hasn't been assigned."""
    value = record.get("attributes", {}).get(name)
    return None if value is None else int(value)


def is_out(record: WheelChar, name: str) -> bool:
    """More stress dice than the attribute: it can't be rolled, conflicts of it are lost."""
    value = attribute(record, name)
    return value is not None and int(record.get("stress", 0)) > value


def require_attribute(ctx: Context, cid: str, name: str) -> int:
    """The attribute's dice for a roll, refusing unassigned or stressed-out ones."""
    record = char(ctx.state, cid)
    value = attribute(record, name)
    who = char_name(ctx, cid)
    if value is None:
        raise RuleViolation(f"{who} hasn't assigned attributes yet.")
    if is_out(record, name):
        raise RuleViolation(
            f"{who} has more stress than {name.title()} and is {OUT_WORDS[name]}: "
            f"{name.title()} can't be rolled until the stress goes away."
        )
    return value


def fate_of(state: WheelTable, pid: str) -> int:
    return token_count(state, hand(pid), FATE)


def require_fate(ctx: Context, pid: str, n: int, what: str) -> None:
    if is_npc(ctx.state, pid) and n:
        raise RuleViolation("GM-side characters have no fate points.")
    have = fate_of(ctx.state, pid)
    if have < n:
        raise RuleViolation(
            f"{what} needs {n} fate point{'s' if n != 1 else ''}; {char_name(ctx, pid)} has {have}."
        )


def spent_to(ctx: Context) -> str:
    """Where spent fate points go (a table setting: out of the game, or the Bowl)."""
    return BOWL if settings_of(ctx).get("spent_fate_points_go_to") == BOWL else SUPPLY
