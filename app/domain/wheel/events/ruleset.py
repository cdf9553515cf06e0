"""The event types the wheel rule system's module (``app/domain/rules/``) emits at set-up
and on seat changes: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload


class CharCreated(Payload):
    """The data of ``char.created``, emitted by ``seat_added``."""

    player_id: str
    fate: int


CHAR_CREATED = EventType("char.created", CharCreated)


WHEEL_SETUP = EventType("wheel.setup", NoData)
