"""The event types ``fatechips/advancement.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class AdvanceApproved(Payload):
    """The data of ``advance.approved``, emitted by ``decide``: ``advance.approve`` /
    ``advance.deny`` (GM, ``approve`` flag): settle a request."""

    request: str
    player: str


ADVANCE_APPROVED = EventType("advance.approved", AdvanceApproved)


class AdvanceBought(Payload):
    """The data of ``advance.bought``, emitted by ``buy``: ``advance.buy``: spend Bounty Points on
    an improvement (between sessions)."""

    player: str
    what: str
    name: str
    new: int
    cost: int


ADVANCE_BOUGHT = EventType("advance.bought", AdvanceBought)


class AdvanceDenied(Payload):
    """The data of ``advance.denied``, emitted by ``decide``: ``advance.approve`` /
    ``advance.deny`` (GM, ``approve`` flag): settle a request."""

    request: str


ADVANCE_DENIED = EventType("advance.denied", AdvanceDenied)


class AdvanceRequested(Payload):
    """The data of ``advance.requested``, emitted by ``_request``."""

    cost: int
    name: str
    player: str
    request: str
    story: str
    value: int
    what: str


ADVANCE_REQUESTED = EventType("advance.requested", AdvanceRequested)
