"""Where Fate's Edge keeps things in the table state, and small helpers to change them.

Layout (all under ``state["rules"]``): ``pcs/<pid>`` character sheets, ``clocks/<id>``,
``supply`` (the party Supply clock, 0–4), ``arc``, ``last_roll``, ``decks``, ``casting``,
``ritual``, ``trainings``, ``bonds``, ``front_loaded``, ``seq`` (id counter).

Tokens: ``cp`` (supply → ``gm`` bank, or ``ritual`` pool), ``boon`` (``hand:<pid>``),
``xp`` (unspent in ``hand:<pid>``, spent in ``xp-spent:<pid>``).

The parts are declared in ``rules_types`` (``Rules``, ``Settings``...), ``sheet_types``
(the character sheet) and ``roll_record``; ``rules_of``, ``sheet``, ``find``... give them.
"""

from __future__ import annotations

from typing import Any, Literal, cast, overload

from ..changes import Add, Change, Path, Put, get_path, token_count
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..event_types import AnyEventType
from ..events import EVERYONE, UNDO_OWNER, Draft
from ..jsonvalue import JsonDict
from ..state_types import TableState
from ..tokens import GM_HAND, hand
from .rules_types import Rules, Settings
from .sheet_types import Asset, Character, Follower, Gear, Holding

CP = "cp"
BOON = "boon"
XP = "xp"
RITUAL_POOL = "ritual"


#: A Fate's Edge table's whole state.
FeTable = TableState[Rules, Settings]


def rules_of(state: FeTable) -> Rules:
    """Fate's Edge's part of a table's state."""
    return state.get("rules", {})


def settings_of(state: FeTable) -> Settings:
    """A table's settings."""
    return state.get("settings", {})


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


def xp(state: FeTable, pid: str) -> int:
    return token_count(state, hand(pid), XP)


def xp_spent(state: FeTable, pid: str) -> int:
    return token_count(state, spent(pid), XP)


def boons(state: FeTable, pid: str) -> int:
    return token_count(state, hand(pid), BOON)


def cp_bank(state: FeTable) -> int:
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
