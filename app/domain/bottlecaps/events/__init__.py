"""Every event type the bottlecaps package declares, one module per module that emits them
(see :mod:`app.domain.event_types`)."""

from __future__ import annotations

from ...event_types import AnyEventType, declared_in
from . import (
    award,
    economy,
    extras,
    health,
    roll_commands,
    roster,
    ruleset,
    sheet_commands,
    spending,
    turns,
)

ALL: tuple[AnyEventType, ...] = declared_in(
    award,
    economy,
    extras,
    health,
    roll_commands,
    roster,
    ruleset,
    sheet_commands,
    spending,
    turns,
)
