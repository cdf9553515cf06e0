"""The GM's Complication Point bank: spend from the menu, show the bank, close an arc."""

from __future__ import annotations

from ..arguments import Args, NoArgs, Text, described, optional
from ..changes import SUPPLY, Change, Move
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs
from ..events import GM_ONLY
from ..tokens import GM_HAND
from .cp_effects import effect
from .economy import pay_cp
from .events.cp import ARC_ENDED, ARC_ENDED_HIDDEN, CP_EFFECT, CP_GRANTED, CP_REVEALED, CP_SPENT
from .menus import menu_options
from .resources import arc_degradation
from .roll_args import Id20, Maybe20, Maybe40, Maybe200, Maybe300
from .state import CP, cp_bank, emit, fe_rules, put, rules_path

REVEAL = "show the table (default: the table's setting)"


class SpendArgs(Args):
    """``cp.spend``."""

    option: Maybe40 = optional("the CP spend menu option id ('' for a free-form note)", default="")
    cp: int | None = optional("how many CP (default: the option's cost)", ge=1, le=50)
    note: Maybe200 = optional("the complication, in the GM's words", default="")
    reveal: bool | None = optional(REVEAL)
    player: Maybe20 | None = optional("the seat id hit by 'fatigue' or a gear option")
    clock: Id20 | None = optional("the clock id for 'threat'/'faction'")
    gear: Id20 | None = optional("the gear id for 'compromise'/'combat-2'/'gear-breaks'")


CP_SPEND = CommandType("cp.spend", SpendArgs)


class GrantArgs(Args):
    """``cp.grant``."""

    cp: int = described("how many CP to bank", ge=1, le=10)
    reason: Text = described("why they are banked")
    reveal: bool | None = optional(REVEAL)


CP_GRANT = CommandType("cp.grant", GrantArgs)


class EndArcArgs(Args):
    """``arc.end``."""

    complication: Maybe300 = optional(
        "the front-loaded complication the banked CP become next arc", default=""
    )


ARC_END = CommandType("arc.end", EndArcArgs)


def visibility(ctx: Context, reveal: bool | None) -> str:
    """GM-only by default; the GM may choose to show a spend to the table."""
    default = bool(ctx.settings.get("reveal_cp_spends", False))
    return "all" if (default if reveal is None else reveal) else GM_ONLY


def spend(ctx: Context, args: SpendArgs) -> None:
    """Spend banked CP on a menu option (or a free-form complication)."""
    ctx.require_gm("spend Complication Points")
    options = menu_options()
    option = args.option
    if option and option not in options:
        raise InvalidArgs(f"'{option}' is not on the CP spend menu.")
    default_cost = options[option][0] if option else 1
    n = default_cost if args.cp is None else args.cp
    note = args.note
    if not option and not note:
        raise InvalidArgs("Name the complication: pick a menu option or write a note.")
    label = options[option][1] if option else note
    extra = f" — {note}" if option and note else ""
    changes, effect_text, audience = effect(
        ctx, option, player=args.player or "", clock=args.clock, gear=args.gear, note=note
    )
    emit(
        ctx,
        CP_SPENT,
        f"The GM spends {n} CP: {label}{extra}.",
        pay_cp(ctx, n),
        # Never the bank's size: a revealed spend shows the spend, not what is left.
        data={"cp": n, "option": option, "note": note},
        visible_to=visibility(ctx, args.reveal),
    )
    if changes or effect_text:  # effect_text alone: a Hauberk turned the Fatigue aside
        emit(ctx, CP_EFFECT, effect_text, changes, data={"option": option}, visible_to=audience)


def grant(ctx: Context, args: GrantArgs) -> None:
    """The GM banks free CP (e.g. the adventure deck's all-one-colour draw)."""
    ctx.require_gm("bank free Complication Points")
    n, reason = args.cp, args.reason
    emit(
        ctx,
        CP_GRANTED,
        f"The GM banks {n} free CP: {reason}.",
        [Move(CP, SUPPLY, GM_HAND, n)],
        data={"cp": n, "reason": reason},
        visible_to=visibility(ctx, args.reveal),
    )


def reveal(ctx: Context, args: NoArgs) -> None:
    """Tell the table how many CP are banked right now."""
    ctx.require_gm("reveal the CP bank")
    n = cp_bank(ctx.state)
    emit(ctx, CP_REVEALED, f"The GM has {n} Complication Points banked.", data={"bank": n})


CP_REVEAL = CommandType("cp.reveal", NoArgs)


def end_arc(ctx: Context, args: EndArcArgs) -> None:
    """Close an arc: banked CP become a front-loaded complication; flagged resources
    that weren't maintained degrade one step; once-per-arc uses come back."""
    ctx.require_gm("end an arc")
    bank = cp_bank(ctx.state)
    text = args.complication
    if bank and not text:
        raise InvalidArgs(
            f"{bank} CP are still banked: describe the front-loaded complication they "
            "become at the start of the next arc."
        )
    arc = int(fe_rules(ctx).get("arc", {}).get("number", 1))
    changes: list[Change] = []
    if bank:
        changes.append(Move(CP, GM_HAND, SUPPLY, bank))
        front = [*fe_rules(ctx).get("front_loaded", []), {"arc": arc + 1, "cp": bank, "text": text}]
        changes.append(put(ctx, rules_path("front_loaded"), front))
    degraded, deg_changes = arc_degradation(ctx)
    changes += deg_changes
    changes.append(put(ctx, rules_path("arc"), {"number": arc + 1, "uses": {}}))
    emit(
        ctx,
        ARC_ENDED_HIDDEN,
        f"Arc {arc} ends. {bank} banked CP become a front-loaded complication: {text}"
        if bank
        else f"Arc {arc} ends with no banked CP.",
        data={"arc": arc, "cp": bank, "complication": text},
        visible_to=GM_ONLY,
    )
    lines = [f"Arc {arc} ends; arc {arc + 1} begins."]
    if degraded:
        lines.append("Degraded: " + ", ".join(degraded) + ".")
    emit(ctx, ARC_ENDED, " ".join(lines), changes, data={"arc": arc, "degraded": degraded})
