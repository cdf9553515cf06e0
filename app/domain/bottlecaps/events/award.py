"""The event types ``bottlecaps/award.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CapsAwarded(Payload):
    """The data of ``caps.awarded``, emitted by ``award``: GM: give a player ``n`` caps from the
    pot, drawn at random or of one colour."""

    player_id: str
    caps: list[str]
    chosen: bool


CAPS_AWARDED = EventType("caps.awarded", CapsAwarded)
