"""The event types ``fatesedge/gm_table.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload


class BoonDeclined(Payload):
    """The data of ``fe.boon.declined``, emitted by ``decline_boon``: 'If no, deny it — this was
    fishing, not play.' The GM passes on the offer."""

    player: str


BOON_DECLINED = EventType("fe.boon.declined", BoonDeclined)


class DvSet(Payload):
    """The data of ``fe.dv.set``, emitted by ``set_dv``: Set (or clear, with 0) the DV of a
    player's next roll, or everyone's."""

    player: str
    dv: int
    label: str


DV_SET = EventType("fe.dv.set", DvSet)


class SeatLeft(Payload):
    """The data of ``fe.seat.left``, emitted by ``seat_removed``: A player leaves the table: their
    unspent XP and Boons go back to the supply (the sheet stays as a record, with the XP it
    spent); a DV set for them, a Boon offered for their roll and a contest they are in
    lapse."""

    player: str


SEAT_LEFT = EventType("fe.seat.left", SeatLeft)


SESSION_BOOKKEEPING = EventType("fe.session.bookkeeping", NoData)


class SessionChecklist(Payload):
    """The data of ``fe.session.checklist``, emitted by ``session_ended``: 'End-of-Session
    Checklist' (4.7) and what a session's end closes: the scene ends (pins and field
    repairs), once-per-session uses come back, an unpaired overflow Boon is lost, set DVs
    and the Boon offer lapse. The GM gets the checklist; players are told what they may do
    between sessions."""

    questions: list[str]


SESSION_CHECKLIST = EventType("fe.session.checklist", SessionChecklist)
