"""The event types ``wheel/creation.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload
from ...jsonvalue import JsonDict


class CharAnswer(Payload):
    """The data of ``char.answer``, emitted by ``set_answer``: Step 4a: answer one of the five
    questions."""

    player_id: str
    number: int
    text: str


CHAR_ANSWER_EVENT = EventType("char.answer", CharAnswer)


class CharAspect(Payload):
    """The data of ``char.aspect``, emitted by ``set_aspect``: Step 4b: one of the five aspects
    chosen from the answers."""

    player_id: str
    number: int
    text: str


CHAR_ASPECT_EVENT = EventType("char.aspect", CharAspect)


class CharAttributes(Payload):
    """The data of ``char.attributes``, emitted by ``set_attributes``: Step 3: divide the table's
    8d (9d or 10d if heroic) among the three attributes."""

    player_id: str
    attributes: JsonDict
    warnings: list[str]


CHAR_ATTRIBUTES_EVENT = EventType("char.attributes", CharAttributes)


class CharComplete(Payload):
    """The data of ``char.complete``, emitted by ``finish``: Declare the character complete once
    every step is done."""

    player_id: str


CHAR_COMPLETE = EventType("char.complete", CharComplete)


class CharConnection(Payload):
    """The data of ``char.connection``, emitted by ``set_connection``: Step 2: how this character
    knows, and feels about, one other character."""

    player_id: str
    other: str
    text: str


CHAR_CONNECTION_EVENT = EventType("char.connection", CharConnection)


class CharPools(Payload):
    """The data of ``char.pools``, emitted by ``set_pools``: Step 5: distribute three dice among
    the GM's pools."""

    player_id: str
    pools: JsonDict


CHAR_POOLS_EVENT = EventType("char.pools", CharPools)


class CharSummary(Payload):
    """The data of ``char.summary``, emitted by ``set_summary``: Step 1: the character's name and a
    description in under 50 words."""

    player_id: str
    name: str
    summary: str


CHAR_SUMMARY_EVENT = EventType("char.summary", CharSummary)


class CharWentWrong(Payload):
    """The data of ``char.went_wrong``, emitted by ``set_went_wrong``: The last question: what just
    went wrong?."""

    player_id: str
    text: str


CHAR_WENT_WRONG_EVENT = EventType("char.went_wrong", CharWentWrong)


class CreationPools(Payload):
    """The data of ``creation.pools``, emitted by ``set_pool_list``: GM: the pools available at
    this table (normal ones roll as bonus dice)."""

    pools: list[JsonDict]


CREATION_POOLS_EVENT = EventType("creation.pools", CreationPools)


class CreationQuestions(Payload):
    """The data of ``creation.questions``, emitted by ``set_questions``: GM: the table's own five
    creation questions."""

    questions: list[str]


CREATION_QUESTIONS_EVENT = EventType("creation.questions", CreationQuestions)
