"""Using talents, kits and gear at the table, with their once-per-scene / session /
arc uses counted and given back by the GM's scene, session and arc markers.

Dice abilities are chosen with the roll (``roll.pool``'s ``use``); abilities that
erase Complication Points or re-roll dice act on the roll just made (``ability.use``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from ..arguments import Args, Says, SeatId, described, optional
from ..changes import SUPPLY, Change, Move, Path
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM
from ..tokens import GM_HAND
from . import grants
from .abilities import SECOND, Ability, ability_of
from .clocks import DANGEROUSLY_LOW
from .dice import SUCCESS
from .economy import fatigue_changes, gain_boons
from .events.grants import ABILITY_USED
from .fatigue_rolls import faces_text, fatigued_dice, require_in_scene
from .gear_bends import bend_changes
from .grants import AURA, roll_grants
from .pool import build
from .prestige import prestige_ability
from .redo import redo
from .roll_args import FACES_SAY, Faces, Maybe20, Name60, RollArgs
from .roll_record import PoolPart, RollRecord
from .sheet_types import Character
from .state import CP, FeTable, emit, fe_rules, hits, name_of, put, rules_path, sheet
from .supply_gear import abacus

GRANT = "grant:"  # dice another character gave you (grants.py), chosen with a roll
REROLLS = ("reroll_failed", "reroll_one_failed", "reroll_ones")
CANCELS = ("cancel_cp", "halve_cp", "cp_to_boon")
PERIOD_WORDS = {"scene": "this scene", "session": "this session", "arc": "this arc",
                "campaign": "this campaign"}  # fmt: skip


class UseArgs(Args):
    """``ability.use``."""

    player: SeatId | None = optional("seat id (the GM names one; a player acts for themselves)")
    ability: Name60 = described("the talent or item used (an ability key on the sheet)")
    die: int | None = optional(
        "which die to re-roll (one-die re-rolls; 0 = the first)", ge=0, le=59
    )
    faces: Annotated[Faces | None, Says(FACES_SAY.format(name="faces"))] = optional(
        "new faces for a roll made with physical dice"
    )
    target: Maybe20 | None = optional("the ally's seat id (Healer's Bag, a shield)")


ABILITY_USE = CommandType("ability.use", UseArgs)


def owned(pc: Character) -> dict[str, tuple[str, Ability]]:
    """The character's abilities: key (talent name or gear id) → (label, ability).
    Broken gear does nothing."""
    found: dict[str, tuple[str, Ability]] = {}
    for name in pc.get("talents", {}):
        ability = ability_of(str(name))
        if ability is not None:
            found[str(name)] = (str(name), ability)
    for name in pc.get("prestige", {}):
        ability = prestige_ability(str(name))
        if ability is not None:
            found[f"prestige:{name}"] = (str(name), ability)
    for gid, item in pc.get("gear", {}).items():
        ability = ability_of(str(item.get("name", "")))
        if ability is not None and item.get("condition") != "broken":
            found[str(gid)] = (str(item["name"]), ability)
        second = SECOND.get(str(item.get("name", "")).strip().casefold())
        if second is not None and item.get("condition") != "broken":
            found[f"{gid}:{second[0]}"] = (str(item["name"]), second[1])
    return found


def _use_path(pid: str, key: str, per: str) -> Path:
    if per == "arc":  # once-per-arc uses live with the arc: arc.end clears them
        return rules_path("arc", "uses", f"ability:{pid}:{key}")
    return rules_path("uses", per, f"{pid}:{key}")


def _used(state: FeTable, pid: str, key: str, per: str) -> bool:
    node: object = state
    for part in _use_path(pid, key, per):
        node = node.get(part) if isinstance(node, dict) else None
    return bool(node)


def uses_left(state: FeTable, pid: str, key: str, ability: Ability) -> int | None:
    """1 or 0 for a limited ability, None when it works on every roll."""
    if ability.per == "roll":
        return None
    return 0 if _used(state, pid, key, ability.per) else 1


def _take_use(ctx: Context, pid: str, key: str, label: str, ability: Ability) -> list[Change]:
    left = uses_left(ctx.state, pid, key, ability)
    if left is None:
        return []
    if left == 0:
        raise RuleViolation(f"{label} is used up {PERIOD_WORDS[ability.per]}.")
    return [put(ctx, _use_path(pid, key, ability.per), True)]


def _find(ctx: Context, pid: str, key: str) -> tuple[str, Ability]:
    mine = owned(sheet(ctx, pid))
    if key not in mine:
        raise InvalidArgs(f"{name_of(ctx, pid)} has no talent or gear '{key}' that acts in play.")
    return mine[key]


def roll_abilities(
    ctx: Context, pid: str, raw: list[str]
) -> tuple[list[PoolPart], list[Change], list[str]]:
    """Dice abilities chosen with a roll (its ``use``): pool parts, the uses they take,
    and keys."""
    given = [k for k in dict.fromkeys(raw) if k.startswith((GRANT, AURA))]
    parts, changes = roll_grants(ctx, pid, given)
    used = [str(p["label"]) for p in parts]
    for key in dict.fromkeys(raw):
        if key.startswith((GRANT, AURA)):
            continue
        label, ability = _find(ctx, pid, key)
        if ability.effect != "dice":
            raise RuleViolation(f"{label} acts after the roll, not on the pool.")
        supply = int(fe_rules(ctx).get("supply", 0))
        if ability.lost_at_supply and supply >= ability.lost_at_supply:
            raise RuleViolation(f"{label} loses its bonus while Supply is Dangerously Low.")
        changes += _take_use(ctx, pid, key, label, ability)
        if ability.amount:
            parts.append({"label": f"{label} ({ability.when})", "dice": ability.amount})
        if ability.extra_cp:
            changes.append(Move(CP, SUPPLY, GM_HAND, ability.extra_cp))
            parts.append({"label": f"{label}: +{ability.extra_cp} CP", "dice": 0})
    keys = [k for k in dict.fromkeys(raw) if not k.startswith((GRANT, AURA))]
    return parts, changes, keys + [f"given: {label}" for label in used]


def use(ctx: Context, args: UseArgs) -> None:
    """Use a talent or item on the roll just made: erase CP, re-roll dice, or (for a
    narrative power) spend its use with a line in the log."""
    pid = ctx.target(args.player)
    key = args.ability
    label, ability = _find(ctx, pid, key)
    pc = sheet(ctx, pid)
    require_in_scene(pc, f"use {label}")
    changes = _take_use(ctx, pid, key, label, ability)
    if ability.effect == "note":
        emit(ctx, ABILITY_USED, f"{pc['name']} uses {label}: {ability.when}.", changes,
             data={"player": pid, "ability": key})  # fmt: skip
        return
    if ability.effect == "dice":
        raise RuleViolation(f"{label} adds dice: choose it when you roll.")
    if ability.effect == "heal":
        _heal(ctx, pid, key, label, args, changes)
        return
    if ability.effect == "shield":
        grants.shield(ctx, pid, key, label, ability, args.target or "", changes)
        return
    last = fe_rules(ctx).get("last_roll")
    if not isinstance(last, dict):
        raise RuleViolation("There is no roll to use it on yet.")
    owner = str(last["player"])
    if ability.ally and owner == pid:
        raise RuleViolation(f"{label} protects an ally: the last roll is your own.")
    if not ability.ally and owner != pid:
        raise RuleViolation(f"{label} acts on your own roll: the last roll isn't yours.")
    if ability.needs_casting and not _casting_roll(ctx, last):
        raise RuleViolation(f"{label} works on a spell: the last roll isn't a Channel or Weave.")
    if ability.needs_intricate and last.get("ladder") != "intricate":
        raise RuleViolation(f"{label} works on an Intricate roll.")
    if ability.effect == "rally":
        grants.rally(ctx, pid, key, label, last, changes)
    elif ability.effect == "supply":
        abacus(ctx, pid, key, label, last, changes)
    elif ability.effect in CANCELS:
        _cancel(ctx, pid, key, label, ability, last, changes)
    else:
        _reroll(ctx, pid, key, label, ability, last, changes, args)


def _casting_roll(ctx: Context, last: RollRecord) -> bool:
    """Whether the last roll is a casting's Channel or Weave (or a ritual's)."""
    cast = fe_rules(ctx).get("casting", {}).get(str(last["player"]))
    ritual = fe_rules(ctx).get("ritual")
    return (isinstance(cast, dict) and cast.get("roll") == last["id"]) or (
        isinstance(ritual, dict) and ritual.get("roll") == last["id"]
    )


def _cancel(
    ctx: Context, pid: str, key: str, label: str, ability: Ability, last: RollRecord,
    changes: list[Change],
) -> None:  # fmt: skip
    have = int(last["cp"])
    # Echo-Walker (8.2): "gaining one automatic success on a roll *and* reshaping one
    # drawn Complication into a boon": the success holds on a roll with no CP too.
    echo = ability.effect == "cp_to_boon"
    if have == 0 and not echo:
        raise RuleViolation(f"The roll has no Complication Points for {label} to erase.")
    n = {"cancel_cp": ability.amount or have, "halve_cp": have // 2, "cp_to_boon": 1}
    erase = min(have, n[ability.effect])
    if erase == 0 and not echo:
        raise RuleViolation(f"Half of {have} CP is nothing to erase.")
    added = 1 if echo else 0
    record, redo_changes = redo(ctx, last, {}, lambda: 0, cancel=erase, add=added)
    changes += redo_changes
    name = sheet(ctx, pid)["name"]
    whose = sheet(ctx, str(last["player"]))["name"]
    text = f"{name} uses {label}: {erase} CP erased from {whose}'s roll"
    if echo:
        text = f"{name} uses {label}: one automatic success on {whose}'s roll"
        if erase:
            boon, note = gain_boons(ctx, pid, 1)
            changes += boon
            text += f", and a Complication turned into a Boon{note}"
    if ability.backlash:
        changes.append(Move(CP, SUPPLY, GM_HAND, ability.backlash))
        text += f"; {name} takes {ability.backlash} Backlash Complication (1 CP to the GM)"
    emit(ctx, ABILITY_USED, f"{text}. {record['cp']} CP left.", changes,
         data={"player": pid, "ability": key, "erased": erase, "cp": record["cp"],
               "added": added, "successes": record["successes"]},
         undo=UNDO_GM)  # fmt: skip


def _reroll(
    ctx: Context, pid: str, key: str, label: str, ability: Ability, last: RollRecord,
    changes: list[Change], args: UseArgs,
) -> None:  # fmt: skip
    if ability.needs_failure and last.get("outcome") not in ("partial", "miss"):
        raise RuleViolation(f"{label} re-rolls a failed roll: set a DV and fail it first.")
    faces = [int(x["face"]) for x in last["dice"]]
    failed = [i for i, f in enumerate(faces) if f < SUCCESS]
    ones = [i for i, f in enumerate(faces) if f == 1]
    if ability.effect == "reroll_failed":
        chosen = failed
    else:
        pool = ones if ability.effect == "reroll_ones" else failed
        if ability.effect == "reroll_ones" and int(fe_rules(ctx).get("supply", 0)) == 0:
            chosen = ones  # 'At Full Supply, reroll all 1s.'
        else:
            index = pool[0] if pool else 0
            if args.die is not None:
                if args.die > len(faces) - 1:
                    raise InvalidArgs(f"'die' must be between 0 and {len(faces) - 1}.")
                index = args.die
            chosen = [index] if index in pool else []
    if not chosen:
        what = "1s" if ability.effect == "reroll_ones" else "failed dice"
        raise RuleViolation(f"No {what} to re-roll with {label}.")
    source = _faces(ctx, last, args, len(chosen))
    record, redo_changes = redo(ctx, last, dict.fromkeys(chosen, "ability"), source)
    changes += redo_changes
    bend, bend_text = bend_changes(ctx, pid, key, record)  # only a Maintained rapier bends
    changes += bend
    shown = " ".join(str(record["dice"][i]["face"]) for i in chosen)
    emit(ctx, ABILITY_USED,
         f"{sheet(ctx, pid)['name']} uses {label} to re-roll {len(chosen)} "
         f"{'die' if len(chosen) == 1 else 'dice'}: {shown}. {record['successes']} "
         f"success{'es' if record['successes'] != 1 else ''}, {record['cp']} CP.{bend_text}",
         changes, data={"player": pid, "ability": key, **record}, undo=UNDO_GM)  # fmt: skip


def _faces(ctx: Context, last: RollRecord, args: UseArgs, n: int) -> Callable[[], int]:
    """New faces: rolled by the host, or typed in for a roll made with physical dice."""
    if not last.get("physical"):
        if args.faces is not None:
            raise InvalidArgs("The host rolled this pool, so the host re-rolls: no typed faces.")
        return lambda: ctx.rng.die(10)
    if args.faces is None:
        raise InvalidArgs("'faces' is required.")
    faces = args.faces
    if len(faces) != n:
        raise InvalidArgs(f"Enter {n} new face(s) for the re-rolled physical dice.")
    queue = list(faces)
    return lambda: queue.pop(0)


def _heal(
    ctx: Context, pid: str, key: str, label: str, args: UseArgs, changes: list[Change]
) -> None:
    """'Once per session: Spirit+Craft roll to remove 1 Fatigue from an ally.' The host
    rolls the healer's pool; its 1s are CP like any roll's; a success treats the ally."""
    ally = args.target
    if ally is None:
        raise InvalidArgs("'target' is required.")
    if not ally:
        raise InvalidArgs("'target' can't be empty.")
    if ally == pid:
        raise InvalidArgs(f"{label} tends an ally: name another character as 'target'.")
    ctx.seat(ally)
    patient = sheet(ctx, ally)
    if int(patient.get("fatigue", 0)) == 0:
        raise RuleViolation(f"{patient['name']} has no Fatigue to remove.")
    if int(fe_rules(ctx).get("supply", 0)) >= DANGEROUSLY_LOW:
        raise RuleViolation(
            "Fatigue cannot be removed while the party is Dangerously Low: "
            f"{label} can't help until Supply is restored."
        )
    healer = sheet(ctx, pid)
    size, _, _ = build(ctx, pid, RollArgs(attribute="spirit", skill="craft"))
    rolled, paid = fatigued_dice(ctx, pid, size)
    changes += paid
    faces = [die.face for die in rolled]
    got = sum(1 for f in faces if f >= SUCCESS)
    ones = faces.count(1)
    if ones:
        changes.append(Move(CP, SUPPLY, GM_HAND, ones))
    result = f"{hits(got)}, {ones} CP"
    if got:
        changes += fatigue_changes(ctx, ally, int(patient["fatigue"]) - 1)
        result += f": {patient['name']} loses 1 Fatigue"
    else:
        result += ": no relief this time"
    emit(ctx, ABILITY_USED,
         f"{healer['name']} uses {label} on {patient['name']} (Spirit + Craft, {size}d10): "
         f"{faces_text(rolled)} — {result}.",
         changes, data={"player": pid, "ability": key, "target": ally, "faces": faces,
                        "dice": [die.to_json() for die in rolled],
                        "successes": got, "cp": ones}, undo=UNDO_GM)  # fmt: skip
