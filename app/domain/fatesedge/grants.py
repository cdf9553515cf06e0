"""Dice one character gives another for a later roll (C.3, 8.2).

- Knight's Heater Shield: 'May forgo attack to give ally +2 dice to next defense.'
  The bearer taps it naming an ally (``ability.use`` with ``target``); the ally chooses
  the +2 dice on the roll that is their defense (it shows among their roll's talents
  and gear). A Compromised shield gives one die fewer ('A Compromised item gives -1
  die on relevant rolls'); 'Compromise is a story event' is the GM's.
- Oath-Bound Captain: 'When leading a unit, you may convert one Complication per roll
  into a rallying boon: grant +1 die to all allies on their next action.' Used on the
  captain's own roll: one of its CP is erased (it leaves the GM's bank) and every other
  character's next roll gets +1 die, added by itself.
- Hearth-Banner: 'Allies defending your home or banner gain +1 die to all rolls within
  its borders.' Every other character's phone offers the die on every roll (an aura,
  not a use); whether the roll defends the home within its borders is the GM's call.
  Not while its bearer has Fatigue 4 ('You fall out of the scene').
Given dice wait in ``rules.granted.<pid>`` until used; they lapse when the scene ends
(a defense or an action is part of the scene it was given in).
"""

from __future__ import annotations

from ..changes import Change
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM
from .abilities import Ability
from .events.grants import ABILITY_USED
from .fatigue_rolls import out_of_scene
from .redo import redo
from .roll_record import PoolPart, RollRecord
from .rules_types import Given
from .state import FeTable, emit, fe_rules, name_of, put, rules_of, rules_path, sheet

RALLY = "rally"
AURA = "aura:"
AURAS = {"Hearth-Banner": (1, "defending {name}'s home or banner, within its borders")}


def auras(state: FeTable, pid: str) -> dict[str, Given]:
    """Dice allies' talents offer this character on every roll, by key."""
    found: dict[str, Given] = {}
    for owner, pc in rules_of(state).get("pcs", {}).items():
        seat = state.get("seats", {}).get(owner)
        if owner == pid or (seat is not None and not seat.get("active", True)):
            continue
        if out_of_scene(pc):  # Fatigue 4: the banner's bearer is out of the scene
            continue
        for talent, (dice, when) in AURAS.items():
            if talent in pc.get("talents", {}):
                found[f"{AURA}{owner}:{talent}"] = {
                    "name": talent, "from": pc["name"], "dice": dice,
                    "when": when.format(name=pc["name"]),
                }  # fmt: skip
    return found


def waiting(state: FeTable, pid: str) -> dict[str, Given]:
    """Dice given to this character and not used yet, by key."""
    found = rules_of(state).get("granted", {}).get(pid, {})
    return {str(k): v for k, v in found.items() if isinstance(v, dict)}


def _grant_key(giver: str, source: str) -> str:
    return f"grant:{giver}:{source}"


def shield(
    ctx: Context, pid: str, key: str, label: str, ability: Ability, ally: str,
    changes: list[Change],
) -> None:  # fmt: skip
    """The bearer forgoes their attack: the ally's next defense (``ally``, a seat id;
    '' if none was named) gets the shield's dice."""
    if not ally or ally == pid:
        raise InvalidArgs(f"{label} covers an ally: name another character as 'target'.")
    ctx.seat(ally)
    gkey = _grant_key(pid, key)
    if gkey in waiting(ctx.state, ally):
        raise RuleViolation(
            f"{name_of(ctx, ally)} already has your {label}'s dice for their next defense."
        )
    item = sheet(ctx, pid).get("gear", {}).get(key)
    dice = ability.amount
    if item and item["condition"] == "compromised" and not item.get("field_repaired"):
        dice -= 1
    me, them = name_of(ctx, pid), name_of(ctx, ally)
    grant: Given = {"name": label, "from": me, "dice": dice, "when": "your next defense",
                       "auto": False}  # fmt: skip
    changes.append(put(ctx, rules_path("granted", ally, gkey), grant))
    emit(ctx, ABILITY_USED,
         f"{me} forgoes an attack to cover {them} with the {label}: +{dice} dice to "
         f"{them}'s next defense.", changes,
         data={"player": pid, "ability": key, "target": ally, "dice": dice},
         undo=UNDO_GM)  # fmt: skip


def rally(
    ctx: Context, pid: str, key: str, label: str, last: RollRecord, changes: list[Change]
) -> None:
    """One CP of the captain's roll becomes +1 die on every ally's next action."""
    if int(last["cp"]) == 0:
        raise RuleViolation(f"The roll has no Complication for {label} to convert.")
    if fe_rules(ctx).get("rallied") == last["id"]:
        raise RuleViolation(f"{label} converts one Complication per roll: this roll's is done.")
    record, redo_changes = redo(ctx, last, {}, lambda: 0, cancel=1)
    changes += redo_changes
    changes.append(put(ctx, rules_path("rallied"), last["id"]))
    me = name_of(ctx, pid)
    allies = [other for other in ctx.seats() if other != pid]
    for ally in allies:
        grant: Given = {"name": label, "from": me, "dice": 1, "when": "your next action",
                           "auto": True}  # fmt: skip
        changes.append(put(ctx, rules_path("granted", ally, _grant_key(pid, RALLY)), grant))
    names = ", ".join(name_of(ctx, ally) for ally in allies) or "no one"
    emit(ctx, ABILITY_USED,
         f"{me} rallies the unit ({label}): 1 Complication becomes +1 die on the next "
         f"action of {names}. {record['cp']} CP left.", changes,
         data={"player": pid, "ability": key, "erased": 1, "cp": record["cp"],
               "allies": allies}, undo=UNDO_GM)  # fmt: skip


def roll_grants(ctx: Context, pid: str, keys: list[str]) -> tuple[list[PoolPart], list[Change]]:
    """Given dice on this roll: the ones chosen (``keys``) and every automatic one; the
    pool parts and the changes that use them up."""
    have = waiting(ctx.state, pid)
    parts: list[PoolPart] = []
    changes: list[Change] = []
    offered = auras(ctx.state, pid)
    for key in [k for k in keys if k.startswith(AURA)]:
        if key not in offered:
            raise RuleViolation("No ally's banner stands over this roll.")
        aura = offered[key]
        parts.append({"label": f"{aura['name']} of {aura['from']} ({aura['when']})",
                      "dice": int(aura["dice"])})  # fmt: skip
    keys = [k for k in keys if not k.startswith(AURA)]
    for key in keys:
        if key not in have:
            raise RuleViolation(
                "Those dice are no longer waiting for you (used, or the scene ended)."
            )
    for key, grant in have.items():
        if key in keys or grant.get("auto"):
            label = f"{grant['name']} from {grant['from']} ({grant['when']})"
            parts.append({"label": label, "dice": int(grant["dice"])})
            changes.append(put(ctx, rules_path("granted", pid, key), None))
    return parts, changes
