"""Entanglement (spacelands-combat.txt, "Entanglement"): "Instead of doing brawling
damage some weapons can be used to entangle and/or trip a target. Doing either is an
opposed roll of the attacker's appropriate fighting skill versus the opponent's
Deftness. A Hero can break an entanglement by rolling the TN listed on the weapon table.
If the weapon is listed as fragile, it would be broken by this (such as with a lariat or
simple net). Otherwise, he has to just plain wriggle his way out of it. This is an
opposed Deftness roll versus the attacker's skill with the weapon."

The weapon table isn't in this text: the entangling weapon's break TN and whether it is
fragile come with ``combat.entangle``. Reading: breaking it is a Strength roll against
that TN and only a fragile weapon can be broken; anything else is wriggled out of. Both
are actions (a card in a fight). What being entangled stops is the Master's: the app
records who holds whom (``fighters.<target>.entangled``, public) and the trip.
"""

from __future__ import annotations

from typing import Literal

from ..arguments import SeatId, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..fatechips.system import ChipSystem
from . import able, checks, countdown, secrecy
from .check_args import CARD, AgainstArgs, CheckArgs, WhoArgs
from .events.entangle import (
    COMBAT_BROKE_FREE,
    COMBAT_BROKE_FREE_ROLLS,
    COMBAT_ENTANGLED,
    COMBAT_ENTANGLED_ROLLS,
    COMBAT_STILL_ENTANGLED,
    COMBAT_STILL_ENTANGLED_ROLLS,
)
from .state import fighter, fput, name_of, named_target, require_fighter, resolve

#: How the entangled get free: wriggle out, or break a fragile weapon.
Escape = Literal["wriggle", "break"]


class OpposedArgs(WhoArgs, CheckArgs, AgainstArgs):
    """An opposed roll: the check is the actor's, ``against_*`` the other side's."""


class EntangleArgs(OpposedArgs):
    """``combat.entangle``: the check is the attacker's fighting, ``against_*`` the
    target's Deftness."""

    target: SeatId | None = optional("who is entangled (seat or NPC id)")
    card: str | None = optional(CARD)
    break_tn: int = described("the weapon's break TN (weapon table)", ge=1, le=30)
    fragile: bool = optional("true: a lariat, a simple net (broken by the roll)", False)
    trip: bool = optional("true: trip as well", False)


COMBAT_ENTANGLE = CommandType("combat.entangle", EntangleArgs)


class BreakFreeArgs(OpposedArgs):
    """``combat.break_free``: the check is Strength (break) or Deftness (wriggle),
    ``against_*`` the holder's fighting."""

    how: Escape = optional("wriggle (default) or break", "wriggle")
    card: str | None = optional(CARD)


COMBAT_BREAK_FREE = CommandType("combat.break_free", BreakFreeArgs)


def _opposed(
    ctx: Context, cid: str, mine: str, other: str, theirs: str, args: OpposedArgs
) -> tuple[checks.Check, checks.Check, bool, list[Change]]:
    """Both rolls, whether ``cid`` won (a bust scores below any roll; a tie fails) and
    the Unnerved spent: "-4 to his next action. This includes any "passive" defense
    Aptitudes", so the actor's roll and the other side's resisting one take it."""
    my_args, my_clear = checks.unnerved(ctx, cid, checks.running(ctx, cid, args))
    their_args, their_clear = checks.unnerved(ctx, other, args.other_side())
    me = checks.roll(ctx, cid, mine, 0, my_args)
    them = checks.roll(ctx, other, theirs, 0, their_args)
    won = (-1 if me.bust else me.total) > (-1 if them.bust else them.total)
    return me, them, won, [*my_clear, *their_clear]


def _act(ctx: Context, system: ChipSystem, cid: str, card: str | None, what: str) -> None:
    """In a fight it is an action: the card is played (the Master may leave it out)."""
    if fighter(ctx.state, cid) is None or (ctx.actor.is_gm and card is None):
        return
    countdown.play(ctx, system, cid, card, what)


def entangle(ctx: Context, system: ChipSystem, args: EntangleArgs) -> None:
    """``combat.entangle``: the attacker's fighting against the target's Deftness; a win
    entangles (and with ``trip``, trips) the target."""
    cid = resolve(ctx, args.who)
    words = "'target' is someone in the fight (a seat id or an NPC id)."
    target = named_target(ctx, args.target, words)
    if target == cid:
        raise InvalidArgs(words)
    require_fighter(ctx, cid)
    require_fighter(ctx, target)
    able.require(ctx, cid, "attack")
    break_tn, fragile, trip = args.break_tn, args.fragile, args.trip
    holder = fighter(ctx.state, target)
    if holder and holder.get("entangled"):
        raise RuleViolation(f"{name_of(ctx.state, target)} is already entangled.")
    who, them = name_of(ctx.state, cid), name_of(ctx.state, target)
    _act(ctx, system, cid, args.card, f"tries to entangle {them}")
    mine, theirs, won, spent = _opposed(ctx, cid, "fighting", target, "deftness", args)
    held = {"by": cid, "break_tn": break_tn, "fragile": fragile, "tripped": trip}
    outcome = (f"{them} is entangled" + (" and tripped" if trip else "")) if won else "no hold"
    secrecy.opposed(
        ctx,
        COMBAT_ENTANGLED,
        COMBAT_ENTANGLED_ROLLS,
        f"{who} tries to entangle {them}: fighting {mine.text()} vs Deftness "
        f"{theirs.text()} — {outcome}.",
        f"{who} tries to entangle {them}: {outcome}.",
        {"who": cid, "target": target, "won": won, **held},
        (),
        (
            *mine.changes,
            *theirs.changes,
            *spent,
            *((fput(ctx.state, target, "entangled", held),) if won else ()),
        ),
        (cid, target),
    )


def break_free(ctx: Context, system: ChipSystem, args: BreakFreeArgs) -> None:
    """``combat.break_free``: ``how: break`` (a fragile weapon: Strength against its
    break TN, and it breaks) or ``how: wriggle`` (Deftness against the holder's skill)."""
    cid = resolve(ctx, args.who)
    record = require_fighter(ctx, cid)
    held = record.get("entangled")
    if not held:
        raise RuleViolation(f"{name_of(ctx.state, cid)} isn't entangled.")
    how = args.how
    able.require(ctx, cid, "break free")
    who, by = name_of(ctx.state, cid), name_of(ctx.state, str(held["by"]))
    if how == "break" and not held.get("fragile"):
        raise RuleViolation(
            "Only a weapon listed as fragile is broken by the roll: otherwise he has to just "
            "plain wriggle his way out of it."
        )
    _act(ctx, system, cid, args.card, "tries to break free")
    if how == "break":
        sub, spent = checks.unnerved(ctx, cid, checks.running(ctx, cid, args))
        check = checks.roll(ctx, cid, "strength", int(held["break_tn"]), sub)
        free, text = check.success, f"Strength {check.text()}"
        changes: list[Change] = [*check.changes, *spent]
        end = "breaks it and is free" if free else "can't break it"
    else:
        mine, theirs, free, cleared = _opposed(
            ctx, cid, "deftness", str(held["by"]), "fighting", args
        )
        text = f"Deftness {mine.text()} vs {by}'s fighting {theirs.text()}"
        changes = [*mine.changes, *theirs.changes, *cleared]
        end = "wriggles out" if free else "stays caught"
    if free:
        changes.append(fput(ctx.state, cid, "entangled", None))
    secrecy.opposed(
        ctx,
        COMBAT_BROKE_FREE if free else COMBAT_STILL_ENTANGLED,
        COMBAT_BROKE_FREE_ROLLS if free else COMBAT_STILL_ENTANGLED_ROLLS,
        f"{who} tries to {how} free of {by}'s hold: {text} — {end}.",
        f"{who} tries to {how} free of {by}'s hold: {end}.",
        {"who": cid, "how": how, "free": free},
        (),
        tuple(changes),
        (cid, str(held["by"])),
    )
