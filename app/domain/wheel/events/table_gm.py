"""The event types ``wheel/table_gm.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class FateAdjusted(Payload):
    """The data of ``fate.adjusted``, emitted by ``adjust_fate``: GM: give (``n`` > 0) or take
    (``n`` < 0) a player's fate points."""

    player_id: str
    n: int
    reason: str


FATE_ADJUSTED = EventType("fate.adjusted", FateAdjusted)


class FateReturned(Payload):
    """The data of ``fate.returned``, emitted by ``seat_removed``: A seat leaves: its fate points
    go back to the supply."""

    player_id: str
    n: int


FATE_RETURNED = EventType("fate.returned", FateReturned)


class PoolsLimits(Payload):
    """The data of ``pools.limits``, emitted by ``set_pool_limits``: GM: change ``pool_dice``
    and/or ``pool_max`` for the table."""

    pool_dice: int | None = None
    pool_max: int | None = None


POOLS_LIMITS_EVENT = EventType("pools.limits", PoolsLimits)
