"""The event types ``wheel/helping.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from pydantic import Field

from ...event_types import EventType, Payload


class HelpGiven(Payload):
    """The data of ``help.given``, emitted by ``give_help``: Add your dice as bonus dice to another
    character's next roll."""

    from_: str = Field(alias="from")
    to: str
    attribute: str
    dice: int


HELP_GIVEN = EventType("help.given", HelpGiven)
