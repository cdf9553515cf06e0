"""The event types every table shares (``app/domain/table_commands.py`` emits them):
their names and the models of their data. See :mod:`app.domain.event_types`."""

from __future__ import annotations

from .event_types import EventType, Payload
from .jsonvalue import JsonDict


class Note(Payload):
    """The data of ``note``, emitted by ``note``: A free-text line in the log (fiction, a ruling, a
    reminder)."""

    text: str


NOTE_EVENT = EventType("note", Note)


class SeatAdded(Payload):
    """The data of ``seat.added``, emitted by ``_add_seat``."""

    player_id: str
    name: str


SEAT_ADDED = EventType("seat.added", SeatAdded)


class SeatRemoved(Payload):
    """The data of ``seat.removed``, emitted by ``remove_seat``."""

    player_id: str


SEAT_REMOVED = EventType("seat.removed", SeatRemoved)


class SeatRenamed(Payload):
    """The data of ``seat.renamed``, emitted by ``rename_seat``."""

    player_id: str
    name: str


SEAT_RENAMED = EventType("seat.renamed", SeatRenamed)


class SessionEnded(Payload):
    """The data of ``session.ended``, emitted by ``end_session``."""

    number: int


SESSION_ENDED = EventType("session.ended", SessionEnded)


class SessionStarted(Payload):
    """The data of ``session.started``, emitted by ``start_session``."""

    number: int


SESSION_STARTED = EventType("session.started", SessionStarted)


class TableCreated(Payload):
    """The data of ``table.created``, emitted by ``create_table``: Decide the first event of a
    table, then let the rule system set up."""

    name: str
    ruleset: str
    settings: JsonDict


TABLE_CREATED = EventType("table.created", TableCreated)


class Undo(Payload):
    """The data of ``undo``, emitted by ``undo``: Undo one earlier command with a compensating
    event (the log is never edited)."""

    command_id: str
    versions: list[int]


UNDO_EVENT = EventType("undo", Undo)


class UndoDetail(Payload):
    """The data of ``undo.detail``, emitted by ``undo``: Undo one earlier command with a
    compensating event (the log is never edited)."""

    command_id: str


UNDO_DETAIL = EventType("undo.detail", UndoDetail)
