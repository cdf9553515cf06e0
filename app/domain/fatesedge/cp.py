"""The GM's Complication Point bank: spend from the menu, show the bank, close an arc."""

from __future__ import annotations

from .. import args as a
from ..changes import SUPPLY, Change, Move
from ..context import Context
from ..errors import InvalidArgs
from ..events import GM_ONLY
from ..jsonvalue import JsonDict
from ..tokens import GM_HAND
from .cp_effects import effect
from .economy import pay_cp
from .menus import menu_options
from .resources import arc_degradation
from .state import CP, cp_bank, emit, put, rules_path


def visibility(ctx: Context, args: JsonDict) -> str:
    """GM-only by default; the GM may choose to show a spend to the table."""
    default = bool(ctx.settings.get("reveal_cp_spends", False))
    return "all" if a.flag(args, "reveal", default=default) else GM_ONLY


def spend(ctx: Context, args: JsonDict) -> None:
    """Spend banked CP on a menu option (or a free-form complication)."""
    ctx.require_gm("spend Complication Points")
    options = menu_options()
    option = a.text(args, "option", max_len=40, default="", allow_empty=True)
    if option and option not in options:
        raise InvalidArgs(f"'{option}' is not on the CP spend menu.")
    default_cost = options[option][0] if option else 1
    n = a.integer(args, "cp", lo=1, hi=50, default=default_cost)
    note = a.text(args, "note", max_len=200, default="", allow_empty=True)
    if not option and not note:
        raise InvalidArgs("Name the complication: pick a menu option or write a note.")
    label = options[option][1] if option else note
    extra = f" — {note}" if option and note else ""
    changes, effect_text, audience = effect(ctx, option, args)
    emit(
        ctx,
        "cp.spent",
        f"The GM spends {n} CP: {label}{extra}.",
        pay_cp(ctx, n),
        # Never the bank's size: a revealed spend shows the spend, not what is left.
        data={"cp": n, "option": option, "note": note},
        visible_to=visibility(ctx, args),
    )
    if changes or effect_text:  # effect_text alone: a Hauberk turned the Fatigue aside
        emit(ctx, "cp.effect", effect_text, changes, data={"option": option}, visible_to=audience)


def grant(ctx: Context, args: JsonDict) -> None:
    """The GM banks free CP (e.g. the adventure deck's all-one-colour draw)."""
    ctx.require_gm("bank free Complication Points")
    n = a.integer(args, "cp", lo=1, hi=10)
    reason = a.text(args, "reason", max_len=200)
    emit(
        ctx,
        "cp.granted",
        f"The GM banks {n} free CP: {reason}.",
        [Move(CP, SUPPLY, GM_HAND, n)],
        data={"cp": n, "reason": reason},
        visible_to=visibility(ctx, args),
    )


def reveal(ctx: Context, args: JsonDict) -> None:
    """Tell the table how many CP are banked right now."""
    ctx.require_gm("reveal the CP bank")
    n = cp_bank(ctx.state)
    emit(ctx, "cp.revealed", f"The GM has {n} Complication Points banked.", data={"bank": n})


def end_arc(ctx: Context, args: JsonDict) -> None:
    """Close an arc: banked CP become a front-loaded complication; flagged resources
    that weren't maintained degrade one step; once-per-arc uses come back."""
    ctx.require_gm("end an arc")
    bank = cp_bank(ctx.state)
    text = a.text(args, "complication", max_len=300, default="", allow_empty=True)
    if bank and not text:
        raise InvalidArgs(
            f"{bank} CP are still banked: describe the front-loaded complication they "
            "become at the start of the next arc."
        )
    arc = int(ctx.rules.get("arc", {}).get("number", 1))
    changes: list[Change] = []
    if bank:
        changes.append(Move(CP, GM_HAND, SUPPLY, bank))
        front = [*ctx.rules.get("front_loaded", []), {"arc": arc + 1, "cp": bank, "text": text}]
        changes.append(put(ctx, rules_path("front_loaded"), front))
    degraded, deg_changes = arc_degradation(ctx)
    changes += deg_changes
    changes.append(put(ctx, rules_path("arc"), {"number": arc + 1, "uses": {}}))
    emit(
        ctx,
        "arc.ended.hidden",
        f"Arc {arc} ends. {bank} banked CP become a front-loaded complication: {text}"
        if bank
        else f"Arc {arc} ends with no banked CP.",
        data={"arc": arc, "cp": bank, "complication": text},
        visible_to=GM_ONLY,
    )
    lines = [f"Arc {arc} ends; arc {arc + 1} begins."]
    if degraded:
        lines.append("Degraded: " + ", ".join(degraded) + ".")
    emit(ctx, "arc.ended", " ".join(lines), changes, data={"arc": arc, "degraded": degraded})
