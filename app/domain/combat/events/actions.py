"""The event types ``combat/actions.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CombatAiming(Payload):
    """The data of ``combat.aiming``, emitted by ``aim``: ``combat.aim``: lay down the called card
    and aim for ``steps`` steps; each step counted down adds a marker. Aiming doesn't lose
    the card up the sleeve."""

    who: str
    card: str
    steps: int


COMBAT_AIMING = EventType("combat.aiming", CombatAiming)


class CombatCardLost(Payload):
    """The data of ``combat.card_lost``: a fighter loses their highest Action Card (unnerved, a
    called-for discard): the table sees that a card went."""

    who: str


COMBAT_CARD_LOST = EventType("combat.card_lost", CombatCardLost)


class CombatCardLostCard(Payload):
    """The data of ``combat.card_lost_card``: which card ``combat.card_lost`` discarded, told
    to its holder (an NPC's: the GM)."""

    card: str
    from_sleeve: bool
    who: str


COMBAT_CARD_LOST_CARD = EventType("combat.card_lost_card", CombatCardLostCard)


class CombatDefence(Payload):
    """The data of ``combat.defence``, emitted by ``defend``: ``combat.defend``: an active defense
    discards the highest remaining Action Card (the sleeve's first); with ``skill`` (dodge |
    fighting) the roll is made here and becomes the TN of the next attack on the defender if
    it is higher ("The TN for the bad guy to hit you is now the greater of either his normal
    TN or your dodge or fighting roll"). Fighting without giving ground (``give_ground:
    false``) is at −4."""

    who: str
    skill: str
    roll: JsonDict
    defence: int | None


COMBAT_DEFENCE = EventType("combat.defence", CombatDefence)


class CombatDefended(Payload):
    """The data of ``combat.defended``: an active defense discards the defender's highest
    Action Card (``combat.defend``)."""

    who: str


COMBAT_DEFENDED = EventType("combat.defended", CombatDefended)


class CombatDefendedCard(Payload):
    """The data of ``combat.defended_card``: which card ``combat.defended`` discarded, told to
    its holder."""

    card: str
    from_sleeve: bool
    who: str


COMBAT_DEFENDED_CARD = EventType("combat.defended_card", CombatDefendedCard)


class CombatInterrupt(Payload):
    """The data of ``combat.interrupt``: a Quickness contest to interrupt another fighter
    (``combat.interrupt``); with an NPC on either side the rolls are null here and in
    ``combat.interrupt_rolls`` for the GM."""

    against: str
    against_roll: JsonDict | None
    roll: JsonDict | None
    who: str
    winner: str | None


COMBAT_INTERRUPT_EVENT = EventType("combat.interrupt", CombatInterrupt)


class CombatInterruptRolls(Payload):
    """The data of ``combat.interrupt_rolls``: the GM's full record of ``combat.interrupt``
    when an NPC is involved."""

    against: str
    against_roll: JsonDict
    roll: JsonDict
    who: str
    winner: str | None


COMBAT_INTERRUPT_ROLLS = EventType("combat.interrupt_rolls", CombatInterruptRolls)


class CombatPreparing(Payload):
    """The data of ``combat.preparing``, emitted by ``prepare``: ``combat.prepare``: start a Speed
    2+ action; the next Speed − 1 cards played are laid aside preparing it, the one after
    resolves it."""

    who: str
    speed: int


COMBAT_PREPARING = EventType("combat.preparing", CombatPreparing)
