"""``sheet.update``: the player edits their sheet between sessions; the GM at any time.

A character not made yet (a blank sheet: every attribute d4, no skill) may be made
during play, in one update: the Bottlecaps text has no rule on when sheets change,
and "between sessions" is the house's reading for *changing* a character (so nobody
rewrites a skill after a bad roll). A player who sits down late draws their caps at
once (``roster.seat_added``) and must be able to play with them: one ready-made
starter, or the whole sheet in one go. After that, edits wait for the session's end.

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
from .sheet import HEALTH_FIELDS, is_blank, read_updates
from .view_types import Sheet
from .visibility import emit_for


def update_sheet(ctx: Context, args: SheetArgs) -> None:
    """Change any fields of a character sheet (see ``sheet.FIELDS``)."""
    who = resolve(ctx, args)
    sheet = who.sheet(ctx.state)
    sent = {name: getattr(args, name) for name in args.model_fields_set}
    if not ctx.actor.is_gm and session_active(ctx.state):
        _check_made_in_play(sheet, sent)
    updates = read_updates(sheet, sent, by_gm=ctx.actor.is_gm)
    if not updates:
        raise RuleViolation("That changes nothing on the sheet.")
    changes: list[Change] = [
        Put(who.path(SHEETS, *path), clone(get_path(ctx.state, who.path(SHEETS, *path))), value)
        for path, value in updates.items()
    ]
    hit = who.hit(ctx.state)
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


def _check_made_in_play(sheet: Sheet, sent: dict[str, object]) -> None:
    """During play a player may only make a character not made yet: a blank sheet's
    attributes, skills, name, Edges and Hindrances, in one update (not health, which
    play itself changes)."""
    if not is_blank(sheet):
        raise Forbidden(
            "Your character is made: players change their sheets between sessions; "
            "ask the GM during play."
        )
    if set(sent) & set(HEALTH_FIELDS):
        raise Forbidden(
            "During play a new character is made with its attributes, skills, Edges and "
            "Hindrances; the GM sets the rest."
        )
