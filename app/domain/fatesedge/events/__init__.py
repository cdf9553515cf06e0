"""Every event type the fatesedge package declares, one module per module that emits them
(see :mod:`app.domain.event_types`)."""

from __future__ import annotations

from ...event_types import AnyEventType, declared_in
from . import (
    advance,
    adventure,
    awards,
    casting,
    clocks,
    complications,
    contests,
    cp,
    creation,
    decks,
    field_repair,
    gm_table,
    grants,
    resources,
    retinue,
    rolls,
    succession,
)

ALL: tuple[AnyEventType, ...] = declared_in(
    advance,
    adventure,
    awards,
    casting,
    clocks,
    complications,
    contests,
    cp,
    creation,
    decks,
    field_repair,
    gm_table,
    grants,
    resources,
    retinue,
    rolls,
    succession,
)
