"""Holding real events to their declarations (app.domain.event_types).

Every rule system lists the event types it may emit (``Ruleset.event_types``, with the
table's own); each type's payload model forbids a key it doesn't declare and requires
every key it declares without a default, in strict JSON types. ``check_draft`` is what
the suite-wide guard in ``tests/conftest.py`` runs on every event any test emits.
"""

from __future__ import annotations

from app.domain.event_types import AnyEventType
from app.domain.events import Event
from app.domain.jsonvalue import JsonDict
from app.domain.ruleset import events_of


class Undeclared(AssertionError):
    """An event whose type the system does not list, or whose data is not its type's."""


def declaration(system: str, name: str) -> AnyEventType:
    """The event type ``system`` declares under ``name``."""
    declared = events_of(system).get(name)
    if declared is None:
        raise Undeclared(f"{system} emits '{name}', which it does not list")
    return declared


def check_data(system: str, kind: AnyEventType, data: JsonDict) -> None:
    """``data`` is what ``kind`` declares, and ``system`` lists that very type."""
    if declaration(system, kind.name) is not kind:
        raise Undeclared(f"{system} emits an undeclared copy of '{kind.name}'")
    kind.check(data)


def check_event(system: str, event: Event) -> None:
    """A committed event (its type a name) is what ``system`` declares for it."""
    declaration(system, event.type).check(event.data)
