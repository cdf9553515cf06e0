"""Downtime upkeep takes time: maintaining or repairing a resource by Downtime is a
week of the character's own time that passes only with ``downtime.pass``.

'Downtime: Spend Significant Time personally (a week) training, smoothing politics,
repairing. No parallel training/projects.' (9.3.2). The XP route stays instant: that
is the choice between time and XP the text asks the GM to offer (9.9).
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..errors import RuleViolation
from .rules_types import Grant, Training
from .sheet_types import Holding
from .state import fe_rules, holdings, name_of, new_id, pc_path, put, rules_path

UPKEEP_DAYS = 7  # "Significant Time personally (a week)"


def upkeep_project(ctx: Context, pid: str) -> Training | None:
    """The character's Downtime upkeep under way, if any."""
    for t in fe_rules(ctx).get("trainings", {}).values():
        if t["player"] == pid and t["grant"]["kind"] == "upkeep":
            return t
    return None


def refuse_parallel_training(ctx: Context, pid: str) -> None:
    """'No parallel training/projects' while a week of upkeep is under way."""
    project = upkeep_project(ctx, pid)
    if project is not None:
        raise RuleViolation(
            f"{name_of(ctx, pid)} is spending Downtime on '{project['label']}' "
            f"({project['days_left']} days left): no parallel training."
        )


def start_upkeep(
    ctx: Context, pid: str, group: str, item_id: str, item: Holding, action: str
) -> tuple[list[Change], str]:
    """Changes that commit a week of Downtime to maintaining or repairing ``item``."""
    for t in fe_rules(ctx).get("trainings", {}).values():
        if t["player"] == pid:
            raise RuleViolation(
                "Downtime upkeep takes your personal time: no parallel training or "
                f"projects while '{t['label']}' is under way."
            )
    tid, seq = new_id(ctx, "t")
    label = f"{'Maintain' if action == 'maintain' else 'Repair'} {item['name']}"
    grant: Grant = {"kind": "upkeep", "group": group, "id": item_id, "action": action}
    training: Training = {"player": pid, "grant": grant, "days_left": UPKEEP_DAYS, "label": label}
    changes: list[Change] = [
        seq,
        put(ctx, rules_path("trainings", tid), training),
        put(ctx, pc_path(pid, group, item_id, "maintaining"), tid),
    ]
    return changes, f"commits a week of Downtime to {label[0].lower() + label[1:]}"


def finish_upkeep(ctx: Context, pid: str, grant: Grant) -> list[Change]:
    """The week has passed: the resource is Maintained (unflagged, or repaired)."""
    group, item_id = str(grant["group"]), str(grant["id"])
    pc = fe_rules(ctx).get("pcs", {}).get(pid)
    item = None if pc is None else holdings(pc, group).get(item_id)
    if not isinstance(item, dict):
        return []  # lost or replaced meanwhile
    changes: list[Change] = [put(ctx, pc_path(pid, group, item_id, "maintaining"), None)]
    if grant["action"] == "maintain":
        changes.append(put(ctx, pc_path(pid, group, item_id, "flagged"), False))
        return changes
    if item.get("condition") != "broken":
        changes.append(put(ctx, pc_path(pid, group, item_id, "condition"), "maintained"))
    for key in ("recovered", "field_repaired", "flagged"):
        if item.get(key):
            changes.append(put(ctx, pc_path(pid, group, item_id, key), False))
    return changes
