"""The event types ``fatesedge/succession.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class CharacterReplaced(Payload):
    """The data of ``fe.character.replaced``, emitted by ``replace``: When a PC is slain or
    removed: promote a follower (50% of the deceased's total XP), an heir or partner steps
    in (20–30 XP), or a new character (standard rules)."""

    player: str
    mode: str
    xp: int
    kept: list[str]


CHARACTER_REPLACED = EventType("fe.character.replaced", CharacterReplaced)


class PatronErase(Payload):
    """The data of ``fe.patron.erase``, emitted by ``patron``: 'Once per arc, a Patron may erase a
    resource-related Complication (Diamonds).'."""

    player: str
    complication: str


PATRON_ERASE_EVENT = EventType("fe.patron.erase", PatronErase)


class XpProject(Payload):
    """The data of ``fe.xp.project``, emitted by ``project``: Invest XP in a civic, guild or temple
    project; 8+ XP grants a Patron tag."""

    player: str
    xp: int
    project: str


XP_PROJECT_EVENT = EventType("fe.xp.project", XpProject)
