"""The event types ``fatechips/trade.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from pydantic import Field

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class TradeApproved(Payload):
    """The data of ``trade.approved``, emitted by ``approve``: ``trade.approve`` (GM): the gift
    goes to the receiver, the payment into the pot."""

    trade: str


TRADE_APPROVED = EventType("trade.approved", TradeApproved)


class TradeDenied(Payload):
    """The data of ``trade.denied``: a pending trade given back to its giver: denied by the
    receiver or the GM (``trade.deny``), or withdrawn (``trade.withdrew``, the same
    data)."""

    trade: str


TRADE_DENIED = EventType("trade.denied", TradeDenied)


class TradeProposed(Payload):
    """The data of ``trade.proposed``, emitted by ``propose``: ``trade.propose``: offer one chip to
    another player, paying the pot for it."""

    colour: str
    fiction: str
    from_: str = Field(alias="from")
    payment: JsonDict
    to: str
    trade: str


TRADE_PROPOSED = EventType("trade.proposed", TradeProposed)


TRADE_WITHDREW = EventType("trade.withdrew", TradeDenied)
