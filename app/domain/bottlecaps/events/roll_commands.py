"""The event types ``bottlecaps/roll_commands.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict


class RollDamage(Payload):
    """The data of ``roll.damage``: a damage roll made the character's roll in progress
    (``roll.damage``); for a Wild Card NPC the GM's only, the table hearing
    ``roll.damage.public``."""

    character: str
    roll: JsonDict


ROLL_DAMAGE_EVENT = EventType("roll.damage", RollDamage)


ROLL_DAMAGE_PUBLIC = EventType("roll.damage.public", NoData)


class RollTrait(Payload):
    """The data of ``roll.trait``: a trait roll made the character's roll in progress
    (``roll.trait``); for a Wild Card NPC the GM's only, the table hearing
    ``roll.trait.public``."""

    character: str
    roll: JsonDict


ROLL_TRAIT_EVENT = EventType("roll.trait", RollTrait)


ROLL_TRAIT_PUBLIC = EventType("roll.trait.public", NoData)
