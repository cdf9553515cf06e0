"""Spending Bounty Points between sessions: the costs table and its timing limits.

Raises of a Trait's die, its Coordination and Aptitudes apply at once; buying off a
Hindrance and gaining an Edge wait for the GM's approval (their points are held
meanwhile, at ``rules.requests``). ``rules.raised.<pid>.<what>:<name>`` remembers the
session (or story arc) of the last raise, so nothing is raised twice in one.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import StringConstraints

from ..arguments import Args, Says, SeatId, optional
from ..changes import Add, Change, Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from .awards import current_arc
from .chips import bounty_changes, points, require_between_sessions, unspent
from .events.advancement import ADVANCE_APPROVED, ADVANCE_BOUGHT, ADVANCE_DENIED, ADVANCE_REQUESTED
from .sheet import require_sheet
from .state import ChipsSettings, rules_of, settings_of
from .system import (
    DIE_TYPES,
    MAX_PLUS,
    PLUS_STEP,
    TRAITS,
    ChipSystem,
    die_name,
    trait_plus,
)

APTITUDE = "aptitude"
COORDINATION = "coordination"
DIE = "die"
EDGE = "edge"
HINDRANCE = "hindrance"
APPROVED = (EDGE, HINDRANCE)
MAX_APTITUDE = 10
MAX_COORDINATION = 10


class BuyArgs(Args):
    """``advance.buy``: what to improve (an Edge or Hindrance waits for the GM)."""

    player: SeatId | None = optional("seat id (GM only)")
    what: str = optional("die, coordination, aptitude, edge or hindrance (as the game has)", "")
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=60)] = optional(
        "aptitude, trait, Edge or Hindrance", ""
    )
    value: int | None = optional("Edge cost / Hindrance value (1 to 10)")
    story: Annotated[str, StringConstraints(strip_whitespace=True, max_length=300)] = optional(
        "roleplay justification (a new Edge needs one)", ""
    )
    concentrations: Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)] = (
        optional("for a new aptitude", "")
    )


ADVANCE_BUY = CommandType("advance.buy", BuyArgs)


class DecideArgs(Args):
    """``advance.decide``: the GM settles a pending request."""

    request: Annotated[
        Annotated[str, StringConstraints(max_length=20)] | int,
        Says("'request' is the request's id, e.g. \"3\"."),
    ] = optional("request id", "")
    approve: bool = optional("true (default) or false", True)


ADVANCE_DECIDE = CommandType("advance.decide", DecideArgs)


def aptitude_cost(system: ChipSystem, settings: ChipsSettings, level: int) -> int:
    """Bounty Points for an Aptitude's new ``level``."""
    if system.name == "spacelands":
        return level  # "New Aptitude levels cost whatever the new level is."
    if level == 1:
        return 1
    cost = 2 * level
    if level > 5 and settings.get("expert_aptitude_cost") == "double":
        cost *= 2
    return cost


def cost(system: ChipSystem, settings: ChipsSettings, kind: str, new: int) -> int:
    """The price of an improvement to ``new`` (level, Coordination, die or value)."""
    if kind == APTITUDE:
        return aptitude_cost(system, settings, new)
    if kind == COORDINATION:
        return 2 * new
    if kind == DIE:
        return 3 * new
    if kind == HINDRANCE:
        return 2 * new
    return 3 * new  # an Edge: 3x its cost


def _marker(ctx: Context, system: ChipSystem, kind: str) -> int | None:
    period = system.repeat_limit.get(kind)
    if period == "session":
        return int(ctx.state["session"]["number"])
    if period == "arc":
        return current_arc(ctx.state)
    return None


def _improvement(
    ctx: Context, system: ChipSystem, pid: str, kind: str, name: str, args: BuyArgs
) -> tuple[int, list[Change], str]:
    """(new value, sheet changes, description) for a raise, checked against the sheet."""
    sheet = require_sheet(ctx, pid)
    base = ("rules", "sheets", pid)
    if kind == APTITUDE:
        apt = sheet["aptitudes"].get(name)
        level = int(apt["level"]) + 1 if apt else 1
        if level > MAX_APTITUDE:
            raise RuleViolation(f"{name} is already at the top level.")
        if apt is None:
            entry = {"level": 1, "concentrations": args.concentrations}
            return level, [Put((*base, "aptitudes", name), None, entry)], f"new aptitude {name} 1"
        return (
            level,
            [Put((*base, "aptitudes", name, "level"), level - 1, level)],
            f"{name} {level - 1} → {level}",
        )
    if name not in TRAITS:
        raise InvalidArgs(f"'{name}' is not a trait ({', '.join(TRAITS)}).")
    trait = sheet["traits"][name]
    if kind == COORDINATION:
        new = int(trait["coordination"]) + 1
        if new > MAX_COORDINATION:
            raise RuleViolation(f"{name.capitalize()}'s Coordination is at its top.")
        return (
            new,
            [Put((*base, "traits", name, "coordination"), new - 1, new)],
            f"{name.capitalize()} {new - 1}d{trait['die']} → {new}d{trait['die']}",
        )
    die = int(trait["die"])
    if die == DIE_TYPES[-1] and system.trait_plus:
        # "Traits above the human norm go from a d12 to a d12+2, then d12+4"; the price
        # is three times the new die type (d12+2 counts 14)
        plus = trait_plus(trait)
        if plus + PLUS_STEP > MAX_PLUS:
            raise RuleViolation(f"{name.capitalize()} is at d12+{plus}, the top this table keeps.")
        return (
            die + plus + PLUS_STEP,
            [Put((*base, "traits", name, "plus"), trait.get("plus"), plus + PLUS_STEP)],
            f"{name.capitalize()} {die_name(trait)} → d12+{plus + PLUS_STEP}",
        )
    if die == DIE_TYPES[-1]:
        raise RuleViolation(f"{name.capitalize()} is already a d{die}.")
    new = DIE_TYPES[DIE_TYPES.index(die) + 1]
    return (
        new,
        [Put((*base, "traits", name, "die"), die, new)],
        f"{name.capitalize()} d{die} → d{new}",
    )


def buy(ctx: Context, system: ChipSystem, args: BuyArgs) -> None:
    """``advance.buy``: spend Bounty Points on an improvement (between sessions)."""
    require_between_sessions(ctx, "improve your character")
    pid = ctx.target(args.player)
    kind = args.what
    if kind not in system.advances:
        raise InvalidArgs(f"'what' must be one of: {', '.join(system.advances)}.")
    name = args.name.lower()
    if not name:
        raise InvalidArgs("Say what to improve ('name').")
    if kind in APPROVED:
        _request(ctx, system, pid, kind, name, args)
        return
    marker = _marker(ctx, system, kind)
    key = f"{kind}:{name}"
    raised = rules_of(ctx.state).get("raised", {}).get(pid, {})
    if marker is not None and raised.get(key) == marker:
        period = "story arc" if system.repeat_limit.get(kind) == "arc" else "session"
        raise RuleViolation(f"{name.capitalize()} has already been raised this {period}.")
    new, changes, what = _improvement(ctx, system, pid, kind, name, args)
    price = cost(system, settings_of(ctx.state), kind, new)
    if unspent(ctx.state, pid) < price:
        raise RuleViolation(
            f"That costs {price} Bounty Points; {ctx.name_of(pid)} has "
            f"{unspent(ctx.state, pid)} to spend."
        )
    if marker is not None:
        old = raised.get(key)
        changes.append(Put(("rules", "raised", pid, key), old, marker))
    ctx.emit(
        Draft(
            ADVANCE_BOUGHT,
            f"{ctx.name_of(pid)} spends {points(price)}: {what}.",
            data={"player": pid, "what": kind, "name": name, "new": new, "cost": price},
            changes=(*changes, *bounty_changes(pid, -price, what, ctx.state)),
        )
    )


def _request(
    ctx: Context, system: ChipSystem, pid: str, kind: str, name: str, args: BuyArgs
) -> None:
    value = args.value
    if value is None or not 1 <= value <= 10:
        noun = "the Hindrance's value" if kind == HINDRANCE else "the Edge's cost"
        raise InvalidArgs(f"Give {noun} ('value', 1–10).")
    story = args.story
    if kind == EDGE and not story:
        raise InvalidArgs("A new Edge needs its roleplay justification ('story').")
    price = cost(system, settings_of(ctx.state), kind, value)
    if unspent(ctx.state, pid) < price:
        raise RuleViolation(
            f"That costs {price} Bounty Points; {ctx.name_of(pid)} has "
            f"{unspent(ctx.state, pid)} to spend."
        )
    rid = str(int(rules_of(ctx.state).get("request_seq", 0)) + 1)
    record = {
        "player": pid,
        "what": kind,
        "name": name,
        "value": value,
        "cost": price,
        "story": story,
    }
    verb = "buy off the Hindrance" if kind == HINDRANCE else "gain the Edge"
    ctx.emit(
        Draft(
            ADVANCE_REQUESTED,
            f"{ctx.name_of(pid)} asks to {verb} {name} for {points(price)}"
            + (f": “{story}”" if story else ".")
            + " The GM must approve.",
            data={"request": rid, **record},
            changes=(
                Add(("rules", "request_seq"), 1),
                Put(("rules", "requests", rid), None, record),
            ),
        )
    )


def decide(ctx: Context, system: ChipSystem, args: DecideArgs) -> None:
    """``advance.approve`` / ``advance.deny`` (GM, ``approve`` flag): settle a request."""
    ctx.require_gm("approve improvements")
    rid = str(args.request)
    record = rules_of(ctx.state).get("requests", {}).get(rid)
    if record is None:
        raise InvalidArgs("There is no such pending request.")
    pid, kind, name = record["player"], record["what"], record["name"]
    drop = Put(("rules", "requests", rid), record, None)
    if not args.approve:
        ctx.emit(
            Draft(
                ADVANCE_DENIED,
                f"The GM denies {ctx.name_of(pid)}'s request ({kind} {name}).",
                data={"request": rid},
                changes=(drop,),
            )
        )
        return
    sheet = require_sheet(ctx, pid)
    field: Literal["edges", "hindrances"] = "edges" if kind == EDGE else "hindrances"
    lines = [line for line in str(sheet[field]).splitlines() if line.strip()]
    if kind == EDGE:
        lines.append(name)
    else:
        lines = [line for line in lines if line.strip().lower() != name]
    new_text = "\n".join(lines)
    what = f"gains the Edge {name}" if kind == EDGE else f"buys off the Hindrance {name}"
    changes: list[Change] = [drop]
    if new_text != sheet[field]:
        changes.append(Put(("rules", "sheets", pid, field), sheet[field], new_text))
    ctx.emit(
        Draft(
            ADVANCE_APPROVED,
            f"{ctx.name_of(pid)} {what} for {points(int(record['cost']))}.",
            data={"request": rid, "player": pid},
            changes=(*changes, *bounty_changes(pid, -int(record["cost"]), what, ctx.state)),
        )
    )
