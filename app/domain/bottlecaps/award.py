"""``cap.award``: "You can also get more through good role-playing and doing impressive
or entertaining things." The GM awards caps from the pot, drawn blind or of a chosen
colour (the GM's choice each time).
"""

from __future__ import annotations

from ..changes import Move, token_count
from ..context import Context
from ..errors import RuleViolation
from ..events import Draft
from ..tokens import POT, draw_blind, hand
from .arguments import AwardArgs
from .caps import caps_text
from .economy import session_active
from .events.award import CAPS_AWARDED

RANDOM = "random"
MAX_AWARD = 5


def award(ctx: Context, args: AwardArgs) -> None:
    """GM: give a player ``n`` caps from the pot, drawn at random or of one colour."""
    if not session_active(ctx.state):
        raise RuleViolation("Caps are awarded during a session (they reset when one starts).")
    pid = ctx.target(args.player)
    n = args.n
    colour = args.colour
    if colour == RANDOM:
        moves = draw_blind(ctx.rng, ctx.state, POT, hand(pid), n)
        if len(moves) < n:
            raise RuleViolation(f"The pot holds only {len(moves)} caps.")
    else:
        if token_count(ctx.state, POT, colour) < n:
            raise RuleViolation(f"The pot doesn't hold {n} {colour} caps.")
        moves = [Move(colour, POT, hand(pid), n)]
    kinds = [m.kind for m in moves for _ in range(m.n)]
    how = "drawn from the pot" if colour == RANDOM else "from the pot"
    ctx.emit(
        Draft(
            CAPS_AWARDED,
            f"The GM awards {ctx.name_of(pid)} {caps_text(kinds)} ({how}).",
            data={"player_id": pid, "caps": kinds, "chosen": colour != RANDOM},
            changes=tuple(moves),
        )
    )
