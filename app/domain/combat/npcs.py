"""The GM's combatants: NPCs and monsters with their dice, Size, wounds and Wind.

An NPC lives at ``rules.npcs.<id>`` (ids ``n1``, ``n2``...): ``name``, ``dice``
(``{trait: {dice, sides}}`` for quickness, vigor, guts, strength...), ``wounds`` per
location, ``wind`` ``{current, max}`` and ``body`` (Size and conditions). Its numbers are
the GM's: every event about them is GM-only except what the table sees happen.
"""

from __future__ import annotations

import re

from .. import args as a
from ..changes import Add, Put, get_path
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, Draft
from ..fatechips.dice import SIDES
from ..fatechips.system import ChipSystem
from ..jsonvalue import JsonDict
from . import body, rounds
from .state import NPCS, is_seat, name_of, npc, resolve

TRAITS = (
    "quickness",
    "vigor",
    "guts",
    "strength",
    "medicine",
    "shooting",
    "fighting",
    "dodge",
    "deftness",
)
_DICE = re.compile(r"^\s*(\d{1,2})\s*d\s*(\d{1,2})\s*$", re.IGNORECASE)
MAX_SIZE = 60


def parse_dice(value: object, what: str) -> JsonDict:
    """'2d8' → {'dice': 2, 'sides': 8}."""
    match = _DICE.match(value) if isinstance(value, str) else None
    if match is None or int(match[2]) not in SIDES or not 1 <= int(match[1]) <= 20:
        raise InvalidArgs(f"'{what}' is dice like '2d8' (d4, d6, d8, d10, d12 or d20).")
    return {"dice": int(match[1]), "sides": int(match[2])}


def _dice_args(args: JsonDict) -> JsonDict:
    return {t: parse_dice(args[t], t) for t in TRAITS if args.get(t) is not None}


def add(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``npc.add`` (GM): a new combatant on the GM's side."""
    ctx.require_gm("add NPCs")
    name = a.text(args, "name", max_len=60)
    size = a.integer(args, "size", lo=1, hi=MAX_SIZE, default=body.HUMAN_SIZE)
    top = a.integer(args, "wind", lo=1, hi=999, default=int(ctx.settings.get("starting_wind", 10)))
    n = int(get_path(ctx.state, ("rules", "npc_seq"), 0)) + 1
    cid = f"n{n}"
    record: JsonDict = {
        "name": name,
        "dice": _dice_args(args),
        "wounds": dict.fromkeys(system.locations, 0),
        "wind": {"current": top, "max": top},
        "body": {"size": size},
    }
    ctx.emit(
        Draft(
            "npc.added",
            f"{name} ({cid}) joins the GM's side: Size {size}, Wind {top}.",
            data={"who": cid, "npc": record},
            changes=(Add(("rules", "npc_seq"), 1), Put((*NPCS, cid), None, record)),
            visible_to=GM_ONLY,
        )
    )
    rounds.join(ctx, cid)


def update(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``npc.update`` (GM): change an NPC's name, dice, Size or starting Wind."""
    ctx.require_gm("edit NPCs")
    cid = _npc_id(ctx, args)
    changes: list[Put] = []
    if args.get("name") is not None:
        path = (*NPCS, cid, "name")
        changes.append(Put(path, get_path(ctx.state, path), a.text(args, "name", max_len=60)))
    for trait, dice in _dice_args(args).items():
        path = (*NPCS, cid, "dice", trait)
        changes.append(Put(path, get_path(ctx.state, path), dice))
    if args.get("size") is not None:
        changes.append(
            body.put_extra(ctx.state, cid, "size", a.integer(args, "size", lo=1, hi=MAX_SIZE))
        )
    if args.get("wind") is not None:
        path = (*NPCS, cid, "wind", "max")
        changes.append(Put(path, get_path(ctx.state, path), a.integer(args, "wind", lo=1, hi=999)))
    if not changes:
        raise InvalidArgs("Nothing to change: give name, dice (quickness='2d8'...), size or wind.")
    ctx.emit(
        Draft(
            "npc.updated",
            f"{name_of(ctx.state, cid)} updated.",
            data={"who": cid},
            changes=tuple(changes),
            visible_to=GM_ONLY,
        )
    )


def remove(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``npc.remove`` (GM): the NPC leaves (its cards go to the GM's discard pile)."""
    ctx.require_gm("remove NPCs")
    cid = _npc_id(ctx, args)
    rounds.leave(ctx, cid)
    changes = [Put((*NPCS, cid), npc(ctx.state, cid), None)]
    attack = get_path(ctx.state, ("rules", "attacks", cid))
    if attack is not None:
        changes.append(Put(("rules", "attacks", cid), attack, None))
    ctx.emit(
        Draft(
            "npc.removed",
            f"{name_of(ctx.state, cid)} is gone.",
            data={"who": cid},
            changes=tuple(changes),
        )
    )


def _npc_id(ctx: Context, args: JsonDict) -> str:
    cid = args.get("who")
    if not isinstance(cid, str) or npc(ctx.state, cid) is None:
        raise InvalidArgs("'who' is an NPC id (n1, n2...).")
    return cid


def condition(ctx: Context, system: ChipSystem, args: JsonDict) -> None:
    """``combat.condition`` (GM): set a combatant's Size or clear/set stunned and
    unconscious by hand (1d6 hours passed, the GM's ruling), or limit its next draw:
    ``no_cards`` (a Terror bust: catatonic) or ``one_card`` (terrified). Both last until
    the countdown after that draw starts."""
    ctx.require_gm("change conditions")
    cid = resolve(ctx, args)
    changes: list[Put] = []
    for key in ("stunned", "unconscious"):
        if key in args:
            changes.append(body.put_extra(ctx.state, cid, key, True if a.flag(args, key) else None))
    if "size" in args:
        changes.append(
            body.put_extra(ctx.state, cid, "size", a.integer(args, "size", lo=1, hi=MAX_SIZE))
        )
    for key in ("no_cards", "one_card"):
        if key not in args:
            continue
        reason = a.text(args, key, max_len=80, default="", allow_empty=True)
        path = ("rules", "combat", "fighters", cid, key)
        if get_path(ctx.state, ("rules", "combat", "fighters", cid)) is None:
            raise RuleViolation(f"{name_of(ctx.state, cid)} isn't in a fight.")
        changes.append(Put(path, get_path(ctx.state, path), reason or None))
    changes = [c for c in changes if c.old != c.new]
    if not changes:
        raise InvalidArgs(
            "Nothing to change: give stunned, unconscious, size, no_cards or one_card."
        )
    ctx.emit(
        Draft(
            "combat.condition",
            f"The GM sets {name_of(ctx.state, cid)}'s condition.",
            data={
                "who": cid,
                **{
                    k: args[k]
                    for k in ("stunned", "unconscious", "size", "no_cards", "one_card")
                    if k in args
                },
            },
            changes=tuple(changes),
            visible_to="all" if is_seat(ctx.state, cid) else GM_ONLY,
        )
    )
