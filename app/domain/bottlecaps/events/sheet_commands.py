"""The event types ``bottlecaps/sheet_commands.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class SheetUpdated(Payload):
    """The data of ``sheet.updated``, emitted by ``update_sheet``: Change any fields of a character
    sheet (see ``sheet.FIELDS``)."""

    character: str
    changes: JsonDict


SHEET_UPDATED = EventType("sheet.updated", SheetUpdated)
