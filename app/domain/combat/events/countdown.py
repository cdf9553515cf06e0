"""The event types ``combat/countdown.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatActed(Payload):
    """The data of ``combat.acted``, emitted by ``play``: ``cid`` plays the card ``named`` with
    ``action`` for the log: ``combat.act``, and the actions that play one (attack, reload,
    entangle, will). The card is checked here (those actions take it as text and haven't)."""

    action: str
    aim: JsonDict | None = None
    card: str
    from_sleeve: bool
    preparing: JsonDict | None = None
    sleeve_lost: bool | None = None
    who: str


COMBAT_ACTED = EventType("combat.acted", CombatActed)


class CombatPassed(Payload):
    """The data of ``combat.passed``, emitted by ``pass_card``: ``combat.pass``: discard a card
    instead of acting on it (keeping the sleeve)."""

    who: str
    card: str


COMBAT_PASSED = EventType("combat.passed", CombatPassed)


class CombatSleeved(Payload):
    """The data of ``combat.sleeved``, emitted by ``sleeve``: ``combat.sleeve``: when a card is
    called, put it up the sleeve instead (one at most; never a Joker)."""

    who: str


COMBAT_SLEEVED = EventType("combat.sleeved", CombatSleeved)


class CombatSleevedCard(Payload):
    """The data of ``combat.sleeved_card``, emitted by ``sleeve``: ``combat.sleeve``: when a card
    is called, put it up the sleeve instead (one at most; never a Joker)."""

    who: str
    card: str


COMBAT_SLEEVED_CARD = EventType("combat.sleeved_card", CombatSleevedCard)


class CombatStep(Payload):
    """The data of ``combat.step``, emitted by ``call_next``: ``combat.next`` (GM): start the
    countdown, or call the next step."""

    step: str | None
    counted: int
    passed: list[str]


COMBAT_STEP = EventType("combat.step", CombatStep)
