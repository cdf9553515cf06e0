"""Copy on write: how a decision changes a state without touching the one it started from.

A command is decided on top of the table's state (or the last one still waiting for
the disk), and that state must stay as it was: the table keeps serving it until the
decision is committed, and a refused command leaves no trace. Copying the whole state
first did that, at the price of a full copy per command and of every part of every
state being a new object. Instead, each change copies only the dicts on its own path,
once per decision (a shallow copy each); everything an event did not touch stays the
very same object from one state to the next, which the views and the patch sent to
followers use to skip what did not change (app.domain.memo, app.protocol.view_patch).

Every change to a state goes through ``apply_change`` (Move, Add, Put) and ``evolve``,
which reach containers through a ``Writable``. A test wraps ``Table.decide`` over the
whole suite to check that no rule writes into a state behind their back.
"""

from __future__ import annotations

from .jsonvalue import JsonDict


class Writable:
    """The dicts one decision may change in place: those it made or copied itself."""

    def __init__(self, root: JsonDict) -> None:
        # Kept by identity *and* referenced, so a dropped copy's id is never reused.
        self._mine: dict[int, JsonDict] = {id(root): root}

    def child(self, parent: JsonDict, key: str) -> JsonDict:
        """``parent[key]`` as a dict this decision may change (``parent`` must be one);
        copied on first write, made if missing. Anything else there is returned as it is,
        exactly as ``setdefault`` does in place, so deciding and replaying agree."""
        if key not in parent:
            node: JsonDict = {}
        else:
            found = parent[key]
            if type(found) is not dict or id(found) in self._mine:
                return found  # type: ignore[no-any-return]
            node = dict(found)
        parent[key] = node
        self._mine[id(node)] = node
        return node


class InPlace(Writable):
    """Every dict may be changed where it is: folding a log into a fresh state."""

    def __init__(self) -> None:
        super().__init__({})

    def child(self, parent: JsonDict, key: str) -> JsonDict:
        node: JsonDict = parent.setdefault(key, {})
        return node


IN_PLACE = InPlace()
