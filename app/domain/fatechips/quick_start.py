"""``sheet.quick``: a player takes one of the game's ready-made archetypes (see
``starting``, which the phone app reads too and so stays free of the host's stack)."""

from __future__ import annotations

from typing import Literal, get_args

from ..arguments import Args, SeatId, optional
from ..changes import Put
from ..command_types import CommandType
from ..context import Context
from ..errors import InvalidArgs, RuleViolation
from ..events import Draft
from .events.quick_start import SHEET_QUICK_EVENT
from .starting import ARCHETYPES, archetypes, is_blank
from .state import sheet_of
from .system import ChipSystem

#: Every game's archetypes (each game offers its own; the rule code refuses the others).
Key = Literal["gunslinger", "scout", "talker", "blaster", "pilot", "face"]
assert set(get_args(Key)) == {k for offered in ARCHETYPES.values() for k in offered}


class QuickArgs(Args):
    """``sheet.quick``: which archetype goes on the blank sheet."""

    player: SeatId | None = optional("seat id (GM only)")
    archetype: Key | None = optional(
        "Deadlands: gunslinger, scout, talker; Spacelands: blaster, pilot, face"
    )


SHEET_QUICK = CommandType("sheet.quick", QuickArgs)


def take(ctx: Context, system: ChipSystem, args: QuickArgs) -> None:
    """``sheet.quick``: put an archetype's traits and aptitude on a blank sheet."""
    pid = ctx.target(args.player)
    offered = archetypes(system)
    key = args.archetype
    if key is None:
        raise InvalidArgs(f"'archetype' is required (one of: {', '.join(offered)}).")
    if key not in offered:
        raise InvalidArgs(f"'archetype' must be one of: {', '.join(offered)}.")
    chosen = offered[key]
    base = ("rules", "sheets", pid)
    sheet = sheet_of(ctx.state, pid)
    if sheet is None or not is_blank(sheet):
        raise RuleViolation(
            f"{ctx.name_of(pid)}'s sheet is already filled in: a quick start only goes on a "
            "blank sheet (change it trait by trait on the Sheet tab)."
        )
    traits = {t: {"die": d, "coordination": n} for t, (n, d) in chosen.traits.items()}
    name, level, conc = chosen.aptitude
    aptitudes = {name: {"level": level, "concentrations": conc}}
    ctx.emit(
        Draft(
            SHEET_QUICK_EVENT,
            f"{ctx.name_of(pid)} starts as the {chosen.title}: {chosen.trait_words()}; "
            f"{chosen.aptitude_words()}.",
            data={"player": pid, "archetype": key},
            changes=(
                Put((*base, "traits"), sheet["traits"], traits),
                Put((*base, "aptitudes"), sheet["aptitudes"], aptitudes),
            ),
            visible_to=pid,
        )
    )
