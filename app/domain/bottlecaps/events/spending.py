"""The event types ``bottlecaps/spending.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class CapSpent(Payload):
    """The data of ``cap.spent``, emitted by ``spend``: Spend one cap for one use (see
    ``caps.USES``); the GM may name an ``extra``."""

    cap: str
    character: str
    dice: JsonDict | None = None
    edge: str | None = None
    effort: list[int] | None = None
    faces: list[Any] | None = None
    kept: bool | None = None
    roll: JsonDict | None = None
    use: str


CAP_SPENT = EventType("cap.spent", CapSpent)


CAP_SPENT_PUBLIC = EventType("cap.spent.public", NoData)
