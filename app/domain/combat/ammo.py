"""Ammunition and reloading (spacelands-combat.txt, "Rate of fire", "Automatic Weapons",
"Reloading"): a combatant's weapons with their rounds, counted down by the shots fired.

"Sooner or later, your weapon will run out of ammo. It takes one action to put a single
bullet into a pistol or rifle, or a single shell in a shotgun. To swap the magazine in a
handgun or rifle requires one action to remove the old and one to insert the new."

The text has no weapon table, so a weapon is declared with its capacity
(``combat.weapon``); an attack that names it (``weapon``) fires from it: no more shots
than are loaded ("a target cannot be hit by more shots than were fired"), none from an
empty one. Lives at ``rules.ammo.<cid>.<weapon>`` = ``{capacity, loaded, out}`` (``out``:
the old magazine is out, the new one not yet in). A seat's guns are on the table; an
NPC's are the GM's.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import StringConstraints

from ..arguments import described, optional
from ..changes import Path, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from ..fatechips.state import ChipsTable, rules_of, settings_of
from ..fatechips.system import ChipSystem
from . import able, countdown, wind
from .check_args import CARD, WhoArgs
from .events.ammo import COMBAT_RELOADED, COMBAT_WEAPON_EVENT
from .state import Weapon, combat, fighter, is_seat, name_of, resolve

AMMO: Path = ("rules", "ammo")
MAX_ROUNDS = 500
MAX_RELOAD = 20
HOWS = ("round", "magazine")
Reload = Literal["round", "magazine"]

#: A weapon's name as its owner calls it (matched in lower case).
#: The longest weapon name (the phone's form checks it before sending).
WEAPON_NAME_MAX = 40
WeaponName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=WEAPON_NAME_MAX)
]


class WeaponArgs(WhoArgs):
    """``combat.weapon``."""

    weapon: WeaponName = described("its name, e.g. 'blast rifle'")
    capacity: int = described("rounds it holds", ge=1, le=MAX_ROUNDS)
    loaded: int | None = optional("rounds in it now (default: full)", ge=0, le=MAX_ROUNDS)
    reload: int | None = optional(
        "a heavy weapon's Reload attribute: the rounds it takes to reload", ge=1, le=MAX_RELOAD
    )


COMBAT_WEAPON = CommandType("combat.weapon", WeaponArgs)


class ReloadArgs(WhoArgs):
    """``combat.reload``."""

    weapon: WeaponName = described("the weapon's name, as declared with combat.weapon")
    how: Reload = optional("round (default): one round in; magazine: out, then in", "round")
    card: str | None = optional(CARD)


COMBAT_RELOAD = CommandType("combat.reload", ReloadArgs)


def _key(name: str) -> str:
    return name.lower()


def weapon(state: ChipsTable, cid: str, name: str) -> Weapon | None:
    return rules_of(state).get("ammo", {}).get(cid, {}).get(name)


def declare(ctx: Context, system: ChipSystem, args: WeaponArgs) -> None:
    """``combat.weapon``: a weapon and its rounds (``capacity``; ``loaded``, full by
    default): a player for their own hero, the GM for anyone."""
    cid = resolve(ctx, args.who)
    name = _key(args.weapon)
    capacity = args.capacity
    loaded = capacity if args.loaded is None else args.loaded
    if loaded > capacity:
        raise InvalidArgs(f"'loaded' must be between 0 and {capacity}.")
    new: Weapon = {"capacity": capacity, "loaded": loaded, "out": False}
    heavy = ""
    if args.reload is not None:
        new["reload"] = args.reload
        new["ready"] = None
        heavy = f" (Reload {args.reload})"
    path = (*AMMO, cid, name)
    ctx.emit(
        Draft(
            COMBAT_WEAPON_EVENT,
            f"{name_of(ctx.state, cid)} carries a {name}: {loaded}/{capacity} rounds{heavy}.",
            data={"who": cid, "weapon": name, **new},
            changes=(Put(path, get_path(ctx.state, path), new),),
            visible_to=wind.visible(ctx.state, cid),
        )
    )


def fire(ctx: Context, cid: str, named: str | None, shots: int) -> tuple[int, list[Put], str]:
    """(shots fired, the change to the rounds, the log's words) for an attack that names
    a declared weapon; no weapon named: the shots as given, nothing counted."""
    if named is None:
        return shots, [], ""
    name = _key(named)
    found = weapon(ctx.state, cid, name)
    if found is None:
        raise InvalidArgs("No weapon of that name: declare it first (combat.weapon).")
    loaded = int(found["loaded"])
    path = (*AMMO, cid, name, "loaded")
    ready = found.get("ready")
    done: list[Put] = []
    if ready is not None:
        # "Heavy weapons ... each has a Reload attribute ... the amount of rounds it
        # takes to reload the weapon": firing waits for the round it is done
        now = _round(ctx.state)
        if now is not None and now < int(ready):
            raise RuleViolation(
                f"The {name} is being reloaded: ready in round {ready} (Reload {found['reload']})."
            )
        loaded = int(found["capacity"])
        done = [
            Put(path, found["loaded"], loaded),
            Put((*AMMO, cid, name, "ready"), ready, None),
        ]
    if found.get("out"):
        raise RuleViolation(
            f"The {name}'s magazine is out: inserting the new one takes an action (reload)."
        )
    if loaded == 0:
        raise RuleViolation(
            f"The {name} is out of ammo: reloading takes one action a round (or one to remove "
            "the magazine and one to insert the new)."
        )
    fired = min(shots, loaded)
    if done:  # the reload is done: it fires from the full weapon
        done[0] = Put(path, found["loaded"], loaded - fired)
        return fired, done, f" ({name}: {loaded - fired} left)"
    return fired, [Put(path, loaded, loaded - fired)], f" ({name}: {loaded - fired} left)"


def _round(state: ChipsTable) -> int | None:
    found = combat(state)
    return int(found["round"]) if found is not None else None


def reload(ctx: Context, system: ChipSystem, args: ReloadArgs) -> None:
    """``combat.reload``: one action. ``how: round`` puts a single round in; ``how:
    magazine`` takes one action to remove the old magazine and one to insert the new
    (two ``combat.reload`` in turn). In a fight it plays the card, like ``combat.act``."""
    cid = resolve(ctx, args.who)
    name = _key(args.weapon)
    found = weapon(ctx.state, cid, name)
    if found is None:
        raise InvalidArgs("No weapon of that name: declare it first (combat.weapon).")
    how = args.how
    able.require(ctx, cid, "reload")
    loaded, capacity = int(found["loaded"]), int(found["capacity"])
    new = dict(found)
    now = _round(ctx.state) if fighter(ctx.state, cid) is not None else None
    if found.get("reload") is not None:
        # a heavy weapon: its Reload attribute in rounds (outside a fight: done at once)
        if found.get("ready") is not None:
            raise RuleViolation(
                f"The {name} is already being reloaded (ready in round {found['ready']})."
            )
        if loaded >= capacity:
            raise RuleViolation(f"The {name} is full ({capacity} rounds).")
        rounds = int(found["reload"])
        if now is None:
            new.update(loaded=capacity)
            what = f"reloads the {name} ({capacity}/{capacity}; Reload {rounds})"
        else:
            new.update(ready=now + rounds)
            what = f"starts reloading the {name}: ready in round {now + rounds} (Reload {rounds})"
    elif how == "round":
        if found.get("out"):
            raise RuleViolation(f"The {name}'s magazine is out: insert the new one first.")
        if loaded >= capacity:
            raise RuleViolation(f"The {name} is full ({capacity} rounds).")
        new["loaded"] = loaded + 1
        what = f"puts a round in the {name} ({loaded + 1}/{capacity})"
    elif not found.get("out"):
        new.update(loaded=0, out=True)
        what = f"removes the {name}'s magazine (inserting the new one is the next action)"
    else:
        new.update(loaded=capacity, out=False)
        what = f"inserts a new magazine in the {name} ({capacity}/{capacity})"
    in_fight = combat(ctx.state) is not None and fighter(ctx.state, cid) is not None
    # in a fight it is an action (the Master may resolve one whose card was played)
    if in_fight and not (ctx.actor.is_gm and args.card is None):
        # an NPC's rounds are the GM's: the table sees only that it reloads
        said = what if is_seat(ctx.state, cid) else "reloads"
        countdown.play(ctx, system, cid, args.card, said)
    path = (*AMMO, cid, name)
    ctx.emit(
        Draft(
            COMBAT_RELOADED,
            f"{name_of(ctx.state, cid)} {what}.",
            data={"who": cid, "weapon": name, "how": how, **new},
            changes=(Put(path, found, new),),
            visible_to=wind.visible(ctx.state, cid),
        )
    )


assert set(get_args(Reload)) == set(HOWS)


def require_full_rate(ctx: Context, cid: str, gun: str | None, rof: int, shots: int) -> None:
    """ "When a character fires an automatic weapon, he usually has to fire the weapon's
    full "rate of fire"": fewer shots are refused while the table's ``full_rate_of_fire``
    is on (the default), unless the declared ``gun`` has fewer rounds left (it fires
    them all)."""
    if rof < 2 or not settings_of(ctx.state).get("full_rate_of_fire", True):
        return
    can = rof
    if gun is not None:
        found = weapon(ctx.state, cid, gun.lower())
        if found is not None:
            can = min(can, int(found["loaded"]))
    if shots < can:
        raise RuleViolation(
            f"When a character fires an automatic weapon, he usually has to fire the weapon's "
            f"full “rate of fire”: {can} shots (the Master may turn this off: "
            "full_rate_of_fire)."
        )
