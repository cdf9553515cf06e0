"""The one evolve function: a table's state is the fold of this over its events."""

from __future__ import annotations

from collections.abc import Iterable

from .changes import apply_change
from .cow import IN_PLACE, Writable
from .events import Event
from .jsonvalue import JsonDict


def evolve(state: JsonDict, event: Event, writable: Writable = IN_PLACE) -> None:
    """Apply one event to the state.

    In place rather than copy-per-event because a table's state is folded over
    thousands of events on load; decide() copies on write (``writable``, see
    app.domain.cow), so this is still a pure function of the log from the outside.
    """
    for change in event.changes:
        apply_change(state, change, writable)
    state["version"] = event.version
    rng = state.get("rng")
    if rng is not None and event.rng_cursor > rng.get("cursor", 0):
        writable.child(state, "rng")["cursor"] = event.rng_cursor


def fold(events: Iterable[Event]) -> JsonDict:
    """The state after ``events``, from nothing."""
    state: JsonDict = {}
    for event in events:
        evolve(state, event)
    return state
