"""Healing: medicine within the hour, natural healing every 5 days, Wind back.

- A medicine roll can be made up to one hour after an injury, once per wounded area:
  medicine: general heals light and heavy wounds, only surgery the more severe ones;
  success lowers the area's wounds by one level (TN by wound level). Maimed limbs can't
  be healed by normal means, but a successful roll stops their bleeding.
- ``heal.hour`` (GM) marks the hour as past: after it, only time heals.
- Natural healing (GM, every 5 days): a Vigor roll per wounded area against the same
  TNs; success improves that area by one level.
- Wind: a Foolproof (3) medicine roll of any kind restores all Wind (5 minutes);
  otherwise 1 per minute of rest. A Fair (5) medicine roll wakes the unconscious.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import StringConstraints

from ..arguments import Args, NoArgs, Says, described, optional
from ..changes import Change, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.dice import MAX_DICE
from ..fatechips.state import sheet_of
from ..fatechips.system import ChipSystem
from . import able, body, checks, wind
from .events.healing import (
    HEAL_HOUR_EVENT,
    HEAL_MEDICINE_EVENT,
    HEAL_NATURAL_EVENT,
    HEAL_REST_EVENT,
    HEAL_WAKE_EVENT,
    HEAL_WIND_EVENT,
)
from .fight_args import WHO, CheckArgs, Faces, Sides, Who
from .state import combatants, is_seat, name_of, named_target, resolve

GENERAL_MAX = 2  # medicine: general heals light (1) and heavy (2) wounds
FOOLPROOF = 3
FAIR = 5
MAX_MINUTES = 24 * 60
HIDDEN = "The Master decides whether that can be treated now: ask the Master."
PATIENT = "'patient' is the seat or NPC being treated."

#: A hit location by name (the game's locations; checked by the handler).
Area = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class TendArgs(CheckArgs):
    """``heal.wind`` and ``heal.wake``: the healer's medicine roll, made like any check."""

    healer: Who | None = optional(WHO)
    patient: Annotated[Who | None, Says(PATIENT)] = optional("seat or NPC id")


HEAL_WIND = CommandType("heal.wind", TendArgs)
HEAL_WAKE = CommandType("heal.wake", TendArgs)


class MedicineArgs(TendArgs):
    """``heal.medicine``: one wounded area treated."""

    location: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)
    ] = described("the wounded area, e.g. left_arm")
    surgery: bool = optional(
        "an NPC healer (the GM says so): true: medicine: surgery (needed beyond heavy)", False
    )


HEAL_MEDICINE = CommandType("heal.medicine", MedicineArgs)


class NaturalArgs(Args):
    """``heal.natural``: a Vigor roll per wounded area."""

    who: Who | None = optional(WHO)
    faces: Annotated[
        dict[str, Faces] | None,
        Says("'faces' maps each wounded area to its dice, e.g. {\"left_arm\": [[4], [2]]}."),
    ] = optional("{location: ace chains} rolled at the table")
    dice: int | None = optional(
        "override the number of Vigor dice (with 'sides')", ge=1, le=MAX_DICE
    )
    sides: Sides | None = optional("override the Vigor die type (with 'dice')")
    modifier: int = optional(
        "situational modifier (the wound penalty is added for you)", 0, ge=-50, le=50
    )


HEAL_NATURAL = CommandType("heal.natural", NaturalArgs)


class RestArgs(Args):
    """``heal.rest``."""

    who: Who | None = optional(WHO)
    minutes: int = described("minutes of rest, 1–1440", ge=1, le=MAX_MINUTES)


HEAL_REST = CommandType("heal.rest", RestArgs)


def _healer(ctx: Context, named: str | None) -> str:
    """The healer, who must be able to act: an unconscious, stunned or Winded character
    (or one surprised, catatonic or terrified in a fight) makes no medicine roll."""
    healer = resolve(ctx, named, "healer")
    able.require(ctx, healer, "medicine")
    return healer


def _patient(ctx: Context, args: TendArgs) -> str:
    """Anyone may be treated; the healer (the sender, or the GM's choice) rolls."""
    return named_target(ctx, args.patient, PATIENT)


def _refuse(ctx: Context, patient: str, words: str) -> RuleViolation:
    """A refusal; a player asking about an NPC learns nothing of its hidden body."""
    if not ctx.actor.is_gm and not is_seat(ctx.state, patient):
        return RuleViolation(HIDDEN)
    return RuleViolation(words)


def has_surgery(ctx: Context, healer: str, surgery: bool) -> bool:
    """ "Only a doctor with medicine: surgery can heal more severe wounds": the healer's
    sheet decides (an aptitude medicine: surgery, or surgery among the medicine
    concentrations); for an NPC healer, the GM says so (``surgery``)."""
    if not is_seat(ctx.state, healer):
        return ctx.actor.is_gm and surgery
    sheet = sheet_of(ctx.state, healer)
    apts = (sheet.get("aptitudes") if sheet else None) or {}
    for name, entry in apts.items():
        if not name.startswith("medicine") or int((entry or {}).get("level", 0)) < 1:
            continue
        if "surgery" in name or "surgery" in str((entry or {}).get("concentrations", "")).lower():
            return True
    return False


def medicine(ctx: Context, system: ChipSystem, args: MedicineArgs) -> None:
    """``heal.medicine``: the healer treats one fresh wounded area of the patient."""
    healer = _healer(ctx, args.healer)
    patient = _patient(ctx, args)
    loc = system.location(args.location)
    if loc is None:
        raise InvalidArgs("'location' is a hit location.")
    level = body.wounds(ctx.state, patient).get(loc, 0)
    where = loc.replace("_", " ")
    if level == 0:
        raise _refuse(ctx, patient, f"{name_of(ctx.state, patient)}'s {where} isn't wounded.")
    fresh = dict(body.extra(ctx.state, patient, "fresh") or {})
    if not fresh.get(loc):
        raise _refuse(
            ctx,
            patient,
            "A medicine roll can be made up to one hour after an injury; after that only "
            "time heals it.",
        )
    if level > GENERAL_MAX and not has_surgery(ctx, healer, args.surgery):
        raise _refuse(
            ctx, patient, "Only a doctor with medicine: surgery can heal more severe wounds."
        )
    maimed_limb = level >= body.MAIMED and not body.is_vital(loc)
    check = checks.roll(ctx, healer, "medicine", body.LEVEL_TN[level], args)
    changes: list[Change] = [*check.changes]
    # One roll per wounded area: this injury's chance is used.
    changes.append(
        body.put_extra(
            ctx.state, patient, "fresh", {k: v for k, v in fresh.items() if k != loc} or None
        )
    )
    healer_name, patient_name = name_of(ctx.state, healer), name_of(ctx.state, patient)
    text = f"{healer_name} treats {patient_name}'s {where}: {check.text()}"
    if check.success and maimed_limb:
        stopped = dict(body.extra(ctx.state, patient, "staunched") or {})
        changes.append(body.put_extra(ctx.state, patient, "staunched", {**stopped, loc: True}))
        text += " — the bleeding stops (a maimed limb can't be healed)"
    elif check.success:
        changes.append(Put(body.wound_path(ctx.state, patient, loc), level, level - 1))
        text += f" — now {body.level_name(level - 1)}"
    ctx.emit(
        Draft(
            HEAL_MEDICINE_EVENT,
            text + ".",
            data={"healer": healer, "patient": patient, "location": loc, **check.data()},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, patient),
            undo=UNDO_GM,
        )
    )


HEAL_HOUR = CommandType("heal.hour", NoArgs)


def hour(ctx: Context, system: ChipSystem, args: NoArgs) -> None:
    """``heal.hour`` (GM): an hour has passed since the injuries: medicine can no
    longer heal them."""
    ctx.require_gm("say an hour has passed")
    changes = [
        body.put_extra(ctx.state, cid, "fresh", None)
        for cid in combatants(ctx.state)
        if body.extra(ctx.state, cid, "fresh")
    ]
    ctx.emit(
        Draft(
            HEAL_HOUR_EVENT,
            "An hour has passed: fresh wounds can no longer be treated with medicine.",
            changes=tuple(changes),
        )
    )


def natural(ctx: Context, system: ChipSystem, args: NaturalArgs) -> None:
    """``heal.natural`` (GM): 5 days have passed: a Vigor roll for each wounded area."""
    ctx.require_gm("call for natural healing")
    cid = resolve(ctx, args.who)
    levels = {k: v for k, v in sorted(body.wounds(ctx.state, cid).items()) if v}
    areas = [loc for loc, n in levels.items() if n < body.MAIMED or body.is_vital(loc)]
    if not areas:
        raise RuleViolation(f"{name_of(ctx.state, cid)} has no wound that time can heal.")
    faces = args.faces
    if faces is not None and set(faces) - set(areas):
        raise InvalidArgs(
            "'faces' maps each wounded area to its dice, e.g. {\"left_arm\": [[4], [2]]}."
        )
    results = {}
    changes: list[Change] = []
    parts = []
    for loc in areas:
        sub = CheckArgs(
            faces=faces.get(loc) if faces is not None else None,
            dice=args.dice,
            sides=args.sides,
            modifier=args.modifier,
        )
        check = checks.roll(ctx, cid, "vigor", body.LEVEL_TN[levels[loc]], sub)
        results[loc] = check.data()
        note = "improves" if check.success else "no change"
        if check.success:
            changes.append(Put(body.wound_path(ctx.state, cid, loc), levels[loc], levels[loc] - 1))
        parts.append(f"{loc.replace('_', ' ')} {check.text()} ({note})")
    ctx.emit(
        Draft(
            HEAL_NATURAL_EVENT,
            f"{name_of(ctx.state, cid)} heals naturally: " + "; ".join(parts) + ".",
            data={"who": cid, "results": results},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def bandage(ctx: Context, system: ChipSystem, args: TendArgs) -> None:
    """``heal.wind``: a Foolproof (3) medicine roll of any kind restores all Wind."""
    healer = _healer(ctx, args.healer)
    patient = _patient(ctx, args)
    current, top = body.wind(ctx.state, patient)
    if current >= top:
        raise _refuse(ctx, patient, f"{name_of(ctx.state, patient)} has all their Wind.")
    check = checks.roll(ctx, healer, "medicine", FOOLPROOF, args)
    changes: list[Change] = [*check.changes]
    text = f"{name_of(ctx.state, healer)} tends {name_of(ctx.state, patient)}: {check.text()}"
    if check.success:
        changes.append(Put(body.wind_path(ctx.state, patient), current, top))
        text += f" — all Wind back ({top}/{top})"
    ctx.emit(
        Draft(
            HEAL_WIND_EVENT,
            text + ".",
            data={"healer": healer, "patient": patient, **check.data()},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, patient),
            undo=UNDO_GM,
        )
    )


def rest(ctx: Context, system: ChipSystem, args: RestArgs) -> None:
    """``heal.rest`` (GM): minutes pass; Wind comes back at 1 per minute."""
    ctx.require_gm("let time pass")
    cid = resolve(ctx, args.who)
    minutes = args.minutes
    current, top = body.wind(ctx.state, cid)
    new = min(top, current + minutes)
    if new == current:
        raise RuleViolation(f"{name_of(ctx.state, cid)} has all their Wind.")
    ctx.emit(
        Draft(
            HEAL_REST_EVENT,
            f"{name_of(ctx.state, cid)} rests {minutes} minute{'s' * (minutes > 1)}: "
            f"Wind {new}/{top}.",
            data={"who": cid, "minutes": minutes, "wind": new},
            changes=(Put(body.wind_path(ctx.state, cid), current, new),),
            visible_to=wind.visible(ctx.state, cid),
        )
    )


def wake(ctx: Context, system: ChipSystem, args: TendArgs) -> None:
    """``heal.wake``: a Fair (5) medicine roll wakes an unconscious character."""
    healer = _healer(ctx, args.healer)
    patient = _patient(ctx, args)
    if not body.extra(ctx.state, patient, "unconscious", False):
        raise _refuse(ctx, patient, f"{name_of(ctx.state, patient)} isn't unconscious.")
    check = checks.roll(ctx, healer, "medicine", FAIR, args)
    changes: list[Change] = [*check.changes]
    text = (
        f"{name_of(ctx.state, healer)} tries to wake {name_of(ctx.state, patient)}: {check.text()}"
    )
    if check.success:
        changes.append(body.put_extra(ctx.state, patient, "unconscious", None))
        text += " — awake"
    ctx.emit(
        Draft(
            HEAL_WAKE_EVENT,
            text + ".",
            data={"healer": healer, "patient": patient, **check.data()},
            changes=tuple(changes),
            visible_to=wind.visible(ctx.state, patient),
            undo=UNDO_GM,
        )
    )
