"""Every event type the combat package declares, one module per module that emits them
(see :mod:`app.domain.event_types`)."""

from __future__ import annotations

from ...event_types import AnyEventType, declared_in
from . import (
    actions,
    ammo,
    attack,
    countdown,
    draw,
    entangle,
    falling,
    flow,
    hazards,
    healing,
    movement,
    npcs,
    ongoing,
    rounds,
    stray,
    stun,
    will,
    wind,
)

ALL: tuple[AnyEventType, ...] = declared_in(
    actions,
    ammo,
    attack,
    countdown,
    draw,
    entangle,
    falling,
    flow,
    hazards,
    healing,
    movement,
    npcs,
    ongoing,
    rounds,
    stray,
    stun,
    will,
    wind,
)
