"""The event types ``combat/draw.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, Payload


class CombatCards(Payload):
    """The data of ``combat.cards``, emitted by ``draw``: ``combat.draw``: the Quickness roll
    against TN 3 and the cards it draws."""

    who: str
    hand: list[str]
    drawn: list[str]
    discarded: list[str]


COMBAT_CARDS = EventType("combat.cards", CombatCards)


class CombatDrew(Payload):
    """The data of ``combat.drew``, emitted by ``draw``: ``combat.draw``: the Quickness roll
    against TN 3 and the cards it draws."""

    who: str
    side: str
    drawn: int
    jokers: list[str]
    bust: bool | None = None
    check: str | None = None
    count: int | None = None
    dice: list[Any] | None = None
    mode: str | None = None
    modifier: int | None = None
    raises: int | None = None
    success: bool | None = None
    tn: int | None = None
    total: int | None = None


COMBAT_DREW = EventType("combat.drew", CombatDrew)


class CombatHeld(Payload):
    """The data of ``combat.held``, emitted by ``hold``: ``combat.hold``: skip the Quickness roll
    this round to keep the card up the sleeve."""

    who: str


COMBAT_HELD = EventType("combat.held", CombatHeld)


class CombatKept(Payload):
    """The data of ``combat.kept``, emitted by ``keep``: ``combat.keep``: choose the two cards to
    keep; the rest are discarded."""

    who: str


COMBAT_KEPT = EventType("combat.kept", CombatKept)


class CombatKeptCards(Payload):
    """The data of ``combat.kept_cards``, emitted by ``keep``: ``combat.keep``: choose the two
    cards to keep; the rest are discarded."""

    who: str
    kept: list[str]
    discarded: list[str]


COMBAT_KEPT_CARDS = EventType("combat.kept_cards", CombatKeptCards)


class CombatSurprise(Payload):
    """The data of ``combat.surprise``, emitted by ``surprise``: ``combat.surprise`` (GM): a Guts
    check, Fair (5) if expecting danger, Incredible (11) if not; a surprised character gets
    no cards that round and needs an Easy (3) Guts check to act the next."""

    bust: bool
    check: str
    dice: list[Any]
    mode: str
    modifier: int
    raises: int
    success: bool
    surprised: bool
    tn: int
    total: int
    who: str


COMBAT_SURPRISE_EVENT = EventType("combat.surprise", CombatSurprise)
