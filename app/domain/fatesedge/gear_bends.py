"""Duelist's Rapier (C.3): 'On Intricate attack, reroll one failed die. Bends
(Compromised) on failed roll with Complications.'

A roll made with the rapier (named as the roll's ``gear``, or its re-roll used on the
roll) that fails with Complication Points left bends it: a Maintained rapier becomes
Compromised (an already Compromised one stays so: breaking is the GM's, with
``gear.damage``). 'Failed' is a Partial or a Miss against the DV, or no success at all
when no DV was set.
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from .resources import degrade_changes
from .roll_record import RollRecord
from .state import sheet

RAPIER = "duelist's rapier"


def failed(record: RollRecord) -> bool:
    """A failed roll: Partial or Miss against its DV, or no success without one."""
    if int(record.get("dv", 0)):
        return record.get("outcome") in ("partial", "miss")
    return int(record.get("successes", 0)) == 0


def bend_changes(ctx: Context, pid: str, gid: str, record: RollRecord) -> tuple[list[Change], str]:
    """The rapier ``gid`` bends if ``record`` failed with CP: changes and a log note."""
    item = sheet(ctx, pid).get("gear", {}).get(gid)
    if not isinstance(item, dict) or str(item.get("name", "")).casefold() != RAPIER:
        return [], ""
    if item.get("condition") != "maintained" or not failed(record) or not int(record["cp"]):
        return [], ""
    changes = degrade_changes(ctx, pid, "gear", gid)
    return changes, f" {sheet(ctx, pid)['name']}'s {item['name']} bends (Compromised, −1 die)."
