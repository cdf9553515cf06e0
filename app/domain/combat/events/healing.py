"""The event types ``combat/healing.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from typing import Any

from ...event_types import EventType, NoData, Payload
from ...jsonvalue import JsonDict

HEAL_HOUR_EVENT = EventType("heal.hour", NoData)


class HealMedicine(Payload):
    """The data of ``heal.medicine``, emitted by ``medicine``: ``heal.medicine``: the healer treats
    one fresh wounded area of the patient."""

    bust: bool
    check: str
    dice: list[Any]
    healer: str
    location: str
    mode: str
    modifier: int
    patient: str
    raises: int
    success: bool
    tn: int
    total: int


HEAL_MEDICINE_EVENT = EventType("heal.medicine", HealMedicine)


class HealNatural(Payload):
    """The data of ``heal.natural``, emitted by ``natural``: ``heal.natural`` (GM): 5 days have
    passed: a Vigor roll for each wounded area."""

    who: str
    results: JsonDict


HEAL_NATURAL_EVENT = EventType("heal.natural", HealNatural)


class HealRest(Payload):
    """The data of ``heal.rest``, emitted by ``rest``: ``heal.rest`` (GM): minutes pass; Wind comes
    back at 1 per minute."""

    who: str
    minutes: int
    wind: int


HEAL_REST_EVENT = EventType("heal.rest", HealRest)


class HealWake(Payload):
    """The data of ``heal.wake``, emitted by ``wake``: ``heal.wake``: a Fair (5) medicine roll
    wakes an unconscious character."""

    bust: bool
    check: str
    dice: list[Any]
    healer: str
    mode: str
    modifier: int
    patient: str
    raises: int
    success: bool
    tn: int
    total: int


HEAL_WAKE_EVENT = EventType("heal.wake", HealWake)


class HealWind(Payload):
    """The data of ``heal.wind``, emitted by ``bandage``: ``heal.wind``: a Foolproof (3) medicine
    roll of any kind restores all Wind."""

    bust: bool
    check: str
    dice: list[Any]
    healer: str
    mode: str
    modifier: int
    patient: str
    raises: int
    success: bool
    tn: int
    total: int


HEAL_WIND_EVENT = EventType("heal.wind", HealWind)
