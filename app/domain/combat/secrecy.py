"""The Master's numbers stay the Master's: an opposed roll with an NPC on either side
is told to the table as its outcome, and in full (dice, totals) to the GM only."""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..event_types import AnyEventType
from ..events import GM_ONLY, UNDO_GM, Draft
from ..jsonvalue import JsonDict
from .state import is_seat


def with_npc(ctx: Context, *cids: str) -> bool:
    """Whether any of ``cids`` is an NPC."""
    return not all(is_seat(ctx.state, c) for c in cids)


def opposed(
    ctx: Context,
    kind: AnyEventType,
    rolls: AnyEventType,
    full: str,
    outcome: str,
    data: JsonDict,
    hidden: tuple[str, ...],
    changes: tuple[Change, ...],
    cids: tuple[str, ...],
) -> None:
    """Emit ``kind``: with every side a seat, ``full`` and ``data`` for the table; with
    an NPC, ``outcome`` and ``data`` without the ``hidden`` keys for the table, and
    ``full`` with all the data for the GM (``rolls``, named ``<kind>_rolls``)."""
    if not with_npc(ctx, *cids):
        ctx.emit(Draft(kind, full, data=data, changes=changes, undo=UNDO_GM))
        return
    public = {k: (None if k in hidden else v) for k, v in data.items()}
    ctx.emit(Draft(kind, outcome, data=public, changes=changes, undo=UNDO_GM))
    ctx.emit(Draft(rolls, f"({full})", data=data, visible_to=GM_ONLY))
