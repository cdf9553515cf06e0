"""The character sheet of each seat: traits, aptitudes, Hindrances/Edges, wounds, Wind.

Lives at ``rules.sheets.<pid>``; Bounty Points live beside it at ``rules.bounty.<pid>``
(earned/spent) with a ledger at ``rules.ledger.<pid>``. Edits go through
``sheet.update`` with one precise path each, so undo stays fine-grained.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from annotated_types import MaxLen
from pydantic import StringConstraints

from ..arguments import Args, Says, SeatId, optional
from ..changes import Put, get_path
from ..command_types import CommandType
from ..context import Context
from ..errors import Forbidden, InvalidArgs
from ..events import Draft
from ..jsonvalue import Json
from .chips import require_between_sessions
from .events.sheet import SHEET_UPDATED

if TYPE_CHECKING:
    from .view_types import Sheet
from .state import ChipsSettings, rules_of, sheet_of
from .system import DIE_TYPES, MAX_PLUS, MAX_WOUND, PLUS_STEP, TRAITS, ChipSystem

TEXT_MAX = 2000
NAME_MAX = 60
WIND_LIMIT = 999
MAX_COORDINATION = 10
MAX_APTITUDE = 10  # an aptitude's level
MAX_BOUNTY = 99999  # the most either Bounty total may be corrected to

_PATH_SAYS = Says("'path' is a list of keys (or a dotted string).")


class UpdateArgs(Args):
    """``sheet.update``: one entry of the sheet (the rule code checks path and value)."""

    player: SeatId | None = optional("seat id (GM only)")
    path: Annotated[
        Annotated[str, StringConstraints(max_length=200)] | Annotated[list[str], MaxLen(5)],
        _PATH_SAYS,
    ] = optional("e.g. traits.strength.die or a list of keys", [])
    value: Annotated[
        Annotated[str, StringConstraints(max_length=TEXT_MAX)] | int | dict[str, int | str] | None,
        Says("'value' is a number, a text, an aptitude {level, concentrations} or null."),
    ] = optional("the new value (null removes an aptitude)")


SHEET_UPDATE = CommandType("sheet.update", UpdateArgs)


def new_sheet(system: ChipSystem, settings: ChipsSettings) -> Sheet:
    """A blank sheet: every trait 1d6, no aptitudes, no wounds, full Wind."""
    wind = int(settings.get("starting_wind", 10))
    return {
        "traits": {t: {"die": 6, "coordination": 1} for t in TRAITS},
        "aptitudes": {},
        "hindrances": "",
        "edges": "",
        "wounds": dict.fromkeys(system.locations, 0),
        "wind": {"current": wind, "max": wind},
    }


def _key(name: Json) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        raise InvalidArgs(f"Names on the sheet are 1–{NAME_MAX} characters.")
    return name.strip().lower()


def _number(value: Json, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidArgs(f"{what} must be a whole number from {lo} to {hi}.")
    return value


def _text(value: Json, what: str) -> str:
    if not isinstance(value, str) or len(value) > TEXT_MAX:
        raise InvalidArgs(f"{what} must be text of at most {TEXT_MAX} characters.")
    return value.strip()


def check_edit(system: ChipSystem, path: list[Json], value: Json) -> tuple[tuple[str, ...], Json]:
    """Validate one sheet edit; returns the sheet-relative path and the clean value.

    Paths: ``traits.<trait>.die|coordination``, ``aptitudes.<name>`` (None removes
    it), ``aptitudes.<name>.level|concentrations``, ``hindrances``, ``edges``,
    ``wounds.<location>``, ``wind.current|max``.
    """
    head = path[0] if path else None
    if head in ("hindrances", "edges") and len(path) == 1:
        return (head,), _text(value, head.capitalize())
    if head == "traits" and len(path) == 3 and path[1] in TRAITS:
        if path[2] == "die":
            if value not in DIE_TYPES:
                raise InvalidArgs("A trait's die is one of d4, d6, d8, d10, d12.")
            return ("traits", str(path[1]), "die"), value
        if path[2] == "plus" and system.trait_plus:
            # "Traits above the human norm go from a d12 to a d12+2, then d12+4"
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= MAX_PLUS
                or value % PLUS_STEP
            ):
                raise InvalidArgs(
                    "Above d12 a trait goes d12+2, then d12+4, and so on: 'plus' is 0, 2, 4..."
                )
            return ("traits", str(path[1]), "plus"), value
        if path[2] == "coordination":
            return ("traits", str(path[1]), "coordination"), _number(
                value, 1, MAX_COORDINATION, "Coordination"
            )
    if head == "aptitudes" and len(path) == 2:
        name = _key(path[1])
        if value is None:
            return ("aptitudes", name), None
        if not isinstance(value, dict):
            raise InvalidArgs("An aptitude is {'level': n, 'concentrations': text}.")
        level = _number(value.get("level", 1), 0, MAX_APTITUDE, "An aptitude's level")
        conc = _text(value.get("concentrations", ""), "Concentrations")
        return ("aptitudes", name), {"level": level, "concentrations": conc}
    if head == "aptitudes" and len(path) == 3:
        name = _key(path[1])
        if path[2] == "level":
            return ("aptitudes", name, "level"), _number(
                value, 0, MAX_APTITUDE, "An aptitude's level"
            )
        if path[2] == "concentrations":
            return ("aptitudes", name, "concentrations"), _text(value, "Concentrations")
    if head == "wounds" and len(path) == 2 and isinstance(path[1], str):
        loc = system.location(path[1])
        if loc is not None:
            return ("wounds", loc), _number(value, 0, MAX_WOUND, "A wound level")
    if head == "wind" and len(path) == 2 and path[1] in ("current", "max"):
        lo = -WIND_LIMIT if path[1] == "current" else 1
        return ("wind", str(path[1])), _number(value, lo, WIND_LIMIT, "Wind")
    raise InvalidArgs(f"'{'.'.join(map(str, path))}' is not a place on the sheet.")


def update(ctx: Context, system: ChipSystem, args: UpdateArgs) -> None:
    """Edit one entry of a sheet: the player between sessions, the GM at any time."""
    pid = ctx.target(args.player)
    if not ctx.actor.is_gm:
        require_between_sessions(ctx, "edit your sheet")
    raw: list[Json] = list(args.path.split(".") if isinstance(args.path, str) else args.path)
    if not raw:
        raise InvalidArgs(_PATH_SAYS.message)
    if raw[0] == "bounty":
        _update_bounty(ctx, pid, raw, args.value)
        return
    rel, value = check_edit(system, raw, args.value)
    sheet = sheet_of(ctx.state, pid)
    if (
        rel[0] == "aptitudes"
        and len(rel) == 3
        and not (sheet.get("aptitudes", {}).get(rel[1]) if sheet else None)
    ):
        raise InvalidArgs(f"{ctx.name_of(pid)} has no aptitude '{rel[1]}' yet.")
    _check_above_d12(ctx, pid, rel, value)
    path = ("rules", "sheets", pid, *rel)
    old = get_path(ctx.state, path)
    if old == value:
        return
    who = "The GM" if ctx.actor.is_gm else ctx.name_of(pid)
    shown = "removed" if value is None else f"set to {value}"
    ctx.emit(
        Draft(
            SHEET_UPDATED,
            f"{who} updated {ctx.name_of(pid)}'s sheet: {'.'.join(rel)} {shown}.",
            data={"player": pid, "path": list(rel), "value": value},
            changes=(Put(path, old, value),),
            visible_to=pid,
        )
    )


def _check_above_d12(ctx: Context, pid: str, rel: tuple[str, ...], value: Json) -> None:
    """A +N only sits on a d12 (d12+2...), and a d12+N steps down through d12 first."""
    if rel[0] != "traits" or len(rel) != 3:
        return
    sheet = sheet_of(ctx.state, pid)
    entry = sheet.get("traits", {}).get(rel[1]) if sheet else None
    die = int(entry.get("die", 6)) if entry else 6
    plus = int(entry.get("plus", 0) or 0) if entry else 0
    if rel[2] == "plus" and value and die != DIE_TYPES[-1]:
        raise InvalidArgs(
            "Traits above the human norm go from a d12 to a d12+2: make it a d12 first."
        )
    if rel[2] == "die" and value != DIE_TYPES[-1] and plus:
        raise InvalidArgs(f"This trait is a d12+{plus}: set its 'plus' to 0 first.")


def _update_bounty(ctx: Context, pid: str, path: list[Json], value: Json) -> None:
    """The GM corrects the Bounty ledger's totals (players earn and spend by the rules)."""
    ctx.require_gm("correct Bounty Points")
    if len(path) != 2 or path[1] not in ("earned", "spent"):
        raise InvalidArgs("Bounty paths are bounty.earned and bounty.spent.")
    field = str(path[1])
    value = _number(value, 0, MAX_BOUNTY, "Bounty Points")
    full = ("rules", "bounty", pid, field)
    old = get_path(ctx.state, full)
    if int(old or 0) == value:
        return
    ctx.emit(
        Draft(
            SHEET_UPDATED,
            f"The GM set {ctx.name_of(pid)}'s Bounty Points {field} to {value}.",
            data={"player": pid, "path": ["bounty", field], "value": value},
            changes=(Put(full, old, value),),
            visible_to=pid,
        )
    )


def require_sheet(ctx: Context, pid: str) -> Sheet:
    """A seat's sheet (every seat gets one when it joins)."""
    sheet = rules_of(ctx.state).get("sheets", {}).get(pid)
    if sheet is None:
        raise Forbidden("That seat has no character sheet.")
    return sheet
