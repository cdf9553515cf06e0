"""The one interface every rule system implements, and the registry of systems.

A rule system plugs into the table at a few points:

- ``default_settings`` / ``check_settings``: its table options (pot make-up, caps...).
- ``commands``: its command types (roll, spend a chip, tick a clock...), each a
  ``CommandSpec`` whose handler decides events through a ``Context``.
- hooks the shared table commands call inside the same command: ``setup`` (table
  created), ``seat_added`` / ``seat_removed``, ``session_started`` / ``session_ended``.
- ``event_types``: the event types it emits beyond the table's own (``TABLE_EVENTS``),
  each declared once with the model of its data (:mod:`app.domain.event_types`).
- ``view``: its part of the table as one viewer may see it (the Marshal's hand only to
  the GM...).

See docs/rulesets.md for how each of the five economies maps onto this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Protocol

from . import table_events
from .actors import Actor
from .commands import CommandSpec
from .context import Context
from .errors import InvalidArgs
from .event_types import AnyEventType, by_name, declared_in
from .jsonvalue import JsonDict

#: The event types every table emits, whatever its rules (``table_commands.py``).
TABLE_EVENTS: tuple[AnyEventType, ...] = declared_in(table_events)


class Ruleset(Protocol):
    """A rule system: its settings, commands, session hooks and views."""

    name: str
    title: str
    #: The declared shape of what ``view`` returns (a TypedDict), or None while the
    #: system's view is still untyped; the host publishes its JSON Schema.
    view_type: object | None
    #: The event types it emits beyond the table's own (``TABLE_EVENTS``); the host
    #: publishes their schemas, and the tests hold every event to its declaration.
    event_types: tuple[AnyEventType, ...]

    def default_settings(self) -> JsonDict: ...

    def check_settings(self, settings: JsonDict) -> JsonDict: ...

    def commands(self) -> Mapping[str, CommandSpec]: ...

    def setup(self, ctx: Context) -> None: ...

    def seat_added(self, ctx: Context, player_id: str) -> None: ...

    def seat_removed(self, ctx: Context, player_id: str) -> None: ...

    def session_started(self, ctx: Context) -> None: ...

    def session_ended(self, ctx: Context) -> None: ...

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict: ...


class BaseRuleset:
    """Sensible defaults for the hooks a system has nothing to do in."""

    name = ""
    title = ""
    view_type: object | None = None
    event_types: tuple[AnyEventType, ...] = ()

    def default_settings(self) -> JsonDict:
        return {}

    def check_settings(self, settings: JsonDict) -> JsonDict:
        """Merge ``settings`` over the defaults, refusing keys the system doesn't know."""
        merged = self.default_settings()
        unknown = sorted(set(settings) - set(merged))
        if unknown:
            raise InvalidArgs(f"Unknown setting(s) for {self.title}: {', '.join(unknown)}.")
        for key, value in settings.items():
            default = merged[key]
            if type(value) is not type(default):
                raise InvalidArgs(f"Setting '{key}' must be like {default!r}.")
            merged[key] = value
        return merged

    def commands(self) -> Mapping[str, CommandSpec]:
        return {}

    def setup(self, ctx: Context) -> None:
        return None

    def seat_added(self, ctx: Context, player_id: str) -> None:
        return None

    def seat_removed(self, ctx: Context, player_id: str) -> None:
        return None

    def session_started(self, ctx: Context) -> None:
        return None

    def session_ended(self, ctx: Context) -> None:
        return None

    def view(self, state: JsonDict, viewer: Actor) -> JsonDict:
        return {}


_REGISTRY: dict[str, Callable[[], Ruleset]] = {}


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    """Make a rule system available by name."""
    _REGISTRY[name] = factory
    events_of.cache_clear()


def get_ruleset(name: str) -> Ruleset:
    """The rule system called ``name``, or a clear error listing the known ones."""
    from . import rules

    if name not in _REGISTRY:
        rules.load(name)
    factory = _REGISTRY.get(name)
    if factory is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise InvalidArgs(f"Unknown rule system '{name}'. Known: {known}.")
    return factory()


def ruleset_names() -> list[str]:
    """The names of every registered rule system."""
    from . import rules

    rules.load_all()
    return sorted(_REGISTRY)


@cache
def events_of(name: str) -> Mapping[str, AnyEventType]:
    """Every event type a registered system may emit (the table's own included), by
    name."""
    return by_name((*TABLE_EVENTS, *get_ruleset(name).event_types))
