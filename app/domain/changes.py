"""The three primitive state changes every event is made of.

Rules decide *what* happens; an event records it as changes to the table's JSON
document. Because each change knows its own inverse, undo is generic: a compensating
event applies the inverse changes, and refuses when a later event has touched the same
place ("nothing depends on it").

- ``Move``: tokens (chips, caps, boons, fate points) of one kind between containers.
  The container ``supply`` is outside the game and may go negative, so for every kind
  the sum over all containers is always zero: conservation is a one-line check.
- ``Add``: a signed delta to a number (Bounty Points, XP, a clock's segments).
- ``Put``: replace the value at a path (``None`` deletes it), remembering the old one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from .cow import IN_PLACE, Writable
from .errors import UndoRefused
from .jsonvalue import Json, JsonDict, clone

SUPPLY = "supply"
Path: TypeAlias = tuple[str, ...]


@dataclass(frozen=True)
class Move:
    """Move ``n`` tokens of ``kind`` from container ``source`` to ``target``."""

    kind: str
    source: str
    target: str
    n: int = 1


@dataclass(frozen=True)
class Add:
    """Add ``delta`` to the number at ``path`` (missing counts as 0)."""

    path: Path
    delta: int


@dataclass(frozen=True)
class Put:
    """Set ``path`` to ``new`` (``None`` removes the key); ``old`` is what was there."""

    path: Path
    old: Json
    new: Json


Change: TypeAlias = Move | Add | Put


def change_to_json(change: Change) -> JsonDict:
    """The stored form of a change."""
    if isinstance(change, Move):
        return {
            "op": "move",
            "kind": change.kind,
            "from": change.source,
            "to": change.target,
            "n": change.n,
        }
    if isinstance(change, Add):
        return {"op": "add", "path": list(change.path), "delta": change.delta}
    return {"op": "put", "path": list(change.path), "old": change.old, "new": change.new}


def change_from_json(data: JsonDict) -> Change:
    """Parse the stored form of a change."""
    op = data["op"]
    if op == "move":
        return Move(data["kind"], data["from"], data["to"], int(data["n"]))
    if op == "add":
        return Add(tuple(data["path"]), int(data["delta"]))
    return Put(tuple(data["path"]), data["old"], data["new"])


def get_path(doc: Mapping[str, Any], path: Path, default: Json = None) -> Json:
    """Read the value at ``path``, or ``default`` if any key on the way is missing.

    ``doc`` is the state or any part of it, declared (a TypedDict) or not."""
    node: Any = doc
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def _parent(doc: JsonDict, path: Path, writable: Writable) -> JsonDict:
    node = doc
    for key in path[:-1]:
        node = writable.child(node, key)
    return node


def token_count(doc: Mapping[str, Any], container: str, kind: str) -> int:
    """How many tokens of ``kind`` sit in ``container``."""
    return int(get_path(doc, ("tokens", container, kind), 0))


def tokens_in(doc: Mapping[str, Any], container: str) -> dict[str, int]:
    """A container's tokens by kind, without empty kinds."""
    found = get_path(doc, ("tokens", container), {})
    return {k: v for k, v in found.items() if v}


def _bump(tokens: JsonDict, container: str, kind: str, delta: int, writable: Writable) -> None:
    # Empty kinds and containers are dropped so equal holdings mean equal documents.
    held = writable.child(tokens, container)
    count = held.get(kind, 0) + delta
    if count:
        held[kind] = count
    else:
        held.pop(kind, None)
        if not held:
            del tokens[container]


def apply_change(doc: JsonDict, change: Change, writable: Writable = IN_PLACE) -> None:
    """Apply one change to the document (no rule checks: events are facts).

    In place by default; with a decision's ``writable``, copying on write the dicts on
    the change's path that the decision did not make (app.domain.cow).
    """
    if isinstance(change, Move):
        tokens = writable.child(doc, "tokens")
        _bump(tokens, change.source, change.kind, -change.n, writable)
        _bump(tokens, change.target, change.kind, change.n, writable)
        return
    key = change.path[-1]
    if isinstance(change, Put) and change.new is None:
        # Deleting: never build parents on the way to something that isn't there.
        holder = get_path(doc, change.path[:-1])
        if isinstance(holder, dict) and key in holder:
            _parent(doc, change.path, writable).pop(key)
        return
    parent = _parent(doc, change.path, writable)
    if isinstance(change, Add):
        parent[key] = parent.get(key, 0) + change.delta
    else:
        parent[key] = clone(change.new)


def invert(change: Change, doc: Mapping[str, Any], describe: str) -> Change:
    """The change that undoes ``change``, checked against the current document.

    Raises UndoRefused when a later event has changed what ``change`` produced, so
    undoing it would silently drop that later event's effect.
    """
    if isinstance(change, Move):
        if change.target != SUPPLY and token_count(doc, change.target, change.kind) < change.n:
            raise UndoRefused(
                f"Can't undo {describe}: those {change.kind} tokens have moved on since. "
                "Undo the later action first."
            )
        return Move(change.kind, change.target, change.source, change.n)
    if isinstance(change, Add):
        current = int(get_path(doc, change.path, 0))
        if current >= 0 > current - change.delta:
            raise UndoRefused(
                f"Can't undo {describe}: what it gave has already been used. "
                "Undo the later action first."
            )
        return Add(change.path, -change.delta)
    if get_path(doc, change.path) != change.new:
        raise UndoRefused(
            f"Can't undo {describe}: something that happened later depends on it. "
            "Undo the later action first."
        )
    return Put(change.path, change.new, change.old)
