"""Keeping a casting's or a ritual's numbers on its final dice.

A Boon re-roll changes a Channel or Weave roll after the fact; 'Each success becomes
fuel' and backlash 'scale[s] with the number of points', so the Potential, the weave
and the CP the casting raised must follow the dice as they finally lie.
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..jsonvalue import JsonDict
from .roll_record import RollRecord
from .state import fe_rules, put, rules_path
from .tables import backlash_tier


def casting_after_reroll(
    ctx: Context, pid: str, record: RollRecord, extra: JsonDict
) -> list[Change]:
    """Changes that bring a casting or ritual in line with a re-rolled roll ``record``;
    fills ``extra`` with what the re-roll event should report (Potential, tier)."""
    changes: list[Change] = []
    successes, cp = int(record["successes"]), int(record["cp"])
    cast = fe_rules(ctx).get("casting", {}).get(pid)
    if isinstance(cast, dict) and cast.get("roll") == record["id"]:
        if cast["stage"] == "channeled":
            changes.append(put(ctx, rules_path("casting", pid, "potential"), successes))
            changes.append(put(ctx, rules_path("casting", pid, "cp"), cp))
            extra["potential"] = successes
        else:
            total = int(cast.get("channel_cp", 0)) + cp
            changes.append(put(ctx, rules_path("casting", pid, "weave"), successes))
            changes.append(put(ctx, rules_path("casting", pid, "cp"), total))
            tier, guidance = backlash_tier(total)
            extra.update(casting_cp=total, backlash_tier=tier, backlash=guidance)
    ritual = fe_rules(ctx).get("ritual")
    if isinstance(ritual, dict) and ritual.get("roll") == record["id"]:
        if ritual["stage"] == "channeled":
            potential = successes + int(ritual.get("helper_potential", 0))
            changes.append(put(ctx, rules_path("ritual", "potential"), potential))
            extra["potential"] = potential
        else:
            woven = successes + int(ritual.get("assist_successes", 0))
            changes.append(put(ctx, rules_path("ritual", "weave"), woven))
            extra["weave"] = woven
    return changes
