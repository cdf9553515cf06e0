"""The event types ``wheel/fate.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from pydantic import Field

from ...event_types import EventType, Payload


class BowlFilled(Payload):
    """The data of ``bowl.filled``, emitted by ``fill_bowl``: At game start the GM puts five fate
    points per player in the Bowl."""

    bowl: int


BOWL_FILLED = EventType("bowl.filled", BowlFilled)


class BowlGiven(Payload):
    """The data of ``bowl.given``, emitted by ``give_from_bowl``: A player recognises something
    cool another player did with a point from the Bowl."""

    from_: str = Field(alias="from")
    to: str
    reason: str


BOWL_GIVEN = EventType("bowl.given", BowlGiven)


class CompelAccepted(Payload):
    """The data of ``compel.accepted``, emitted by ``accept_compel``: Take the GM's fate point and
    let the aspect complicate things."""

    aspect: int | None
    aspect_text: str
    player_id: str
    text: str


COMPEL_ACCEPTED = EventType("compel.accepted", CompelAccepted)


class CompelOffered(Payload):
    """The data of ``compel.offered``, emitted by ``offer_compel``: GM: offer a fate point to make
    an aspect complicate the character's life."""

    aspect: int | None
    aspect_text: str
    player_id: str
    text: str


COMPEL_OFFERED = EventType("compel.offered", CompelOffered)


class CompelRefused(Payload):
    """The data of ``compel.refused``, emitted by ``refuse_compel``: Counter the GM's offer by
    spending one of your own fate points."""

    player_id: str
    aspect: int


COMPEL_REFUSED = EventType("compel.refused", CompelRefused)


class CompelWithdrawn(Payload):
    """The data of ``compel.withdrawn``, emitted by ``withdraw_compel``: GM: take back an offer
    that hasn't been answered."""

    player_id: str


COMPEL_WITHDRAWN = EventType("compel.withdrawn", CompelWithdrawn)


class FateDeclare(Payload):
    """The data of ``fate.declare``, emitted by ``declare``: Spend a fate point to declare a fact
    or a coincidence (stronger with an aspect)."""

    player_id: str
    kind: str
    text: str
    aspect: int | None


FATE_DECLARE_EVENT = EventType("fate.declare", FateDeclare)
