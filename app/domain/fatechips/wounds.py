"""Wounds per location and Wind, and negating them with chips.

``wounds.assign`` (GM) records one attack's wounds and opens that player's negation
window at ``rules.window.<pid>`` ({location: wounds still negatable}); chips negate
from it "right after wounds are assigned and before any further attacks": the next
attack on that player, ``wounds.accept`` or the session's end closes it. Wind lost
can be recovered with chips at any time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from pydantic import Field

from ..arguments import Args, Says, SeatId, described, optional
from ..changes import Move, Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from ..tokens import POT, hand
from .chips import MARSHAL, counts, owner_of, require_session
from .events.wounds import CHIPS_NEGATED, WIND_LOST, WOUNDS_ACCEPTED, WOUNDS_ASSIGNED
from .fields import COLOUR, SEAT, WOUNDS_SAY, Colour, Wounds
from .sheet import require_sheet
from .spending import holding_reason, resolve_owner_id
from .state import ChipsTable, rules_of, sheet_of
from .system import MAX_WOUND, WOUND_LEVELS, ChipSystem, shade


class AssignArgs(Args):
    """``wounds.assign``: one attack's wounds on a seat."""

    player: SeatId | None = optional("seat id")
    wounds: Annotated[Wounds, WOUNDS_SAY] = described('{location: wounds}, e.g. {"right_arm": 3}')


WOUNDS_ASSIGN = CommandType("wounds.assign", AssignArgs)


class SeatArgs(Args):
    """``wounds.accept``: whose wounds stand."""

    player: SeatId | None = optional(SEAT)


WOUNDS_ACCEPT = CommandType("wounds.accept", SeatArgs)


class WindArgs(Args):
    """``wind.lose``: Wind a seat loses."""

    player: SeatId | None = optional("seat id")
    amount: Annotated[int, Says("'amount' must be a whole number from 1 to 200.")] = described(
        "Wind lost (1 to 200)", ge=1, le=200
    )


WIND_LOSE = CommandType("wind.lose", WindArgs)


class NegateArgs(Args):
    """``chips.negate``: a chip cancels fresh wounds or recovers Wind (``for``: the crew
    member whose damage it reduces, where the game lets players help each other)."""

    player: SeatId | None = optional(SEAT)
    colour: Colour = optional(COLOUR, "")
    wounds: Annotated[Wounds | None, WOUNDS_SAY] = optional(
        "{location: wounds} to negate from the last attack"
    )
    wind: bool = optional("true to recover Wind instead", False)
    # Sent as "for" (a Python keyword, so not a field name).
    for_: Annotated[SeatId | None, Field(validation_alias="for", serialization_alias="for")] = (
        optional("the crew member whose damage it reduces (where players may help each other)")
    )


CHIPS_NEGATE = CommandType("chips.negate", NegateArgs)


def window(state: ChipsTable, pid: str) -> dict[str, int]:
    """The wounds a player may still negate from the last attack."""
    found = rules_of(state).get("window", {}).get(pid)
    return {k: int(v) for k, v in found.items() if v} if found is not None else {}


def read_wounds(system: ChipSystem, value: Mapping[str, int]) -> dict[str, int]:
    """``value`` ({location: wounds}, its shape checked by the model) with this game's
    locations (gizzards count as guts/torso); counts 0..50, at least one wound."""
    if not value:
        raise InvalidArgs("'wounds' maps locations to wounds, e.g. {\"right_arm\": 3}.")
    out: dict[str, int] = {}
    for name, n in value.items():
        loc = system.location(name)
        if loc is None:
            raise InvalidArgs(f"'{name}' is not a hit location ({', '.join(system.locations)}).")
        if not 0 <= n <= 50:
            raise InvalidArgs("Wounds are whole numbers from 0 to 50.")
        if n:
            out[loc] = out.get(loc, 0) + n
    if not out:
        raise InvalidArgs("'wounds' names no wounds.")
    return out


def _level(n: int) -> str:
    return WOUND_LEVELS[max(0, min(MAX_WOUND, n))].capitalize()


def assign(ctx: Context, system: ChipSystem, args: AssignArgs) -> None:
    """``wounds.assign`` (GM): one attack's wounds land; the negation window opens."""
    ctx.require_gm("assign wounds")
    pid = ctx.target(args.player)
    sheet = require_sheet(ctx, pid)
    wounds = read_wounds(system, args.wounds)
    changes: list[Put] = []
    landed: dict[str, int] = {}
    parts = []
    for loc, n in sorted(wounds.items()):
        old = int(sheet["wounds"].get(loc, 0))
        new = min(MAX_WOUND, old + n)
        landed[loc] = new - old
        if new != old:
            changes.append(Put(("rules", "sheets", pid, "wounds", loc), old, new))
        where = loc.replace("_", " ")
        parts.append(f"{n} wound{'s' * (n > 1)} to the {where} (now {_level(new)})")
    old_window = get_path(ctx.state, ("rules", "window", pid))
    changes.append(Put(("rules", "window", pid), old_window, landed))
    ctx.emit(
        Draft(
            WOUNDS_ASSIGNED,
            f"{ctx.name_of(pid)} takes {', '.join(parts)}.",
            data={"player": pid, "wounds": wounds, "negatable": landed},
            changes=tuple(changes),
        )
    )


def accept(ctx: Context, system: ChipSystem, args: SeatArgs) -> None:
    """``wounds.accept``: the player lets the wounds stand; the window closes."""
    pid = ctx.target(args.player)
    old = get_path(ctx.state, ("rules", "window", pid))
    if old is None:
        raise RuleViolation("There are no fresh wounds to accept.")
    ctx.emit(
        Draft(
            WOUNDS_ACCEPTED,
            f"{ctx.name_of(pid)} takes the wounds.",
            data={"player": pid},
            changes=(Put(("rules", "window", pid), old, None),),
        )
    )


def lose_wind(ctx: Context, system: ChipSystem, args: WindArgs) -> None:
    """``wind.lose`` (GM): a character loses Wind (it may go below zero)."""
    ctx.require_gm("take Wind from a character")
    pid = ctx.target(args.player)
    sheet = require_sheet(ctx, pid)
    amount = args.amount
    old = int(sheet["wind"]["current"])
    new = old - amount
    note = " and is Winded" if new <= 0 else ""
    ctx.emit(
        Draft(
            WIND_LOST,
            f"{ctx.name_of(pid)} loses {amount} Wind ({new}/{sheet['wind']['max']}){note}.",
            data={"player": pid, "amount": amount, "wind": new},
            changes=(Put(("rules", "sheets", pid, "wind", "current"), old, new),),
        )
    )


def negate_reason(
    state: ChipsTable, system: ChipSystem, spender: str, pid: str, colour: str, what: str
) -> str | None:
    """Why ``spender`` can't spend ``colour`` on ``pid``'s wounds or Wind now, or None."""
    if colour not in system.colours:
        return f"There are no {colour} chips in {system.title}."
    if colour not in system.negate_wounds:
        return f"A {shade(colour)} chip can't negate damage."
    if spender != pid:
        if not system.help_others:
            return "You can only negate your own wounds."
        if any(counts(state, system, hand(pid)).values()):
            return (
                "You can't spend a chip to reduce the damage another player takes while "
                "they still have chips of their own."
            )
    sheet = sheet_of(state, pid)
    if what == "wounds" and not window(state, pid):
        return "There are no fresh wounds to negate (it must be right after they're assigned)."
    full = sheet is not None and sheet["wind"]["current"] >= sheet["wind"]["max"]
    if what == "wind" and full:
        return "No Wind to recover."
    return holding_reason(state, system, spender, colour)


def negate(ctx: Context, system: ChipSystem, args: NegateArgs) -> None:
    """``chips.negate``: a chip cancels fresh wounds (split over locations) or regains Wind."""
    require_session(ctx, "spend chips")
    spender = owner_of(ctx, args.player)
    if spender == MARSHAL:
        raise InvalidArgs("Name the seat whose chip it is.")
    pid = spender if args.for_ is None else resolve_owner_id(ctx, args.for_)
    if pid == MARSHAL:
        raise InvalidArgs("The GM's own characters negate damage with marshal.spend.")
    colour = args.colour
    sheet = require_sheet(ctx, pid)
    whom = ctx.name_of(pid)
    by = ctx.name_of(spender) + ("" if spender == pid else f" (for {whom})")
    if args.wind:
        reason = negate_reason(ctx.state, system, spender, pid, colour, "wind")
        if reason:
            raise RuleViolation(reason)
        old, top = int(sheet["wind"]["current"]), int(sheet["wind"]["max"])
        cap = system.recover_wind[colour]
        new = top if cap is None else min(top, old + cap)
        ctx.emit(
            Draft(
                CHIPS_NEGATED,
                f"{by} spends a {shade(colour)} chip and recovers {new - old} Wind ({new}/{top}).",
                data={"spender": spender, "player": pid, "colour": colour, "wind": new - old},
                changes=(
                    Move(colour, hand(spender), POT),
                    Put(("rules", "sheets", pid, "wind", "current"), old, new),
                ),
            )
        )
        return
    reason = negate_reason(ctx.state, system, spender, pid, colour, "wounds")
    if reason:
        raise RuleViolation(reason)
    open_wounds = window(ctx.state, pid)
    wanted = read_wounds(system, args.wounds) if args.wounds is not None else open_wounds
    cap = system.negate_wounds[colour]
    if args.wounds is None and sum(wanted.values()) > cap:
        raise InvalidArgs(f"A {shade(colour)} chip negates {cap}: say which wounds ('wounds').")
    if sum(wanted.values()) > cap:
        raise RuleViolation(f"A {shade(colour)} chip negates at most {cap} wound{'s' * (cap > 1)}.")
    changes: list[Move | Put] = [Move(colour, hand(spender), POT)]
    rest = dict(open_wounds)
    for loc, n in sorted(wanted.items()):
        if n > open_wounds.get(loc, 0):
            raise RuleViolation(
                f"Only {open_wounds.get(loc, 0)} fresh wound(s) to the "
                f"{loc.replace('_', ' ')} can be negated."
            )
        level = int(sheet["wounds"][loc])
        changes.append(Put(("rules", "sheets", pid, "wounds", loc), level, level - n))
        rest[loc] -= n
    rest = {k: v for k, v in rest.items() if v}
    old_window = get_path(ctx.state, ("rules", "window", pid))
    changes.append(Put(("rules", "window", pid), old_window, rest or None))
    listed = ", ".join(f"{n} to the {loc.replace('_', ' ')}" for loc, n in sorted(wanted.items()))
    ctx.emit(
        Draft(
            CHIPS_NEGATED,
            f"{by} spends a {shade(colour)} chip and negates {listed}.",
            data={"spender": spender, "player": pid, "colour": colour, "wounds": wanted},
            changes=tuple(changes),
        )
    )
