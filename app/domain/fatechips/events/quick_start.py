"""The event types ``fatechips/quick_start.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class SheetQuick(Payload):
    """The data of ``sheet.quick``, emitted by ``take``: ``sheet.quick``: put an archetype's traits
    and aptitude on a blank sheet."""

    player: str
    archetype: str


SHEET_QUICK_EVENT = EventType("sheet.quick", SheetQuick)
