"""Every event type the wheel package declares, one module per module that emits them
(see :mod:`app.domain.event_types`)."""

from __future__ import annotations

from ...event_types import AnyEventType, declared_in
from . import (
    aspects,
    contest,
    creation,
    exchange,
    fate,
    helping,
    npcs,
    rolls,
    ruleset,
    stress,
    table_gm,
)

ALL: tuple[AnyEventType, ...] = declared_in(
    aspects,
    contest,
    creation,
    exchange,
    fate,
    helping,
    npcs,
    rolls,
    ruleset,
    stress,
    table_gm,
)
