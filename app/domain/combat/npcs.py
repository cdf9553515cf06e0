"""The GM's combatants: NPCs and monsters with their dice, Size, wounds and Wind.

An NPC lives at ``rules.npcs.<id>`` (ids ``n1``, ``n2``...): ``name``, ``dice``
(``{trait: {dice, sides}}`` for quickness, vigor, guts, strength...), ``wounds`` per
location, ``wind`` ``{current, max}`` and ``body`` (Size and conditions). Its numbers are
the GM's: every event about them is GM-only except what the table sees happen.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import StringConstraints

from ..arguments import Args, Says, described, optional
from ..changes import Add, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY, Draft
from ..fatechips.dice import SIDES
from ..fatechips.state import rules_of, settings_of
from ..fatechips.system import ChipSystem
from . import body, rounds
from .events.npcs import COMBAT_CONDITION_EVENT, NPC_ADDED, NPC_REMOVED, NPC_UPDATED
from .fight_args import WHO, Who
from .state import NPCS, Dice, Npc, is_seat, name_of, npc, resolve

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
    "swimming",
)
_DICE = re.compile(r"^\s*(\d{1,2})\s*d\s*(\d{1,2})\s*$", re.IGNORECASE)
MAX_SIZE = 60
MAX_WIND = 999
NPC_ID = "'who' is an NPC id (n1, n2...)."

#: An NPC's name.
NpcName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
#: Dice as written, '2d8' (checked by :func:`parse_dice`, which names the trait).
DiceText = Annotated[str, StringConstraints(max_length=20)]
#: A reason a combatant's next draw is limited ('' clears it).
Reason = Annotated[str, StringConstraints(strip_whitespace=True, max_length=80)]


class NpcDice(Args):
    """An NPC's dice, trait by trait (each '2d8'-like; leave out what it doesn't roll)."""

    quickness: DiceText | None = optional("dice, e.g. '2d8'")
    vigor: DiceText | None = optional("dice")
    guts: DiceText | None = optional("dice")
    strength: DiceText | None = optional("dice")
    medicine: DiceText | None = optional("dice")
    shooting: DiceText | None = optional("dice")
    fighting: DiceText | None = optional("dice")
    dodge: DiceText | None = optional("dice")
    deftness: DiceText | None = optional("dice")
    swimming: DiceText | None = optional("dice (rough water)")


class NpcAddArgs(NpcDice):
    """``npc.add``."""

    name: NpcName = described("name")
    size: int = optional("Size (6)", body.HUMAN_SIZE, ge=1, le=MAX_SIZE)
    wind: int | None = optional(
        "starting Wind (default: the table's starting_wind)", ge=1, le=MAX_WIND
    )


NPC_ADD = CommandType("npc.add", NpcAddArgs)


class NpcUpdateArgs(NpcDice):
    """``npc.update``: what's given changes."""

    who: Annotated[Who | None, Says(NPC_ID)] = optional("NPC id")
    name: NpcName | None = optional("new name")
    size: int | None = optional("Size", ge=1, le=MAX_SIZE)
    wind: int | None = optional("starting Wind", ge=1, le=MAX_WIND)


NPC_UPDATE = CommandType("npc.update", NpcUpdateArgs)


class NpcArgs(Args):
    """``npc.remove``."""

    who: Annotated[Who | None, Says(NPC_ID)] = optional("NPC id")


NPC_REMOVE = CommandType("npc.remove", NpcArgs)


class ConditionArgs(Args):
    """``combat.condition``: what's given changes."""

    who: Who | None = optional(WHO)
    size: int | None = optional("Size", ge=1, le=MAX_SIZE)
    stunned: bool | None = optional("true/false")
    unconscious: bool | None = optional("true/false")
    no_cards: Reason | None = optional("a reason (catatonic), or '' to clear: no cards next draw")
    one_card: Reason | None = optional("a reason (terrified), or '' to clear: one card next draw")


COMBAT_CONDITION = CommandType("combat.condition", ConditionArgs)


def parse_dice(value: object, what: str) -> Dice:
    """'2d8' → {'dice': 2, 'sides': 8}; ``what``: the dice in a person's words ("The
    weapon's damage", "Guts dice"), for the refusal."""
    match = _DICE.match(value) if isinstance(value, str) else None
    if match is None or int(match[2]) not in SIDES or not 1 <= int(match[1]) <= 20:
        raise InvalidArgs(f"{what}: dice like 2d8 (d4, d6, d8, d10, d12 or d20).")
    return {"dice": int(match[1]), "sides": int(match[2])}


def _dice_args(args: NpcDice) -> dict[str, Dice]:
    given = {t: getattr(args, t) for t in TRAITS}
    return {t: parse_dice(v, f"{t.capitalize()} dice") for t, v in given.items() if v is not None}


def add(ctx: Context, system: ChipSystem, args: NpcAddArgs) -> None:
    """``npc.add`` (GM): a new combatant on the GM's side."""
    ctx.require_gm("add NPCs")
    name = args.name
    size = args.size
    top = (
        args.wind if args.wind is not None else int(settings_of(ctx.state).get("starting_wind", 10))
    )
    n = int(rules_of(ctx.state).get("npc_seq", 0)) + 1
    cid = f"n{n}"
    record: Npc = {
        "name": name,
        "dice": _dice_args(args),
        "wounds": dict.fromkeys(system.locations, 0),
        "wind": {"current": top, "max": top},
        "body": {"size": size},
    }
    ctx.emit(
        Draft(
            NPC_ADDED,
            f"{name} ({cid}) joins the GM's side: Size {size}, Wind {top}.",
            data={"who": cid, "npc": record},
            changes=(Add(("rules", "npc_seq"), 1), Put((*NPCS, cid), None, record)),
            visible_to=GM_ONLY,
        )
    )
    rounds.join(ctx, cid)


def update(ctx: Context, system: ChipSystem, args: NpcUpdateArgs) -> None:
    """``npc.update`` (GM): change an NPC's name, dice, Size or starting Wind."""
    ctx.require_gm("edit NPCs")
    cid = _npc_id(ctx, args.who)
    changes: list[Put] = []
    said: list[str] = []  # what changed, in the log's words: "shooting 6d12", "Size 7"
    if args.name is not None:
        path = (*NPCS, cid, "name")
        changes.append(Put(path, get_path(ctx.state, path), args.name))
        said.append(f"now called {args.name}")
    for trait, dice in _dice_args(args).items():
        path = (*NPCS, cid, "dice", trait)
        changes.append(Put(path, get_path(ctx.state, path), dice))
        said.append(f"{trait} {dice['dice']}d{dice['sides']}")
    if args.size is not None:
        changes.append(body.put_extra(ctx.state, cid, "size", args.size))
        said.append(f"Size {args.size}")
    if args.wind is not None:
        path = (*NPCS, cid, "wind", "max")
        changes.append(Put(path, get_path(ctx.state, path), args.wind))
        said.append(f"Wind {args.wind}")
    if not changes:
        raise InvalidArgs("Nothing to change: give name, dice (quickness='2d8'...), size or wind.")
    ctx.emit(
        Draft(
            NPC_UPDATED,
            f"{name_of(ctx.state, cid)} updated: {', '.join(said)}.",
            data={"who": cid},
            changes=tuple(changes),
            visible_to=GM_ONLY,
        )
    )


def remove(ctx: Context, system: ChipSystem, args: NpcArgs) -> None:
    """``npc.remove`` (GM): the NPC leaves (its cards go to the GM's discard pile)."""
    ctx.require_gm("remove NPCs")
    cid = _npc_id(ctx, args.who)
    rounds.leave(ctx, cid)
    changes = [Put((*NPCS, cid), npc(ctx.state, cid), None)]
    attack = rules_of(ctx.state).get("attacks", {}).get(cid)
    if attack is not None:
        changes.append(Put(("rules", "attacks", cid), attack, None))
    ctx.emit(
        Draft(
            NPC_REMOVED,
            f"{name_of(ctx.state, cid)} is gone.",
            data={"who": cid},
            changes=tuple(changes),
        )
    )


def _npc_id(ctx: Context, cid: str | None) -> str:
    if cid is None or npc(ctx.state, cid) is None:
        raise InvalidArgs(NPC_ID)
    return cid


def condition(ctx: Context, system: ChipSystem, args: ConditionArgs) -> None:
    """``combat.condition`` (GM): set a combatant's Size or clear/set stunned and
    unconscious by hand (1d6 hours passed, the GM's ruling), or limit its next draw:
    ``no_cards`` (a Terror bust: catatonic) or ``one_card`` (terrified). Both last until
    the countdown after that draw starts."""
    ctx.require_gm("change conditions")
    cid = resolve(ctx, args.who)
    changes: list[Put] = []
    for key, flag in (("stunned", args.stunned), ("unconscious", args.unconscious)):
        if flag is not None:
            changes.append(body.put_extra(ctx.state, cid, key, True if flag else None))
    if args.size is not None:
        changes.append(body.put_extra(ctx.state, cid, "size", args.size))
    for key, reason in (("no_cards", args.no_cards), ("one_card", args.one_card)):
        if reason is None:
            continue
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
            COMBAT_CONDITION_EVENT,
            f"The GM sets {name_of(ctx.state, cid)}'s condition.",
            data={
                "who": cid,
                **{
                    k: v
                    for k in ("size", "stunned", "unconscious", "no_cards", "one_card")
                    if (v := getattr(args, k)) is not None
                },
            },
            changes=tuple(changes),
            visible_to="all" if is_seat(ctx.state, cid) else GM_ONLY,
        )
    )
