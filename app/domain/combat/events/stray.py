"""The event types ``combat/stray.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload


class CombatStray(Payload):
    """The data of ``combat.stray``, emitted by ``check``: Check each missed round against the
    bystanders in order (``faces``: d6s rolled at the table, used first); strike whoever is
    hit."""

    rolls: list[Any]
    hit: str | None
    on: int


COMBAT_STRAY = EventType("combat.stray", CombatStray)
