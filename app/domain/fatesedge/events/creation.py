"""The event types ``fatesedge/creation.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CharacterCreated(Payload):
    """The data of ``fe.character.created``, emitted by ``new_sheet``: Every seat gets a character
    in creation with the starting pool (30 XP)."""

    player: str
    xp: int


CHARACTER_CREATED = EventType("fe.character.created", CharacterCreated)


class CharacterDeficit(Payload):
    """The data of ``fe.character.deficit``, emitted by ``deficit``: 'Obligation Deficit: You may
    begin with a deficit of up to 2 XP.'."""

    player: str
    xp: int
    reason: str


CHARACTER_DEFICIT_EVENT = EventType("fe.character.deficit", CharacterDeficit)


class CharacterKit(Payload):
    """The data of ``fe.character.kit``, emitted by ``kit``: 'Characters begin with one free kit.'
    It is gear on the sheet (it may become Compromised like any item)."""

    player: str
    gear: str
    kit: str


CHARACTER_KIT_EVENT = EventType("fe.character.kit", CharacterKit)


class CharacterPregen(Payload):
    """The data of ``fe.character.pregen``, emitted by ``take_pregen``: Take one of the three
    sample characters, ready to play."""

    player: str
    pregen: str
    build: str
    cost: int


CHARACTER_PREGEN_EVENT = EventType("fe.character.pregen", CharacterPregen)


class CharacterReady(Payload):
    """The data of ``fe.character.ready``, emitted by ``finish``: Finish character creation: from
    now on XP buys take downtime."""

    player: str


CHARACTER_READY = EventType("fe.character.ready", CharacterReady)


class CharacterTrade(Payload):
    """The data of ``fe.character.trade``, emitted by ``trade``: 'Complication Trade: up to 2
    Complications during Session 0, each +1 XP' — rolled on the d10 Starting Complications
    table, or chosen by the GM."""

    name: str
    player: str
    roll: int
    text: str


CHARACTER_TRADE_EVENT = EventType("fe.character.trade", CharacterTrade)
