"""The event types ``combat/will.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatFear(Payload):
    """The data of ``combat.fear``, emitted by ``fear``: ``combat.fear`` (GM): a Fear (or
    ``terror``) test: Guts against the Master's TN."""

    black_joker: bool
    bust: bool
    check: str
    dice: list[Any]
    effect: str
    mode: str
    modifier: int
    raises: int
    success: bool
    terror: bool
    tn: int
    total: int
    who: str


COMBAT_FEAR_EVENT = EventType("combat.fear", CombatFear)


class CombatUnnerved(Payload):
    """The data of ``combat.unnerved``, emitted by ``_effect``: Unnerved (−4 next action),
    Distracted (+ the highest card lost), Broken (+ the winner draws a Fate Chip)."""

    who: str


COMBAT_UNNERVED = EventType("combat.unnerved", CombatUnnerved)


class CombatWill(Payload):
    """The data of ``combat.will``, emitted by ``test_of_will``: ``combat.will``: the initiator's
    test against a target; its effects land."""

    against: JsonDict | None
    effect: str | None
    roll: JsonDict | None
    successes: int
    target: str
    test: str
    who: str


COMBAT_WILL_EVENT = EventType("combat.will", CombatWill)


class CombatWillRolls(Payload):
    """The data of ``combat.will_rolls``, emitted by ``test_of_will``: ``combat.will``: the
    initiator's test against a target; its effects land."""

    against: JsonDict
    effect: str | None
    roll: JsonDict
    successes: int
    target: str
    test: str
    who: str


COMBAT_WILL_ROLLS = EventType("combat.will_rolls", CombatWillRolls)
