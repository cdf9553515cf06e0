"""An event type: its name in the log and the model of its ``data``, declared once.

The rule code declares each event type in its package's ``events`` modules, one module
per module that emits them (``combat/events/attack.py`` for ``combat/attack.py``)::

    class CapsAwarded(Payload):
        player_id: str
        caps: list[str]
        chosen: bool

    CAPS_AWARDED = EventType("caps.awarded", CapsAwarded)

and emits it with ``ctx.emit(Draft(CAPS_AWARDED, text, data={...}))``. An event type
named like the command that emits it is ``<NAME>_EVENT`` (``COMBAT_HAZARD_EVENT``
beside the command ``COMBAT_HAZARD``). Readers import the type rather than spell its
name: the UI compares ``event["type"]`` with ``CAPS_AWARDED.name``. Each rule system
lists the types it may emit (``Ruleset.event_types``); ``GET /api/rulesets`` and the
OpenAPI document publish their schemas, and the tests validate every event the suite
decides against its declaration (strictly: a key added or dropped fails).

``data`` stays the plain dict the rule builds, so emitting costs nothing more than a
string did: as with views, the tests hold the dict to the declaration, not mypy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from .jsonvalue import JsonDict


class Payload(BaseModel):
    """The base of every event's ``data``: strict JSON types, no key undeclared."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class NoData(Payload):
    """An event that carries no data (its log line says it all)."""


D = TypeVar("D", bound=Payload)


class EventType(Generic[D]):
    """An event's name and the model of its data (see the module's docstring)."""

    __slots__ = ("name", "payload")

    def __init__(self, name: str, payload: type[D]) -> None:
        self.name = name
        self.payload = payload

    def __repr__(self) -> str:
        return f"EventType({self.name!r}, {self.payload.__name__})"

    def __str__(self) -> str:
        return self.name

    @property
    def summary(self) -> str:
        """What the event records: the first paragraph of its payload's docstring."""
        doc = (self.payload.__doc__ or "").strip().split("\n\n")[0]
        return " ".join(doc.split())

    def check(self, data: JsonDict) -> D:
        """``data`` read as this type's payload (pydantic's ValidationError if it is not
        what the declaration says)."""
        return self.payload.model_validate(data)

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this type's data."""
        return self.payload.model_json_schema()


AnyEventType = EventType[Any]


def declared_in(*modules: ModuleType) -> tuple[AnyEventType, ...]:
    """Every event type the ``modules`` declare at their top level, in order."""
    found: dict[int, AnyEventType] = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, EventType):
                found[id(value)] = value
    return tuple(found.values())


def by_name(types: Iterable[AnyEventType]) -> Mapping[str, AnyEventType]:
    """``types`` keyed by name (a name declared twice for one system is a mistake)."""
    named: dict[str, AnyEventType] = {}
    for t in types:
        if named.setdefault(t.name, t) is not t:
            raise ValueError(f"event type {t.name!r} is declared twice")
    return named
