"""The one evolve function: a table's state is the fold of this over its events."""

from __future__ import annotations

from collections.abc import Iterable

from .changes import apply_change
from .events import Event
from .jsonvalue import JsonDict


def evolve(state: JsonDict, event: Event) -> None:
    """Apply one event to the state in place.

    In place rather than copy-per-event because a table's state is folded over
    thousands of events on load; decide() works on a copy, so this is still a pure
    function of the log from the outside.
    """
    for change in event.changes:
        apply_change(state, change)
    state["version"] = event.version
    rng = state.get("rng")
    if rng is not None and event.rng_cursor > rng.get("cursor", 0):
        rng["cursor"] = event.rng_cursor


def fold(events: Iterable[Event]) -> JsonDict:
    """The state after ``events``, from nothing."""
    state: JsonDict = {}
    for event in events:
        evolve(state, event)
    return state
