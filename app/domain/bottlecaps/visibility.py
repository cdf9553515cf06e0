"""Who sees what a character does.

Players' rolls and caps are public: caps lie on the table. The GM's Wild Card NPCs are
the GM's secret (their names, sheets, rolls); the table only hears that the GM spent
or drew caps, because the pot's counts are public anyway.
"""

from __future__ import annotations

from dataclasses import replace

from ..context import Context
from ..event_types import AnyEventType
from ..events import EVERYONE, GM_ONLY, Draft
from .characters import Character


def emit_for(
    ctx: Context,
    who: Character,
    draft: Draft,
    public: tuple[AnyEventType, str] | None = None,
) -> None:
    """Emit ``draft`` to everyone for a player; to the GM only for an NPC, with the
    ``public`` event (its type and line: no details, no changes) told to the table if
    given."""
    if not who.npc:
        ctx.emit(replace(draft, visible_to=EVERYONE))
        return
    ctx.emit(replace(draft, visible_to=GM_ONLY))
    if public:
        kind, line = public
        ctx.emit(Draft(kind, line, undo=draft.undo))
