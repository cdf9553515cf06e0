"""Clocks (named, 4/6/8/10 segments, public or GM-only), the party Supply clock, and
Fatigue with its recovery rules."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from ..arguments import Args, NoArgs, described, optional
from ..changes import Change
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY
from .arg_kinds import REVEAL, Cp20, ItemId, Note120, Note200, Text60
from .economy import pay_cp
from .events.clocks import (
    CLOCK_CREATED,
    CLOCK_HIDDEN,
    CLOCK_REMOVED,
    CLOCK_SHOWN,
    CLOCK_TICKED,
    FATIGUE_CHANGED,
    FATIGUE_REST_EVENT,
    SUPPLY_CHANGED,
)
from .fatigue_gear import change_fatigue, supply_fatigue, ward_post
from .rules_types import Clock
from .spend_notes import spend_words
from .state import emit, fe_rules, new_id, put, rules_path, sheet

SIZES = (4, 6, 8, 10)
SUPPLY_SIZE = 4
SUPPLY_STATES = {
    0: "Full Supply",
    1: "Full Supply",
    2: "Low Supply",
    3: "Dangerously Low",
    4: "Out of Supply",
}
DANGEROUSLY_LOW = 3

Size = Literal[4, 6, 8, 10]
assert get_args(Size) == SIZES


class CreateArgs(Args):
    """``clock.create``."""

    name: Text60 = described("the danger the clock counts toward")
    size: Size = optional("segments: 4, 6, 8 or 10", default=6)
    visible: bool = optional("shown to all (false: the GM's alone)", default=True)
    full: Note200 = optional("what happens when it fills", default="")


CLOCK_CREATE = CommandType("clock.create", CreateArgs)


class ClockArgs(Args):
    """``clock.remove``: which clock."""

    clock: ItemId = described("the clock's id")


CLOCK_REMOVE = CommandType("clock.remove", ClockArgs)


class RevealArgs(ClockArgs):
    """``clock.reveal``."""

    visible: bool = optional("true shows it to everyone, false hides it", default=True)


CLOCK_REVEAL = CommandType("clock.reveal", RevealArgs)


class TickArgs(ClockArgs):
    """``clock.tick``."""

    ticks: Annotated[int, Field(ge=-10, le=10)] = optional(
        "segments to fill (negative: roll it back)", default=1
    )
    cp: Cp20 = optional("CP the GM pays for it", default=0)
    reveal: bool | None = optional(REVEAL)


CLOCK_TICK = CommandType("clock.tick", TickArgs)


class SupplyArgs(Args):
    """``supply.tick``."""

    ticks: Annotated[int, Field(ge=-4, le=4)] = optional(
        "segments to fill (negative: the party resupplies some)", default=1
    )
    reset: bool = optional("back to Full (the party reached civilization)", default=False)
    natural: bool = optional(
        "a natural loss (weather, spoilage), which an Unkwa Ward-Post wards", default=False
    )
    cp: Cp20 = optional("CP the GM pays for it", default=0)
    reason: Note120 = optional("why", default="")
    reveal: bool | None = optional(REVEAL)


SUPPLY_TICK = CommandType("supply.tick", SupplyArgs)


class FatigueArgs(Args):
    """``fatigue.change``."""

    player: ItemId = optional("seat id, or 'all' for every character", default="all")
    levels: Annotated[int, Field(ge=-4, le=4)] = optional(
        "Fatigue levels to add (negative: to remove)", default=1
    )
    cp: Cp20 = optional("CP the GM pays for it", default=0)
    reveal: bool | None = optional(REVEAL)


FATIGUE_CHANGE = CommandType("fatigue.change", FatigueArgs)


def _clock(ctx: Context, cid: str) -> tuple[str, Clock]:
    clock = fe_rules(ctx).get("clocks", {}).get(cid)
    if clock is None:
        raise InvalidArgs(f"There is no clock '{cid}'.")
    return cid, clock


def _audience(clock: Clock) -> str:
    return "all" if clock.get("visible", True) else GM_ONLY


def make_clock(
    ctx: Context, name: str, size: int, visible: bool, offset: int = 0, **extra: object
) -> tuple[str, list[Change]]:
    """Changes that create a clock; returns its id (``offset``: see ``new_id``)."""
    cid, seq = new_id(ctx, "k", offset)
    clock = {"name": name, "size": size, "filled": 0, "visible": visible, **extra}
    return cid, [seq, put(ctx, rules_path("clocks", cid), clock)]


def create(ctx: Context, args: CreateArgs) -> None:
    """Start a clock: name the danger, pick its size, show it or keep it hidden."""
    ctx.require_gm("start a clock")
    name, size, visible, full = args.name, args.size, args.visible, args.full
    cid, changes = make_clock(ctx, name, size, visible, full=full)
    emit(
        ctx,
        CLOCK_CREATED,
        f"New clock: {name} (0/{size}).",
        changes,
        data={"clock": cid, "name": name, "size": size, "full": full},
        visible_to="all" if visible else GM_ONLY,
    )


def tick(ctx: Context, args: TickArgs) -> None:
    """Tick a clock by GM fiat or by spending CP (negative ticks roll it back)."""
    ctx.require_gm("tick a clock")
    cid, clock = _clock(ctx, args.clock)
    n, cp = args.ticks, args.cp
    old = int(clock["filled"])
    new = max(0, min(int(clock["size"]), old + n))
    if new == old:
        raise RuleViolation(f"{clock['name']} is already at {old}/{clock['size']}.")
    changes = [*pay_cp(ctx, cp), put(ctx, rules_path("clocks", cid, "filled"), new)]
    full = new == int(clock["size"])
    text = f"{clock['name']}: {old} → {new}/{clock['size']}"
    words, spent = (
        spend_words(ctx, args.reveal, cp, f"{clock['name']} +{n}")
        if clock.get("visible", True)
        else (f" (the GM spends {cp} CP)" if cp else "", {"cp": cp})
    )
    text += words
    text += f". It fills! {clock.get('full', '')}".rstrip() if full else "."
    if full and clock.get("training") and clock["training"] in fe_rules(ctx).get("rushed", {}):
        tid = clock["training"]
        changes.append(put(ctx, rules_path("rushed", tid, "flawed"), True))
        text += " The rushed advancement carries a flaw."
    emit(
        ctx,
        CLOCK_TICKED,
        text,
        changes,
        data={"clock": cid, "filled": new, "size": clock["size"], "full": full, **spent},
        visible_to=_audience(clock),
    )


def reveal(ctx: Context, args: RevealArgs) -> None:
    """Show a hidden clock to the table, or hide a shown one."""
    ctx.require_gm("show or hide a clock")
    cid, clock = _clock(ctx, args.clock)
    visible = args.visible
    if bool(clock.get("visible", True)) == visible:
        raise RuleViolation(f"{clock['name']} is already {'shown' if visible else 'hidden'}.")
    emit(
        ctx,
        CLOCK_SHOWN if visible else CLOCK_HIDDEN,
        f"Clock {clock['name']} ({clock['filled']}/{clock['size']}) is now "
        + ("visible to everyone." if visible else "hidden."),
        [put(ctx, rules_path("clocks", cid, "visible"), visible)],
        data={"clock": cid, "name": clock["name"], "visible": visible},
        visible_to="all" if visible else GM_ONLY,
    )


def remove(ctx: Context, args: ClockArgs) -> None:
    """Clear a clock that is resolved."""
    ctx.require_gm("remove a clock")
    cid, clock = _clock(ctx, args.clock)
    emit(
        ctx,
        CLOCK_REMOVED,
        f"Clock {clock['name']} is cleared.",
        [put(ctx, rules_path("clocks", cid), None)],
        data={"clock": cid},
        visible_to=_audience(clock),
    )


def fatigue_all(ctx: Context, n: int) -> tuple[list[Change], str]:
    """Every character's Fatigue ±``n`` (a Hauberk may turn a gain aside): the changes
    and a note for the log (empty, or ' Kael's … Hauberk rolls 7: Fatigue avoided.')."""
    changes, note, _ = change_fatigue(ctx, ctx.seats(), n)
    return changes, note


def supply_tick(ctx: Context, args: SupplyArgs) -> None:
    """Fill or empty the party Supply clock. Reaching Dangerously Low (3) gives each
    character Fatigue; reaching civilization resets it to Full."""
    ctx.require_gm("change the Supply clock")
    old = int(fe_rules(ctx).get("supply", 0))
    new = 0 if args.reset else max(0, min(SUPPLY_SIZE, old + args.ticks))
    if new == old:
        raise RuleViolation(f"The Supply clock is already at {old}/{SUPPLY_SIZE}.")
    if new > old and args.natural and (warder := ward_post(ctx)):
        raise RuleViolation(f"{warder}'s Unkwa Ward-Post wards the camp from natural Supply loss.")
    cp = args.cp
    changes, text = supply_changes(ctx, new)
    if args.reason:
        text += f" ({args.reason})"
    words, spent = spend_words(ctx, args.reveal, cp, "the Supply clock")
    text += words
    emit(ctx, SUPPLY_CHANGED, text + ".", pay_cp(ctx, cp) + changes,
         data={"supply": new, **spent})  # fmt: skip


def supply_changes(ctx: Context, new: int) -> tuple[list[Change], str]:
    """Set the Supply clock; crossing into Dangerously Low gives each character Fatigue
    (one step sooner, at Low Supply, for a PC without a Traveler's Pack)."""
    old = int(fe_rules(ctx).get("supply", 0))
    changes: list[Change] = [put(ctx, rules_path("supply"), new)]
    text = f"Supply {old} → {new}/{SUPPLY_SIZE}: {SUPPLY_STATES[new]}"
    fatigue, note, _ = supply_fatigue(ctx, old, new)
    return changes + fatigue, text + note


def fatigue_add(ctx: Context, args: FatigueArgs) -> None:
    """Apply Fatigue to one character or to all (exertion, deprivation, a CP spend)."""
    ctx.require_gm("apply Fatigue")
    n, cp, target = args.levels, args.cp, args.player
    if n < 0 and int(fe_rules(ctx).get("supply", 0)) >= DANGEROUSLY_LOW:
        raise RuleViolation("Fatigue can't be removed while the party is Dangerously Low.")
    if target == "all":
        changes, note, faces = change_fatigue(ctx, ctx.seats(), n)
        who = "Everyone"
    else:
        changes, note, faces = change_fatigue(ctx, [target], n)
        who = str(sheet(ctx, target)["name"])
    if not changes and not faces:
        raise RuleViolation("That changes nothing: Fatigue runs from 0 to 4.")
    verb = "gains" if n > 0 else "loses"
    words, spent = spend_words(ctx, args.reveal, cp, f"Fatigue for {who}")
    emit(
        ctx,
        FATIGUE_CHANGED,
        f"{who} {verb} {abs(n)} Fatigue{words}.{note}",
        pay_cp(ctx, cp) + changes,
        data={"player": target, "levels": n, **spent, **({"hauberk": faces} if faces else {})},
    )


def rest(ctx: Context, args: NoArgs) -> None:
    """'A night's rest with adequate supply removes 1 Fatigue' — not while the party's
    Supply clock is Dangerously Low or Empty."""
    ctx.require_gm("call a rest")
    if int(fe_rules(ctx).get("supply", 0)) >= DANGEROUSLY_LOW:
        raise RuleViolation(
            "You cannot clear Fatigue while the party's Supply is Dangerously Low or Out."
        )
    changes, _ = fatigue_all(ctx, -1)
    if not changes:
        raise RuleViolation("Nobody is Fatigued.")
    emit(ctx, FATIGUE_REST_EVENT, "A night's safe rest: everyone sheds 1 Fatigue.", changes)


FATIGUE_REST = CommandType("fatigue.rest", NoArgs)
