"""The character sheet: traits and aptitudes, wounds and Wind, Bounty, Hindrances/Edges.

Players edit it between sessions, the GM at any time (the host enforces both); every
edit is one ``sheet.update`` at one path, so each can be undone on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from app.domain.command_types import CommandCall
from app.domain.fatechips.advancement import ADVANCE_BUY, APPROVED
from app.domain.fatechips.sheet import (
    MAX_APTITUDE,
    MAX_BOUNTY,
    MAX_COORDINATION,
    SHEET_UPDATE,
    WIND_LIMIT,
)
from app.domain.fatechips.system import (
    DIE_TYPES,
    MAX_PLUS,
    MAX_WOUND,
    PLUS_STEP,
    WOUND_LEVELS,
    ChipSystem,
)
from app.domain.fatechips.view_types import Bounty, Sheet

from ..component import component, keyed
from ..model import AppModel
from ..views.first_steps import made_in_play
from ..widgets import button, card, choice_chips, icon_button, muted, stepper, text_field, use_form
from .common import chips_view, joined, location_name, seat_entry


def _edit(model: AppModel, pid: str, path: str, value: Any) -> Any:
    call = SHEET_UPDATE(path=path, value=value)
    if model.is_gm:
        call = SHEET_UPDATE(path=path, value=value, player=pid)

    async def go(_: Any = None) -> None:
        await model.send(call)

    return go


def plus_stepper(plus: int, on_change: Callable[[int], Any]) -> ft.Control:
    """The steps above d12 (d12+2, d12+4...), counted in steps of the rules' size."""
    label = f"Above d12 (+{PLUS_STEP} a step)"
    return stepper(label, plus // PLUS_STEP, on_change, 0, MAX_PLUS // PLUS_STEP)


def traits_card(
    model: AppModel, system: ChipSystem, pid: str, sheet: Sheet, editable: bool
) -> ft.Control:
    rows: list[ft.Control] = []
    for name, trait in sorted(sheet["traits"].items()):
        die, coord = trait["die"], trait["coordination"]
        plus = trait.get("plus", 0) if die == DIE_TYPES[-1] else 0  # once set, where it can be
        shown = f"{coord}d{die}" + (f"+{plus}" if plus else "")  # d12+2, d12+4...
        if not editable:
            rows.append(ft.Text(f"{name.capitalize()}: {shown}", size=16))
            continue

        async def set_coord(n: int, name: str = name) -> None:
            await _edit(model, pid, f"traits.{name}.coordination", n)()

        async def set_die(d: str, name: str = name) -> None:
            await _edit(model, pid, f"traits.{name}.die", int(d))()

        async def set_plus(n: int, name: str = name) -> None:
            await _edit(model, pid, f"traits.{name}.plus", n * PLUS_STEP)()

        # Spacelands: "Traits above the human norm go from a d12 to a d12+2, then d12+4"
        above = die == DIE_TYPES[-1] and system.trait_plus

        rows.append(
            ft.Column(
                [
                    ft.Text(f"{name.capitalize()} {shown}", size=16, weight=ft.FontWeight.BOLD),
                    choice_chips(
                        [(str(d), f"d{d}") for d in DIE_TYPES],
                        str(die),
                        set_die,
                        name=name.capitalize(),
                    ),
                    stepper(
                        "Coordination",
                        coord,
                        set_coord,
                        1,
                        MAX_COORDINATION,
                        name=f"{name.capitalize()} Coordination",
                    ),
                    *([plus_stepper(plus, set_plus)] * above),
                ],
                spacing=4,
            )
        )
    return card("Traits", *rows)


@component
def aptitudes_card(model: AppModel, pid: str, sheet: Sheet, editable: bool) -> ft.Control:
    new = use_form({"name": "", "level": 1, "concentrations": ""})
    rows: list[ft.Control] = []
    for name, apt in sorted(sheet["aptitudes"].items()):
        level = apt["level"]
        conc = apt["concentrations"]
        title = f"{name.capitalize()} {level}" + (f" ({conc})" if conc else "")
        if not editable:
            rows.append(ft.Text(title, size=16))
            continue

        async def set_level(n: int, name: str = name) -> None:
            await _edit(model, pid, f"aptitudes.{name}.level", n)()

        rows.append(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(title, size=16, expand=True),
                            icon_button(
                                ft.Icons.DELETE,
                                f"Remove {name}",
                                _edit(model, pid, f"aptitudes.{name}", None),
                            ),
                        ]
                    ),
                    stepper("Level", level, set_level, 0, MAX_APTITUDE),
                ],
                spacing=2,
            )
        )
    if not rows:
        rows.append(muted("No aptitudes yet."))
    if editable:

        async def add(_: Any) -> None:
            if not new["name"].strip():
                model.refuse("Name the aptitude.")
                return
            await _edit(
                model,
                pid,
                f"aptitudes.{new['name'].strip()}",
                {"level": new["level"], "concentrations": new["concentrations"]},
            )()
            new.put(name="", level=1, concentrations="")

        rows += [
            ft.Divider(),
            text_field(new, "name", label="New aptitude"),
            stepper("Level", int(new["level"]), lambda n: new.put(level=n), 0, MAX_APTITUDE),
            text_field(new, "concentrations", label="Concentrations"),
            button("Add aptitude", add, icon=ft.Icons.ADD),
        ]
    return card("Aptitudes", *rows)


@component
def text_card(
    model: AppModel, pid: str, field: str, title: str, value: str, editable: bool
) -> ft.Control:
    f = use_form({"text": value})

    async def save(_: Any) -> None:
        await _edit(model, pid, field, f["text"])()

    if not editable:
        return card(title, ft.Text(value or "—", size=15, selectable=True))
    return card(
        title,
        text_field(f, "text", multiline=True, min_lines=2, max_lines=8, label=title),
        button(
            f"Save {title}",
            save,
            icon=ft.Icons.SAVE,
            disabled=f["text"] == value,
        ),
    )


def health_card(model: AppModel, pid: str, sheet: Sheet, editable: bool) -> ft.Control:
    rows: list[ft.Control] = []
    for loc, level in sheet["wounds"].items():
        label = f"{location_name(loc)}: {WOUND_LEVELS[min(level, MAX_WOUND)]}"
        if editable:

            async def set_wound(n: int, loc: str = loc) -> None:
                await _edit(model, pid, f"wounds.{loc}", n)()

            rows.append(stepper(label, level, set_wound, 0, MAX_WOUND))
        else:
            rows.append(ft.Text(label, size=15, color=ft.Colors.ERROR if level else None))
    wind = sheet["wind"]
    if editable:

        async def set_wind(n: int) -> None:
            await _edit(model, pid, "wind.current", n)()

        async def set_max(n: int) -> None:
            await _edit(model, pid, "wind.max", n)()

        rows.append(
            stepper(
                f"Wind {wind['current']}/{wind['max']}",
                wind["current"],
                set_wind,
                -99,
                WIND_LIMIT,
            )
        )
        rows.append(stepper("Wind max", wind["max"], set_max, 1, WIND_LIMIT))
    else:
        rows.append(
            ft.Text(f"Wind {wind['current']} / {wind['max']}", size=18, weight=ft.FontWeight.BOLD)
        )
    return card("Wounds and Wind", *rows)


def bounty_card(model: AppModel, bounty: Bounty, pid: str = "") -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(
            f"{bounty['available']} to spend · {bounty['earned']} earned · {bounty['spent']} spent",
            size=17,
            weight=ft.FontWeight.BOLD,
        ),
    ]
    if model.is_gm and pid:  # the GM may correct the totals

        async def earned(n: int) -> None:
            await _edit(model, pid, "bounty.earned", n)()

        async def spent(n: int) -> None:
            await _edit(model, pid, "bounty.spent", n)()

        lines.append(stepper("Earned (GM correction)", bounty["earned"], earned, 0, MAX_BOUNTY))
        lines.append(stepper("Spent (GM correction)", bounty["spent"], spent, 0, MAX_BOUNTY))
    for item in reversed(bounty["ledger"][-30:]):
        lines.append(
            ft.Text(f"Session {item['session']}: {item['points']:+d} {item['what']}", size=14)
        )
    return card("Bounty Points", *lines)


def buy_call(f: Mapping[str, Any], player: str | None) -> CommandCall:
    """The ``advance.buy`` the form asks for, with only the arguments it sets (``player``:
    the seat the GM buys for)."""
    parts = [ADVANCE_BUY(what=f["what"], name=f["name"])]
    if f["what"] in APPROVED:
        parts.append(ADVANCE_BUY(value=int(f["value"])))
    if f["story"].strip():
        parts.append(ADVANCE_BUY(story=f["story"]))
    if f["what"] == "aptitude" and f["concentrations"].strip():
        parts.append(ADVANCE_BUY(concentrations=f["concentrations"]))
    if player:
        parts.append(ADVANCE_BUY(player=player))
    return joined(*parts)


@component
def advance_card(model: AppModel, system: ChipSystem, pid: str) -> ft.Control:
    """Spend Bounty between sessions (Edges and Hindrances go to the GM for approval)."""
    f = use_form(
        {"what": system.advances[0], "name": "", "value": 1, "story": "", "concentrations": ""}
    )

    async def buy(_: Any) -> None:
        if not f["name"].strip():  # else the rule's "Say what to improve ('name')."
            model.refuse("Name what to improve first.")
            return
        await model.send(buy_call(f, pid if model.is_gm else None))

    labels = {
        "aptitude": "Aptitude +1",
        "coordination": "Coordination +1",
        "die": "Trait die up",
        "edge": "New Edge",
        "hindrance": "Buy off Hindrance",
    }
    parts: list[ft.Control] = [
        choice_chips(
            [(a, labels.get(a, a)) for a in system.advances],
            f["what"],
            lambda w: f.put(what=w),
        ),
        text_field(f, "name", label="Which (aptitude, trait, Edge or Hindrance)"),
    ]
    if f["what"] in APPROVED:
        parts.append(stepper("Cost / value", int(f["value"]), lambda n: f.put(value=n), 1, 10))
    if f["what"] == "aptitude":
        parts.append(text_field(f, "concentrations", label="Concentrations (new aptitude)"))
    parts.append(text_field(f, "story", label="Story (why your character improves)"))
    parts.append(button("Spend Bounty", buy, icon=ft.Icons.TRENDING_UP, filled=True))
    requests = [r for r in chips_view(model)["requests"].values() if r["player"] == pid]
    for r in requests:
        parts.append(muted(f"Waiting for the GM: {r['what']} {r['name']} ({r['cost']} points)"))
    return card("Improve (between sessions)", *parts)


def sheet_panel(model: AppModel, system: ChipSystem, pid: str | None = None) -> ft.Control:
    """The whole sheet of ``pid`` (the player's own by default)."""
    pid = pid or model.player_id or ""
    entry = seat_entry(chips_view(model), pid)
    # the private part: a player sees their own, the GM every seat's
    sheet = entry.get("sheet") if entry else None
    bounty = entry.get("bounty") if entry else None
    if sheet is None or bounty is None:
        return muted("No sheet to show.")
    editable = model.is_gm or not model.session_active
    parts: list[ft.Control] = []
    if not editable:
        parts += made_in_play(model)  # a late joiner's blank sheet: a ready-made one
    parts += [
        health_card(model, pid, sheet, model.is_gm),
        bounty_card(model, bounty, pid),
        traits_card(model, system, pid, sheet, editable),
        keyed(f"apt-{pid}", aptitudes_card, model, pid, sheet, editable),
        keyed(
            f"hind-{pid}-{sheet['hindrances']}",
            text_card,
            model,
            pid,
            "hindrances",
            "Hindrances",
            sheet["hindrances"],
            editable,
        ),
        keyed(
            f"edge-{pid}-{sheet['edges']}",
            text_card,
            model,
            pid,
            "edges",
            "Edges",
            sheet["edges"],
            editable,
        ),
    ]
    if not model.session_active and system.advances:
        parts.append(keyed(f"adv-{pid}", advance_card, model, system, pid))
    return ft.Column(parts, spacing=10)
