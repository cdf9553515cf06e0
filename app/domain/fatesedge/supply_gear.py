"""Oshiiran Abacus (C.4): 'On trip-planning, add +1 free Supply segment if Lore roll
succeeds.'

Used on its owner's own Lore roll that succeeded (made its DV, or at least one success
when no DV was set): the party's Supply clock empties one segment. Once per roll; that
the roll was trip-planning is the GM's judgement of the fiction, as with any trigger.
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM
from .clocks import supply_changes
from .events.grants import ABILITY_USED
from .roll_record import RollRecord
from .state import emit, fe_rules, name_of, put, rules_path

SUCCEEDED = ("clean", "cost")


def abacus(
    ctx: Context, pid: str, key: str, label: str, last: RollRecord, changes: list[Change]
) -> None:
    """Clear one Supply segment after a successful Lore roll."""
    if last["used"]["skill"] != "lore":
        raise RuleViolation(f"{label} works with a Lore roll: the last roll isn't one.")
    made = last.get("outcome") in SUCCEEDED if int(last["dv"]) else int(last["successes"]) > 0
    if not made:
        raise RuleViolation(f"{label} adds a Supply segment only if the Lore roll succeeds.")
    if fe_rules(ctx).get("abacus") == last["id"]:
        raise RuleViolation(f"{label} already planned this trip: one segment per roll.")
    supply = int(fe_rules(ctx).get("supply", 0))
    if supply == 0:
        raise RuleViolation("The Supply clock is already Full: there is no segment to add.")
    supply_change, text = supply_changes(ctx, supply - 1)
    changes += supply_change
    changes.append(put(ctx, rules_path("abacus"), last["id"]))
    emit(ctx, ABILITY_USED,
         f"{name_of(ctx, pid)} plans the trip with the {label}: +1 Supply segment. {text}.",
         changes, data={"player": pid, "ability": key, "supply": supply - 1},
         undo=UNDO_GM)  # fmt: skip
