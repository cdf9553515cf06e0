"""Clocks (named, 4/6/8/10 segments, public or GM-only), the party Supply clock, and
Fatigue with its recovery rules."""

from __future__ import annotations

from .. import args as a
from ..changes import Change
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import GM_ONLY
from ..jsonvalue import JsonDict
from .economy import pay_cp
from .fatigue_gear import change_fatigue, supply_fatigue, ward_post
from .spend_notes import spend_words
from .state import emit, new_id, put, rules_path, sheet

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


def _clock(ctx: Context, args: JsonDict) -> tuple[str, JsonDict]:
    cid = a.text(args, "clock", max_len=20)
    clock = ctx.rules.get("clocks", {}).get(cid)
    if clock is None:
        raise InvalidArgs(f"There is no clock '{cid}'.")
    return cid, clock


def _audience(clock: JsonDict) -> str:
    return "all" if clock.get("visible", True) else GM_ONLY


def make_clock(
    ctx: Context, name: str, size: int, visible: bool, offset: int = 0, **extra: object
) -> tuple[str, list[Change]]:
    """Changes that create a clock; returns its id (``offset``: see ``new_id``)."""
    cid, seq = new_id(ctx, "k", offset)
    clock = {"name": name, "size": size, "filled": 0, "visible": visible, **extra}
    return cid, [seq, put(ctx, rules_path("clocks", cid), clock)]


def create(ctx: Context, args: JsonDict) -> None:
    """Start a clock: name the danger, pick its size, show it or keep it hidden."""
    ctx.require_gm("start a clock")
    name = a.text(args, "name", max_len=60)
    size = a.choice(args, "size", SIZES, default=6)
    visible = a.flag(args, "visible", default=True)
    full = a.text(args, "full", max_len=200, default="", allow_empty=True)
    cid, changes = make_clock(ctx, name, size, visible, full=full)
    emit(
        ctx,
        "clock.created",
        f"New clock: {name} (0/{size}).",
        changes,
        data={"clock": cid, "name": name, "size": size, "full": full},
        visible_to="all" if visible else GM_ONLY,
    )


def tick(ctx: Context, args: JsonDict) -> None:
    """Tick a clock by GM fiat or by spending CP (negative ticks roll it back)."""
    ctx.require_gm("tick a clock")
    cid, clock = _clock(ctx, args)
    n = a.integer(args, "ticks", lo=-10, hi=10, default=1)
    cp = a.integer(args, "cp", lo=0, hi=20, default=0)
    old = int(clock["filled"])
    new = max(0, min(int(clock["size"]), old + n))
    if new == old:
        raise RuleViolation(f"{clock['name']} is already at {old}/{clock['size']}.")
    changes = [*pay_cp(ctx, cp), put(ctx, rules_path("clocks", cid, "filled"), new)]
    full = new == int(clock["size"])
    text = f"{clock['name']}: {old} → {new}/{clock['size']}"
    words, spent = (
        spend_words(ctx, args, cp, f"{clock['name']} +{n}")
        if clock.get("visible", True)
        else (f" (the GM spends {cp} CP)" if cp else "", {"cp": cp})
    )
    text += words
    text += f". It fills! {clock.get('full', '')}".rstrip() if full else "."
    if full and clock.get("training") and clock["training"] in ctx.rules.get("rushed", {}):
        tid = clock["training"]
        changes.append(put(ctx, rules_path("rushed", tid, "flawed"), True))
        text += " The rushed advancement carries a flaw."
    emit(
        ctx,
        "clock.ticked",
        text,
        changes,
        data={"clock": cid, "filled": new, "size": clock["size"], "full": full, **spent},
        visible_to=_audience(clock),
    )


def reveal(ctx: Context, args: JsonDict) -> None:
    """Show a hidden clock to the table, or hide a shown one."""
    ctx.require_gm("show or hide a clock")
    cid, clock = _clock(ctx, args)
    visible = a.flag(args, "visible", default=True)
    if bool(clock.get("visible", True)) == visible:
        raise RuleViolation(f"{clock['name']} is already {'shown' if visible else 'hidden'}.")
    emit(
        ctx,
        "clock.shown" if visible else "clock.hidden",
        f"Clock {clock['name']} ({clock['filled']}/{clock['size']}) is now "
        + ("visible to everyone." if visible else "hidden."),
        [put(ctx, rules_path("clocks", cid, "visible"), visible)],
        data={"clock": cid, "name": clock["name"], "visible": visible},
        visible_to="all" if visible else GM_ONLY,
    )


def remove(ctx: Context, args: JsonDict) -> None:
    """Clear a clock that is resolved."""
    ctx.require_gm("remove a clock")
    cid, clock = _clock(ctx, args)
    emit(
        ctx,
        "clock.removed",
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


def supply_tick(ctx: Context, args: JsonDict) -> None:
    """Fill or empty the party Supply clock. Reaching Dangerously Low (3) gives each
    character Fatigue; reaching civilization resets it to Full."""
    ctx.require_gm("change the Supply clock")
    reason = a.text(args, "reason", max_len=120, default="", allow_empty=True)
    old = int(ctx.rules.get("supply", 0))
    if a.flag(args, "reset"):
        new = 0
    else:
        new = max(0, min(SUPPLY_SIZE, old + a.integer(args, "ticks", lo=-4, hi=4, default=1)))
    if new == old:
        raise RuleViolation(f"The Supply clock is already at {old}/{SUPPLY_SIZE}.")
    if new > old and a.flag(args, "natural") and (warder := ward_post(ctx)):
        raise RuleViolation(f"{warder}'s Unkwa Ward-Post wards the camp from natural Supply loss.")
    cp = a.integer(args, "cp", lo=0, hi=20, default=0)
    changes, text = supply_changes(ctx, new)
    if reason:
        text += f" ({reason})"
    words, spent = spend_words(ctx, args, cp, "the Supply clock")
    text += words
    emit(ctx, "supply.changed", text + ".", pay_cp(ctx, cp) + changes,
         data={"supply": new, **spent})  # fmt: skip


def supply_changes(ctx: Context, new: int) -> tuple[list[Change], str]:
    """Set the Supply clock; crossing into Dangerously Low gives each character Fatigue
    (one step sooner, at Low Supply, for a PC without a Traveler's Pack)."""
    old = int(ctx.rules.get("supply", 0))
    changes: list[Change] = [put(ctx, rules_path("supply"), new)]
    text = f"Supply {old} → {new}/{SUPPLY_SIZE}: {SUPPLY_STATES[new]}"
    fatigue, note, _ = supply_fatigue(ctx, old, new)
    return changes + fatigue, text + note


def fatigue_add(ctx: Context, args: JsonDict) -> None:
    """Apply Fatigue to one character or to all (exertion, deprivation, a CP spend)."""
    ctx.require_gm("apply Fatigue")
    n = a.integer(args, "levels", lo=-4, hi=4, default=1)
    cp = a.integer(args, "cp", lo=0, hi=20, default=0)
    target = a.text(args, "player", max_len=20, default="all")
    if n < 0 and int(ctx.rules.get("supply", 0)) >= DANGEROUSLY_LOW:
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
    words, spent = spend_words(ctx, args, cp, f"Fatigue for {who}")
    emit(
        ctx,
        "fatigue.changed",
        f"{who} {verb} {abs(n)} Fatigue{words}.{note}",
        pay_cp(ctx, cp) + changes,
        data={"player": target, "levels": n, **spent, **({"hauberk": faces} if faces else {})},
    )


def rest(ctx: Context, args: JsonDict) -> None:
    """'A night's rest with adequate supply removes 1 Fatigue' — not while the party's
    Supply clock is Dangerously Low or Empty."""
    ctx.require_gm("call a rest")
    if int(ctx.rules.get("supply", 0)) >= DANGEROUSLY_LOW:
        raise RuleViolation(
            "You cannot clear Fatigue while the party's Supply is Dangerously Low or Out."
        )
    changes, _ = fatigue_all(ctx, -1)
    if not changes:
        raise RuleViolation("Nobody is Fatigued.")
    emit(ctx, "fatigue.rest", "A night's safe rest: everyone sheds 1 Fatigue.", changes)
