"""The event types ``combat/wind.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatBled(Payload):
    """The data of ``combat.bled``, emitted by ``bleed_all``: End of round: everyone bleeding loses
    their Wind for the round."""

    who: str
    amount: int
    wind: int
    bled_out: bool


COMBAT_BLED = EventType("combat.bled", CombatBled)
