"""The event types the bottlecaps rule system's module (``app/domain/rules/``) emits at set-up
and on seat changes: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData

BOTTLECAPS_READY = EventType("bottlecaps.ready", NoData)
