"""Every event type the fatechips package declares, one module per module that emits them
(see :mod:`app.domain.event_types`)."""

from __future__ import annotations

from ...event_types import AnyEventType, declared_in
from . import (
    advancement,
    awards,
    chips,
    quick_start,
    rolls,
    session,
    sheet,
    spending,
    trade,
    wounds,
)

ALL: tuple[AnyEventType, ...] = declared_in(
    advancement,
    awards,
    chips,
    quick_start,
    rolls,
    session,
    sheet,
    spending,
    trade,
    wounds,
)
