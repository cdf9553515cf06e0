"""The GM's general caps spent for an Extra.

"The GM gets one each session for each PC, plus 2 specific to any Wild Card NPCs he
controls": the caps specific to a Wild Card stay with that Wild Card, but the general
ones (one per PC) are the GM's to spend for any NPC, Extras too. The app keeps no sheet
or roll for an Extra, so the cap goes back to the pot and the GM's log says what it was
for; the table hears that the GM spent a cap, as for a Wild Card.
"""

from __future__ import annotations

from ..changes import Move
from ..context import Context
from ..errors import Forbidden, InvalidArgs, RuleViolation
from ..events import GM_ONLY, UNDO_OWNER, Draft
from ..tokens import GM_HAND, POT
from .arguments import SpendArgs
from .caps import COLOURS, covers
from .events.extras import CAP_SPENT_FOR_EXTRA, CAP_SPENT_FOR_EXTRA_PUBLIC
from .uses import use_named

EXTRA_NAME_MAX = 40


def spend_for_extra(ctx: Context, args: SpendArgs) -> None:
    """``cap.spend`` with ``extra``: one of the GM's general caps, for an Extra."""
    if not ctx.actor.is_gm:
        raise Forbidden("Only the GM spends caps for Extras.")
    if {"player", "npc"} & args.model_fields_set:
        raise InvalidArgs("Name either an 'extra', a 'player' or an 'npc', not two.")
    assert args.extra is not None
    name = args.extra
    use = use_named(args.use)
    colour = args.cap
    if colour is not None and colour not in COLOURS:
        raise InvalidArgs(f"'cap' must be one of: {', '.join(COLOURS)}.")
    candidates = [colour] if isinstance(colour, str) else list(COLOURS)
    payable = [c for c in candidates if covers(c, use.colour)]
    if colour is not None and not payable:
        raise InvalidArgs(
            f"A {colour} cap can't pay for that: it needs a {use.colour} cap or better."
        )
    held = ctx.state.get("tokens", {}).get(GM_HAND, {})
    found = next((c for c in payable if held.get(c, 0) > 0), None)
    if found is None:
        what = f"{colour} cap" if colour else f"{use.colour} cap or better"
        raise RuleViolation(
            f"The GM has no general {what} for an Extra (a Wild Card's own caps are its own)."
        )
    ctx.emit(
        Draft(
            CAP_SPENT_FOR_EXTRA,
            f"The GM spends a {found} cap for the Extra {name}: {use.label.lower()}.",
            data={"extra": name, "cap": found, "use": use.name},
            changes=(Move(found, GM_HAND, POT),),
            visible_to=GM_ONLY,
            undo=UNDO_OWNER,
        )
    )
    ctx.emit(Draft(CAP_SPENT_FOR_EXTRA_PUBLIC, f"The GM spends a {found} cap.", undo=UNDO_OWNER))
