"""The event types ``wheel/stress.py`` emits: their names and the models of their data.

See :mod:`app.domain.event_types`."""

from __future__ import annotations

from ...event_types import EventType, Payload


class SceneEnded(Payload):
    """The data of ``scene.ended``, emitted by ``end_scene``: GM: the scene ends; all stress goes
    away (and any contest with it)."""

    cleared: list[str]


SCENE_ENDED = EventType("scene.ended", SceneEnded)


class StressChanged(Payload):
    """The data of ``stress.changed``, emitted by ``add_stress``: GM: give (or take away) stress
    dice, e.g. for a failure that hurt or embarrassed."""

    character: str
    dice: int
    reason: str


STRESS_CHANGED = EventType("stress.changed", StressChanged)


class StressOut(Payload):
    """The data of ``stress.out``, emitted by ``add_stress``: GM: give (or take away) stress dice,
    e.g. for a failure that hurt or embarrassed."""

    character: str
    out: list[str]


STRESS_OUT = EventType("stress.out", StressOut)
