"""Movement (spacelands-combat.txt, "Movement", "Movement Rates", "Encumbrance").

Pace is the Deftness die type (climbing: 2 + climbing; swimming: the swimming level),
cut by the load carried. Each move action covers up to half the Pace walking or up to
the whole Pace running (so a round's two move actions run twice the Pace, as Ronan's 16
meters with Deftness 8); running puts −4 on the mover's other actions this round.
Picking up the Pace adds the Pickup die (no aces; +1 for some races walking, +1 with
claws climbing) to one running action for 1 Wind (Transhumans: none). Climbing and
swimming can't run and never exceed the table's Max.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import StringConstraints

from ..arguments import described, optional
from ..changes import Change, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import RuleViolation
from ..events import UNDO_GM, Draft
from ..fatechips.system import ChipSystem, die_type
from . import able, checks, nerve, wind
from .check_args import WhoArgs
from .events.movement import COMBAT_MOVED
from .state import combat, fighter, fput, is_seat, name_of, npc_dice, resolve

MODES = ("walk", "climb", "swim")
PICKUP = {"walk": 4, "climb": 2, "swim": 2}  # "Pickup ... d4 ... d2"
MAX = {"climb": 8}  # "Max ... 8"
MOVES_PER_ROUND = 2  # "Your character is still limited to two move actions"
RUNNING = checks.RUNNING
LIMP = 2  # "can't do anything besides limp a few meters"
# "Load Weight Pace: Light 3 x Strength 3/4, Medium 6 x Strength 1/2, Heavy 10 x 1/4"
LOADS = (("heavy", 10, 1, 4), ("medium", 6, 1, 2), ("light", 3, 3, 4))
# "Ursoids add two to the multiplier at each level. Saurians, Transhumans and Avatars
# add one. Avians and IRSOL subtract one."
RACE_LOAD = {"ursoid": 2, "saurian": 1, "transhuman": 1, "avatar": 1, "avian": -1, "irsol": -1}
FAST_WALKERS = frozenset({"transhuman", "avatar", "mekpurr", "canine"})
NO_WIND = frozenset({"transhuman"})
Mode = Literal["walk", "climb", "swim"]
Race = Annotated[
    str, StringConstraints(strip_whitespace=True, to_lower=True, min_length=1, max_length=30)
]
assert set(get_args(Mode)) == set(MODES)


class MoveArgs(WhoArgs):
    """``combat.move``."""

    meters: int = described("how far, in meters", ge=0, le=1000)
    mode: Mode = optional("walk (default; over half the Pace is running), climb or swim", "walk")
    pick_up: bool = optional("true: pick up the Pace (the Pickup die, 1 Wind)", False)
    load: int = optional("pounds carried (encumbrance)", 0, ge=0, le=100_000)
    race: Race = optional("for loads and Pickup (ursoid, transhuman, avian...)", "human")
    claws: bool = optional("true: +1 Pickup climbing", False)
    riding: int | None = optional(
        "riding: the Pace of the mount or vehicle (its statistics); over half is running",
        ge=1,
        le=1000,
    )


COMBAT_MOVE = CommandType("combat.move", MoveArgs)


def load(strength: int, pounds: int, race: str) -> tuple[str, int, int]:
    """(load class, Pace numerator, denominator) for ``pounds`` carried."""
    extra = RACE_LOAD.get(race, 0)
    for name, times, num, den in LOADS:
        if pounds >= (times + extra) * strength:
            return name, num, den
    return "none", 1, 1


def _trait(ctx: Context, cid: str, trait: str) -> tuple[int, int]:
    """(die type, level of an aptitude ``trait`` if it is one)."""
    if is_seat(ctx.state, cid):
        sheet = get_path(ctx.state, ("rules", "sheets", cid)) or {}
        if trait in ("climbing", "swimming"):
            entry = (sheet.get("aptitudes", {}) or {}).get(trait) or {}
            return 0, int(entry.get("level", 0))
        # a d12+2 Deftness is a Pace of 14
        return die_type(sheet.get("traits", {}).get(trait, {})), 0
    found = npc_dice(ctx.state, cid, trait)
    if not isinstance(found, dict):
        return 6, 0
    return int(found["sides"]), int(found["dice"])


def pace(ctx: Context, cid: str, mode: str, pounds: int, race: str) -> tuple[int, str]:
    """The combatant's Pace for ``mode`` and the load it carries."""
    if mode == "climb":
        base = 2 + _trait(ctx, cid, "climbing")[1]
    elif mode == "swim":
        base = _trait(ctx, cid, "swimming")[1]
    else:
        base = _trait(ctx, cid, "deftness")[0]
    strength = _trait(ctx, cid, "strength")[0]
    name, num, den = load(strength, pounds, race)
    return base * num // den, name


def move(ctx: Context, system: ChipSystem, args: MoveArgs) -> None:
    """``combat.move``: one move action (a simple action: no card)."""
    cid = resolve(ctx, args.who)
    able.require(ctx, cid, "move")
    mode, meters, pounds, race = args.mode, args.meters, args.load, args.race
    pick_up = args.pick_up
    full, load_name = pace(ctx, cid, mode, pounds, race)
    if args.riding is not None:
        # "A vehicle's Pace is listed in its statistics" / "Riders in "running" vehicles
        # or on animals suffer the penalty too": the mount's Pace, the rider's −4
        if mode != "walk" or pick_up:
            raise RuleViolation(
                "Riding moves at the mount's Pace; picking it up takes a Fair (5) riding or "
                "driving roll (the Master's, with the mount's Wind)."
            )
        full, load_name = args.riding, "none"
    record = fighter(ctx.state, cid) if combat(ctx.state) else None
    moves = record.get("moves", 0) if record else 0
    if record is not None and moves >= MOVES_PER_ROUND:
        raise RuleViolation(
            "You can't get extra movement by playing a cheat card: two move actions a round."
        )
    walking = full // 2
    reach = full if mode == "walk" else walking  # no running when climbing or swimming
    if nerve.must_run(ctx.state, cid) and meters < min(reach, MAX.get(mode, reach)):
        # "must run full movement away from the Terror causing event"
        raise RuleViolation(
            f"{name_of(ctx.state, cid)} is terrified and must run full movement away: "
            f"{min(reach, MAX.get(mode, reach))} m (Fear and Terror)."
        )
    extra: list[int] = []
    if pick_up:
        face = ctx.rng.die(PICKUP[mode])  # "don't roll again on Aces"
        bonus = int((mode == "walk" and race in FAST_WALKERS) or (mode == "climb" and args.claws))
        extra = [face, bonus]
        reach += face + bonus
    if mode in MAX:
        reach = min(reach, MAX[mode])
    if able.state_of(ctx.state, cid) == "stunned":
        if pick_up:
            raise RuleViolation("A stunned character can only limp a few meters.")
        reach = min(reach, LIMP)
    if meters > reach:
        raise RuleViolation(
            f"{name_of(ctx.state, cid)} can move at most {reach} m this action "
            f"(Pace {full}{', ' + load_name + ' load' if load_name != 'none' else ''})."
        )
    running = mode == "walk" and (meters > walking or pick_up)
    changes: list[Change] = []
    if record is not None:
        changes.append(fput(ctx.state, cid, "moves", moves + 1))
        if running:
            changes.append(fput(ctx.state, cid, "running", True))
    cost = 1 if pick_up and race not in NO_WIND else 0
    if cost:
        changes.append(wind.loss(ctx.state, cid, cost))
    how = "runs" if running else {"walk": "walks", "climb": "climbs", "swim": "swims"}[mode]
    if args.riding is not None:
        how = "rides, running," if running else "rides"
    text = f"{name_of(ctx.state, cid)} {how} {meters} m"
    if pick_up:
        text += f", picking up the Pace (d{PICKUP[mode]}: {sum(extra)} m, {cost} Wind)"
    if running:
        text += f" — {RUNNING} to other actions this round"
    ctx.emit(
        Draft(
            COMBAT_MOVED,
            text + ".",
            data={
                "who": cid,
                "mode": mode,
                "meters": meters,
                "pace": full,
                "load": load_name,
                "running": running,
                "pickup": extra,
                "wind": cost,
                "riding": args.riding,
            },
            changes=tuple(changes),
            visible_to="all" if is_seat(ctx.state, cid) else wind.visible(ctx.state, cid),
            undo=UNDO_GM,
        )
    )
