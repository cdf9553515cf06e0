"""The event types ``combat/attack.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatAttackRoll(Payload):
    """The data of ``combat.attack_roll``, emitted by ``resolve_attack``: One attack on
    ``args.target``; ``share``: this target's part of the shooter's dice, ``card_played``:
    the action's card is already played (automatic fire split between targets,
    ``autofire.py``)."""

    who: str
    target: str
    roll: JsonDict


COMBAT_ATTACK_ROLL = EventType("combat.attack_roll", CombatAttackRoll)


class CombatAttackTn(Payload):
    """The data of ``combat.attack_tn``, emitted by ``resolve_attack``: One attack on
    ``args.target``; ``share``: this target's part of the shooter's dice, ``card_played``:
    the action's card is already played (automatic fire split between targets,
    ``autofire.py``)."""

    who: str
    target: str
    tn: int


COMBAT_ATTACK_TN = EventType("combat.attack_tn", CombatAttackTn)


class CombatAttacked(Payload):
    """The data of ``combat.attacked``, emitted by ``resolve_attack``: One attack on
    ``args.target``; ``share``: this target's part of the shooter's dice, ``card_played``:
    the action's card is already played (automatic fire split between targets,
    ``autofire.py``)."""

    who: str
    target: str
    mode: str
    tn: int | None
    modifiers: list[Any]
    roll: JsonDict
    ae_dice: list[Any]
    hits: int
    how: str
    maneuver: str


COMBAT_ATTACKED = EventType("combat.attacked", CombatAttacked)


class CombatRoundsLeft(Payload):
    """The data of ``combat.rounds_left``, emitted by ``resolve_attack``: One attack on
    ``args.target``; ``share``: this target's part of the shooter's dice, ``card_played``:
    the action's card is already played (automatic fire split between targets,
    ``autofire.py``)."""

    who: str
    weapon: str


COMBAT_ROUNDS_LEFT = EventType("combat.rounds_left", CombatRoundsLeft)


class CombatSecondHand(Payload):
    """The data of ``combat.second_hand``, emitted by ``play_attack_card``: In a fight the attack
    is an action: it plays the card (or the sleeve's, or the Red Joker) like ``combat.act``,
    ``text`` for the log; outside a fight no card is needed, and the Master may leave it out
    (the card was played with ``combat.act``, or a ruling)."""

    who: str


COMBAT_SECOND_HAND = EventType("combat.second_hand", CombatSecondHand)


class CombatTwoWeapons(Payload):
    """The data of ``combat.two_weapons``, emitted by ``play_attack_card``: In a fight the attack
    is an action: it plays the card (or the sleeve's, or the Red Joker) like ``combat.act``,
    ``text`` for the log; outside a fight no card is needed, and the Master may leave it out
    (the card was played with ``combat.act``, or a ruling)."""

    who: str


COMBAT_TWO_WEAPONS = EventType("combat.two_weapons", CombatTwoWeapons)
