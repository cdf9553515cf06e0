"""The shape of a table's state, declared once: the parts every table has.

A table's state stays a plain JSON document at runtime (the store, the events,
copy on write in ``cow.py`` and the views all rely on that); these ``TypedDict``\\ s
only tell mypy which keys each part has, so handlers and views read declared keys.
Each rule system declares its own part (``state["rules"]``) beside the code that owns
it and names the whole table as ``TableState[ItsRules]``, or
``TableState[ItsRules, ItsSettings]`` with its settings declared too (Fate chips:
``ChipsTable`` in ``app/domain/fatechips/state.py``). A bare ``TableState`` leaves
``rules`` as ``Any`` (and the settings a plain dict), for the shared code that never
reads inside them; a ``TableState[Any]`` and a system's own convert to each other.

``table.created`` writes ``name``, ``ruleset``, ``settings``, ``rng``, ``session``,
``seats``, ``next_seat`` and ``undone``; every event sets ``version``; ``tokens``
appears with the first ``Move`` and ``rules`` with the system's first event. Before
that (a table being created, a log being folded) the state is ``{}``, so the root is
``total=False``: read what may be missing with ``.get``.

``Context.state`` is such a state, declared ``Any`` so each system's helpers take it as
their own ``TableState[...]``; ``Table.state`` and ``fold`` (the host's and the tests'
handle on it) still declare a plain dict.
"""

from __future__ import annotations

from typing import Any, Generic

from typing_extensions import TypedDict, TypeVar

from .jsonvalue import JsonDict

#: The rule system's own part of the state (``state["rules"]``).
RulesT = TypeVar("RulesT", default=Any)
#: The table's settings (``state["settings"]``): the system's own keys.
SettingsT = TypeVar("SettingsT", default=JsonDict)

#: ``state["tokens"]``: container (``pot``, ``hand:p1``, ``gm``, ``supply``...) ->
#: token kind -> count. Empty kinds and containers are dropped (``changes._bump``).
Tokens = dict[str, dict[str, int]]


class RngState(TypedDict):
    """``state["rng"]``: the seed and the next draw's cursor (``app/domain/rng.py``)."""

    seed: int
    cursor: int


class SessionState(TypedDict):
    """``state["session"]``: the session's number (0 before the first) and whether one
    is running (``session.start`` / ``session.end``)."""

    number: int
    active: bool


class SeatState(TypedDict):
    """``state["seats"][player_id]``: a seat at the table. A removed seat stays with
    ``active`` False (so an undo restores it)."""

    name: str
    active: bool


class TableState(TypedDict, Generic[RulesT, SettingsT], total=False):
    """The whole state of one table (``Table.state``, ``Context.state``)."""

    name: str
    ruleset: str
    #: The rule system's options chosen at creation (``Ruleset.check_settings``).
    settings: SettingsT
    rng: RngState
    session: SessionState
    seats: dict[str, SeatState]
    next_seat: int
    #: Undone command id -> the version of its first event (``undo``).
    undone: dict[str, int]
    version: int
    tokens: Tokens
    rules: RulesT
