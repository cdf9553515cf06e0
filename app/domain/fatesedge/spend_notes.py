"""How a CP payment shows when a command that has a public effect also spends CP.

'Spend CP immediately or bank (declare what the table can see)': the effect (a clock
segment, a Fatigue level, a harmed follower) is the table's to see; how many CP the GM
paid for it is GM-only unless the GM reveals spends (``reveal`` on the command, or the
``reveal_cp_spends`` setting). Unrevealed, the public line leaves the CP out and the GM
gets a GM-only line saying what was paid.
"""

from __future__ import annotations

from ..context import Context
from ..events import GM_ONLY
from ..jsonvalue import JsonDict
from .events.cp import CP_SPENT
from .state import emit


def revealed(ctx: Context, reveal: bool | None) -> bool:
    """Whether this spend is shown to the table: the command's ``reveal``, or the table's
    setting when the command leaves it out (None)."""
    if reveal is None:
        return bool(ctx.settings.get("reveal_cp_spends", False))
    return reveal


def spend_words(ctx: Context, reveal: bool | None, cp: int, what: str) -> tuple[str, JsonDict]:
    """The public text's CP words and data for a spend of ``cp`` on ``what`` (``reveal``:
    the command's argument); an unrevealed spend is written to the GM alone (an event
    without changes)."""
    if not cp:
        return "", {}
    if revealed(ctx, reveal):
        return f" (the GM spends {cp} CP)", {"cp": cp}
    emit(
        ctx,
        CP_SPENT,
        f"The GM spends {cp} CP: {what}.",
        data={"cp": cp, "option": "", "note": what},
        visible_to=GM_ONLY,
    )
    return "", {}
