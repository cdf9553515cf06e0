"""Hazards that hold and come back each round (spacelands-combat.txt, "Drowning",
"Fire"): the Master says who is in dense smoke, in rough water or on fire
(``combat.hazard_on``; ``off: true`` ends it), and the host keeps it until then.

- Rough water: "Every round a character swims in rough water, his first action must be a
  swimming roll." Dense smoke: "Characters in dense smoke have to make an Onerous (7)
  Vigor check during their first action each round to avoid suffocation." In a fight,
  until this round's check is made (``combat.hazard``: the Master, or the hero's own
  player), every action that takes a card is refused with the rule's words (moving,
  letting a card go and the sleeve are not actions).
- "Should he ever happen to fall unconscious, he continues to lose Wind in this way
  every round until he dies": an unconscious combatant in smoke makes the check, rolled
  by the host, at each new round.
- On fire: "A small fire, such as a burning sleeve, causes 1d12 damage at the beginning
  of every turn to whatever area is on fire. A larger fire causes 2d12 to the affected
  areas. A character totally consumed by flames takes 3d12 damage, with the wounds
  applied to every area at once." Each new round begins with that damage (a turn read
  as a round), on to negation and Wind as any hit.

State: the body extras ``in_smoke`` ``{wet_cloth, checked}``, ``in_water`` ``{kind,
checked}``, ``on_fire`` ``{size, location}``; ``checked`` is the round whose check was
made.
"""

from __future__ import annotations

from typing import Literal

from ..arguments import described, optional
from ..changes import Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs
from ..events import UNDO_GM, Draft
from ..fatechips.state import ChipsTable
from ..fatechips.system import ChipSystem
from . import body, flow, wind
from .check_args import WhoArgs
from .events.ongoing import COMBAT_HAZARD_ON_EVENT
from .flow_args import Location, damage_args
from .state import InSmoke, InWater, OnFire, combat, combatants, fighter, name_of, resolve

WATER_KINDS = ("swift_creek", "rapid_river", "rough_ocean", "stormy_seas")
FIRE_DICE = {"small": 1, "large": 2, "consumed": 3}  # d12s
FIRE_SIDES = 12
KEYS = {"smoke": "in_smoke", "water": "in_water", "fire": "on_fire"}
# What a combatant whose check is due may still do: no card is needed for these.
BEFORE_CHECK_MAY = frozenset({"pass", "sleeve", "move", "swim"})  # swim: the check itself
Kind = Literal["smoke", "swift_creek", "rapid_river", "rough_ocean", "stormy_seas", "fire"]
Fire = Literal["small", "large", "consumed"]


class HazardOnArgs(WhoArgs):
    """``combat.hazard_on``."""

    kind: Kind = described(
        "smoke, a rough water (swift_creek, rapid_river, rough_ocean, stormy_seas) or fire"
    )
    off: bool = optional("true: out of it (the fire is put out)", False)
    wet_cloth: bool = optional("smoke: a wet cloth over the face (+2)", False)
    fire: Fire = optional(
        "fire: small (1d12), large (2d12) or consumed (3d12, every area)", "small"
    )
    location: Location | None = optional("fire (small, large): the area on fire")


COMBAT_HAZARD_ON = CommandType("combat.hazard_on", HazardOnArgs)


def group(kind: str) -> str:
    return "smoke" if kind == "smoke" else "fire" if kind == "fire" else "water"


def hazard_on(ctx: Context, system: ChipSystem, args: HazardOnArgs) -> None:
    """``combat.hazard_on`` (GM): someone is in smoke, rough water or on fire, until
    ``off``."""
    ctx.require_gm("say who is in smoke, water or fire")
    cid = resolve(ctx, args.who)
    key = KEYS[group(args.kind)]
    who = name_of(ctx.state, cid)
    new: InSmoke | InWater | OnFire | None
    if args.off:
        new, text = None, f"{who} is out of the {_label(args.kind)}."
    elif args.kind == "fire":
        where = None
        if args.fire != "consumed":
            if args.location is None or system.location(args.location) is None:
                raise InvalidArgs("A small or large fire burns one area: name its 'location'.")
            where = system.location(args.location)
        new = {"size": args.fire, "location": where}
        place = "totally consumed by flames" if where is None else f"on fire ({where})"
        text = f"{who} is {place}: {FIRE_DICE[args.fire]}d12 at the start of every round."
    elif args.kind == "smoke":
        new = {"wet_cloth": args.wet_cloth, "checked": None}
        text = (
            f"{who} is in dense smoke: an Onerous (7) Vigor check with the first action each round."
        )
    else:
        new = {"kind": args.kind, "checked": None}
        text = f"{who} is in a {_label(args.kind)}: the first action each round is a swimming roll."
    ctx.emit(
        Draft(
            COMBAT_HAZARD_ON_EVENT,
            text,
            data={"who": cid, "kind": args.kind, "on": new is not None},
            changes=(body.put_extra(ctx.state, cid, key, new),),
            visible_to=wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )


def _label(kind: str) -> str:
    return "dense smoke" if kind == "smoke" else kind.replace("_", " ")


def checked(ctx: Context, cid: str, kind: str) -> list[Put]:
    """The change recording that this round's smoke or water check was made (none
    outside a fight or outside that hazard)."""
    found = combat(ctx.state)
    key = KEYS[group(kind)]
    held = body.extra(ctx.state, cid, key)
    if found is None or not isinstance(held, dict) or group(kind) == "fire":
        return []
    return [body.put_extra(ctx.state, cid, key, {**held, "checked": int(found["round"])})]


def due(state: ChipsTable, cid: str) -> str | None:
    """``smoke`` | the water's kind, when this round's check is still to make."""
    found = combat(state)
    if found is None or fighter(state, cid) is None:
        return None
    now = int(found["round"])
    for key in ("in_water", "in_smoke"):
        held = body.extra(state, cid, key)
        if isinstance(held, dict) and held.get("checked") != now:
            return str(held.get("kind") or "smoke")
    return None


def reason(state: ChipsTable, cid: str, action: str) -> str | None:
    """Why ``cid`` may not take ``action`` before this round's smoke or water check."""
    kind = due(state, cid)
    if kind is None or action in BEFORE_CHECK_MAY:
        return None
    who = name_of(state, cid)
    if kind == "smoke":
        return (
            f"{who} is in dense smoke: the Onerous (7) Vigor check comes with the first "
            "action each round (Fire): make it first."
        )
    return (
        f"{who} is in a {_label(kind)}: the first action each round must be a swimming roll "
        "(Drowning)."
    )


def fires(ctx: Context, system: ChipSystem) -> None:
    """At the start of a new round, the fires burn (each a hit: negation, Wind, stun)."""
    for cid in combatants(ctx.state):
        fire = body.extra(ctx.state, cid, "on_fire")
        if isinstance(fire, dict):
            dice = FIRE_DICE[str(fire["size"])]
            where = fire.get("location")
            hit = damage_args(
                who=cid,
                dice=dice,
                sides=FIRE_SIDES,
                extra_dice=False,
                **({"location": where} if where else {"spread": "every", "location": "guts"}),
            )
            flow.strike(ctx, system, cid, hit)
