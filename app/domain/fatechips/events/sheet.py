"""The event types ``fatechips/sheet.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class SheetUpdated(Payload):
    """The data of ``sheet.updated``, emitted by ``update``: Edit one entry of a sheet: the player
    between sessions, the GM at any time."""

    player: str
    path: list[str]
    value: JsonDict | int | str


SHEET_UPDATED = EventType("sheet.updated", SheetUpdated)
