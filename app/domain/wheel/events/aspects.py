"""The event types ``wheel/aspects.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class AspectAdded(Payload):
    """The data of ``aspect.added``, emitted by ``add_aspect``: GM: give a character a further
    aspect."""

    player_id: str
    number: int
    text: str


ASPECT_ADDED = EventType("aspect.added", AspectAdded)


class AspectRemoved(Payload):
    """The data of ``aspect.removed``, emitted by ``remove_aspect``: GM: remove an aspect added
    after creation (the five from creation stay)."""

    player_id: str
    number: int


ASPECT_REMOVED = EventType("aspect.removed", AspectRemoved)
