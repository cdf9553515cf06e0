"""Automatic fire split between targets as one action (spacelands-combat.txt,
"Automatic Weapons"): "If the gunner wants to fire at multiple targets, he needs to
decide how many shots each target gets, and then he splits his dice among them."

``combat.autofire`` takes the attack's arguments (weapon, rate of fire, modifiers...)
and ``parts``: for each target its shots, its share of the shooter's dice and its
distance. The card is played once; each part is its own roll against its own TN, and
"Every raise above the TN means an additional shot hits the target" up to that part's
shots. The shots add up to no more than the rate of fire (and the rounds loaded), the
dice to no more than the shooter has. Refused as a whole (nothing fired) if any part is.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import MaxLen, MinLen

from ..arguments import Args, SeatId, described, optional
from ..command_types import CommandCall, CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..fatechips import dice
from ..fatechips.system import ChipSystem
from . import ammo
from .attack import resolve_attack, skill_dice
from .attack_args import MAX_DISTANCE, MAX_ROF, AttackArgs
from .attack_card import play_attack_card
from .check_args import Faces
from .state import name_of, named_target, resolve

MAX_PARTS = 10


class BurstPart(Args):
    """One target's part of a split burst."""

    target: SeatId = described("who is fired at (seat or NPC id)")
    shots: int = described("the shots this target gets", ge=1, le=MAX_ROF)
    dice: int = described("this target's share of the shooting dice", ge=1, le=dice.MAX_DICE)
    distance: int | None = optional("meters to this target", ge=0, le=MAX_DISTANCE)
    faces: Faces | None = optional("this share's dice rolled at the table")


class AutofireArgs(AttackArgs):
    """``combat.autofire``: ``combat.attack``'s arguments for the gun and the
    modifiers, and ``parts`` (two or more targets) instead of one ``target``."""

    parts: Annotated[list[BurstPart], MinLen(2), MaxLen(MAX_PARTS)] = described(
        "each target with its shots, dice and distance (two or more)"
    )


COMBAT_AUTOFIRE = CommandType("combat.autofire", AutofireArgs)


def autofire(ctx: Context, system: ChipSystem, args: AutofireArgs) -> None:
    """``combat.autofire``: one action, the burst split between targets."""
    cid = resolve(ctx, args.who)
    parts = args.parts
    if args.rate_of_fire < 2:
        raise RuleViolation(
            "Only automatic weapons fire at several targets at once: give its 'rate_of_fire'."
        )
    if args.mode != "ranged" or args.maneuver != "attack":
        raise InvalidArgs("A burst is a ranged attack ('mode': ranged).")
    words = "Each part names someone else in the fight, each once."
    targets = [named_target(ctx, p.target, words) for p in parts]
    if cid in targets or len(set(targets)) != len(targets):
        raise InvalidArgs(words)
    shots = sum(p.shots for p in parts)
    if shots > args.rate_of_fire:
        raise RuleViolation(
            f"The shots add up to {shots}: no more than the rate of fire ({args.rate_of_fire})."
        )
    ammo.require_full_rate(ctx, cid, args.weapon, args.rate_of_fire, shots)
    have = skill_dice(ctx, cid, args)
    split = sum(p.dice for p in parts)
    if split > have:
        raise RuleViolation(
            f"The dice split between the targets add up to {split}: you have {have}."
        )
    if args.weapon is not None:
        found = ammo.weapon(ctx.state, cid, args.weapon.lower())
        loaded = shots if found is None else int(found["loaded"])
        if found is not None and loaded < shots:
            raise RuleViolation(
                f"The {args.weapon.lower()} has {loaded} rounds left: no more shots than that."
            )
    named = ", ".join(name_of(ctx.state, t) for t in targets)
    play_attack_card(ctx, system, cid, args, f"fires on automatic at {named}")
    for part, target in zip(parts, targets, strict=True):
        one = args.model_copy(
            update={
                "target": target,
                "shots": part.shots,
                "distance": part.distance if part.distance is not None else args.distance,
                "faces": part.faces,
                "card": None,
            }
        )
        resolve_attack(ctx, system, one, share=part.dice, card_played=True)


Share = tuple[str, int, int, int | None]  # target, shots, dice, distance


def split_call(single: CommandCall, parts: list[Share]) -> CommandCall:
    """The ``combat.autofire`` call that fires ``single`` (a ``combat.attack`` call: the
    gun, the card and the modifiers) split into ``parts`` (the phone's burst; the host
    parses it, as every call)."""
    args = {k: v for k, v in single.args.items() if k not in ("target", "shots")}
    args["parts"] = [
        {"target": t, "shots": s, "dice": d, **({} if m is None else {"distance": m})}
        for t, s, d, m in parts
    ]
    return CommandCall(COMBAT_AUTOFIRE.name, args)
