"""The event types ``bottlecaps/extras.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload


class CapSpentForExtra(Payload):
    """The data of ``cap.spent_for_extra``, emitted by ``spend_for_extra``: ``cap.spend`` with
    ``extra``: one of the GM's general caps, for an Extra."""

    extra: str
    cap: str
    use: str


CAP_SPENT_FOR_EXTRA = EventType("cap.spent_for_extra", CapSpentForExtra)


CAP_SPENT_FOR_EXTRA_PUBLIC = EventType("cap.spent_for_extra.public", NoData)
