"""Changing a roll after it is made: re-rolled dice and erased Complication Points.

Whatever changes a roll (a Boon, a talent, an item), the CP it raised follow its final
dice: the pool the roll fed (the GM's bank or the ritual pool) gains a CP for each new
1 and gives one back for each 1 that is gone, while it still holds it; the casting or
ritual the roll belongs to and the GM's Boon offer follow too.
"""

from __future__ import annotations

from collections.abc import Callable

from ..changes import SUPPLY, Change, Move, token_count
from ..context import Context
from ..jsonvalue import JsonDict, clone
from ..tokens import GM_HAND
from . import dice as d
from .casting_state import casting_after_reroll
from .contests import contest_changes
from .gm_table import offer_changes
from .roll_record import RollRecord
from .state import CP, put, rules_path


def redo(
    ctx: Context,
    last: RollRecord,
    reroll: dict[int, str],
    new_face: Callable[[], int],
    *,
    cancel: int = 0,
    add: int = 0,
    extra: JsonDict | None = None,
) -> tuple[RollRecord, list[Change]]:
    """The roll ``last`` with the dice at ``reroll`` (index → why) re-rolled,
    ``cancel`` more CP erased and ``add`` more automatic successes: the new record and
    the changes that make it so."""
    rolled = [d.Die.from_json(x) for x in last["dice"]]
    for index, why in sorted(reroll.items()):
        rolled[index].reroll(new_face(), why)
    cancelled = int(last.get("cancelled", 0)) + cancel
    added = int(last.get("added", 0)) + add
    record = clone(last)
    record.update(d.summarize(rolled, int(last["dv"]), str(last["ladder"]), cancelled, added))
    pool = str(last.get("cp_pool", GM_HAND))
    delta = int(record["cp"]) - int(last["cp"])
    changes: list[Change] = []
    if delta > 0:
        changes.append(Move(CP, SUPPLY, pool, delta))
    elif delta < 0:
        back = min(-delta, token_count(ctx.state, pool, CP))
        if back:
            changes.append(Move(CP, pool, SUPPLY, back))
    changes.append(put(ctx, rules_path("last_roll"), record))
    changes += offer_changes(ctx, record)
    report = extra if extra is not None else {}
    changes += casting_after_reroll(ctx, str(last["player"]), record, report)
    contest, words = contest_changes(ctx, record, rerolled=True)
    changes += contest
    if words:
        report["contest"] = words.strip()
    return record, changes
