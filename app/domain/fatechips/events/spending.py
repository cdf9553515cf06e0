"""The event types ``fatechips/spending.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class ChipsSpent(Payload):
    """The data of ``chips.spent``, emitted by ``_improve``."""

    spender: str
    owner: str
    colour: str
    use: str
    die: list[int] | None = None
    roll: JsonDict | None = None
    outcome: JsonDict | None = None
    label: str | None = None


CHIPS_SPENT = EventType("chips.spent", ChipsSpent)
