"""A memo for the parts of a view that many viewers share.

Every follower's view is rendered after every event, and most of a view (each other
seat's chips, wounds and last roll; each combatant's body) is the same for every
viewer who is neither the GM nor that seat. `shared_part` computes such a part once per
table state and hands every viewer the same object: views are read-only once built
(they are encoded, compared and sent, never changed), and a copy per viewer was a
third of the host's work per event at a full table (docs/benchmarks.md).

A table's state is a new object after every accepted command (decide works on a
copy), and its ``version`` grows with every event, so (identity, version) names one
state; the memo holds the state itself so the identity cannot be reused while cached.

A part computed per viewer or per combatant from a few parts of the state (a seat's
chip options, a body) is ``remembered`` by those parts instead: states share every
part an event did not touch (app.domain.cow), so it is computed again only when one
of its own inputs changed.

A part that is a mapping (every seat's entry, every combatant's) also keeps, from
the same table's previous state, each entry that has not changed: the very object.
A follower's view is then mostly the objects it was sent last time, and the patch
against it (app.protocol.view_patch) skips them by identity instead of comparing
them for every follower. ("Unchanged" is Python's ``==``, for which ``1``, ``1.0``
and ``true`` are equal; a view member never changes between those.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from threading import Lock
from typing import Any, TypeVar

from .jsonvalue import Json

T = TypeVar("T")

#: States remembered at once (a host serves several tables; each needs one).
KEEP_STATES = 16

#: Mapping parts remembered from earlier states, per table and key.
KEEP_PREVIOUS = 256

#: Parts remembered by their inputs (``remembered``): one per seat or combatant and
#: kind of part, of every table served (a room of ten tables of ten uses 200).
KEEP_BY_INPUTS = 4096

_parts: dict[tuple[int, int], tuple[Mapping[str, Any], dict[Hashable, Json]]] = {}
_by_inputs: dict[Hashable, tuple[tuple[object, ...], Any]] = {}
_previous: dict[tuple[Hashable, int], Json] = {}
_lock = Lock()  # tests read views from another thread than the host's


def shared_part(state: Mapping[str, Any], key: Hashable, make: Callable[[], T]) -> T:
    """``make()`` for this state and ``key``, computed once and shared: do not change it."""
    name = (id(state), int(state.get("version", 0)))
    with _lock:
        entry = _parts.get(name)
        if entry is None or entry[0] is not state:
            if len(_parts) >= KEEP_STATES:
                _parts.pop(next(iter(_parts)))
            entry = _parts[name] = (state, {})
        cache = entry[1]
    if key not in cache:
        cache[key] = _keep_unchanged(state, key, make())
    part: T = cache[key]
    return part


def _keep_unchanged(state: Mapping[str, Any], key: Hashable, made: Any) -> Any:
    """``made``, with each entry equal to the one this table had before replaced by it."""
    if not isinstance(made, dict):
        return made
    table = (key, lineage(state))
    with _lock:
        before = _previous.get(table)
    if isinstance(before, dict):
        made = {k: before[k] if k in before and before[k] == v else v for k, v in made.items()}
    with _lock:
        _previous.pop(table, None)
        if len(_previous) >= KEEP_PREVIOUS:
            _previous.pop(next(iter(_previous)))
        _previous[table] = made
    return made


def remembered(name: Hashable, inputs: tuple[object, ...], make: Callable[[], T]) -> T:
    """``make()``, reused while every one of ``inputs`` is the very object it was.

    ``inputs`` must be everything ``make`` reads of a state: the parts of the state
    themselves (a seat's sheet, its hand, its roll...) and any value it depends on.
    States never change once made and keep untouched parts as the same objects
    (app.domain.cow), so the same objects mean the same answer; a part replaced by an
    equal copy is merely computed again. One answer is kept per ``name`` (name the
    table too, see ``lineage``): the newest, so memory follows the live tables. The
    entry holds its inputs, so their ids cannot be reused while it is kept. Do not
    change what this returns.
    """
    with _lock:
        hit = _by_inputs.get(name)
    if hit is not None and all(a is b for a, b in zip(hit[0], inputs, strict=True)):
        value: T = hit[1]
        return value
    value = make()
    with _lock:
        if name not in _by_inputs and len(_by_inputs) >= KEEP_BY_INPUTS:
            _by_inputs.pop(next(iter(_by_inputs)))
        _by_inputs[name] = (inputs, value)
    return value


def lineage(state: Mapping[str, Any]) -> int:
    """What tells one table's states from another's: its RNG seed, drawn at creation."""
    return int(state.get("rng", {}).get("seed", 0))
