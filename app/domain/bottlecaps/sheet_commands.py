"""``sheet.update``: the player edits their sheet between sessions; the GM at any time.

The draw modifier (caps gained or lost for Edges and Hindrances) is the GM's to set.
A manual change to Shaken / Wounds / Incapacitated closes the last hit's Soak window,
since Soak recomputes health from the moment before that hit.
"""

from __future__ import annotations

from ..changes import Change, Put, get_path
from ..context import Context
from ..errors import Forbidden, RuleViolation
from ..events import Draft
from ..jsonvalue import clone
from .arguments import SheetArgs
from .characters import HITS, SHEETS, resolve
from .economy import session_active
from .events.sheet_commands import SHEET_UPDATED
from .sheet import HEALTH_FIELDS, read_updates
from .visibility import emit_for


def update_sheet(ctx: Context, args: SheetArgs) -> None:
    """Change any fields of a character sheet (see ``sheet.FIELDS``)."""
    who = resolve(ctx, args)
    if not ctx.actor.is_gm and session_active(ctx.state):
        raise Forbidden("Players edit their sheets between sessions; ask the GM during play.")
    sheet = who.sheet(ctx.state)
    sent = {name: getattr(args, name) for name in args.model_fields_set}
    updates = read_updates(sheet, sent, by_gm=ctx.actor.is_gm)
    if not updates:
        raise RuleViolation("That changes nothing on the sheet.")
    changes: list[Change] = [
        Put(who.path(SHEETS, *path), clone(get_path(sheet, path)), value)
        for path, value in updates.items()
    ]
    hit = get_path(ctx.state, who.path(HITS))
    if hit is not None and any(path[0] in HEALTH_FIELDS for path in updates):
        changes.append(Put(who.path(HITS), clone(hit), None))
    fields = sorted({".".join(path) for path in updates})
    emit_for(
        ctx,
        who,
        Draft(
            SHEET_UPDATED,
            f"{who.name}'s sheet: {', '.join(fields)} updated.",
            data={"character": who.id, "changes": {".".join(p): v for p, v in updates.items()}},
            changes=tuple(changes),
        ),
    )
