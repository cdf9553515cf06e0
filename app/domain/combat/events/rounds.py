"""The event types ``combat/rounds.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CombatEnded(Payload):
    """The data of ``combat.ended``, emitted by ``end``: ``combat.end`` (GM): the fight is over;
    cards, sleeves and preparation go."""

    round: int


COMBAT_ENDED = EventType("combat.ended", CombatEnded)


class CombatJoined(Payload):
    """The data of ``combat.joined``, emitted by ``join``: A seat or NPC that appears mid-fight
    gets a place (it draws next round)."""

    who: str


COMBAT_JOINED = EventType("combat.joined", CombatJoined)


class CombatLeft(Payload):
    """The data of ``combat.left``, emitted by ``leave``: A seat or NPC leaves: its cards go to its
    side's discard pile."""

    who: str


COMBAT_LEFT = EventType("combat.left", CombatLeft)


class CombatRound(Payload):
    """The data of ``combat.round``, emitted by ``next_round``: ``combat.round`` (GM): the round
    ends: unplayed cards are discarded, bleeding costs Wind, decks are reshuffled when the
    rules say, and a new round's draw begins."""

    round: int
    reshuffled: list[str]


COMBAT_ROUND_EVENT = EventType("combat.round", CombatRound)


class CombatStarted(Payload):
    """The data of ``combat.started``, emitted by ``start``: ``combat.start`` (GM): both decks
    shuffled, every seat and NPC joins, round 1."""

    round: int
    fighters: list[str]


COMBAT_STARTED = EventType("combat.started", CombatStarted)
