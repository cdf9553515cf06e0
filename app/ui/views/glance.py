"""The whole table at a glance: one compact row per seat for the GM, on every tool tab.

Each row says who (with the online dot), the seat's tokens (chips, caps, fate points,
XP and Boons), how hurt they are (wounds and Wind, Shaken, Fatigue, stress) and the
roll in progress, in 16 px text readable at arm's length. What a row says comes from
the rule system's part of the table view, read here per game so the GM's seat cards
(the Seats tab) keep their fuller summaries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from ..caps.common import caps_view, gm_part, health_text
from ..caps.common import roll_summary as caps_roll
from ..chips.common import player_entry, wounds_text
from ..chips.common import roll_summary as chips_roll
from ..fatesedge.common import FATIGUE_TEXT, fe_view, roll_headline
from ..model import AppModel
from ..theme import STATUS_COLOURS
from ..wheel.common import stress_line
from ..widgets import muted, plural, readable, token_counts

GLANCE_TEXT = 16  # the smallest text on a seat row: read from arm's length

#: A seat's glance: its tokens as a control (or None) and its lines of words.
Glance = tuple[ft.Control | None, list[str]]


def held(hand: Mapping[str, object] | None, noun: str, family: str) -> ft.Control:
    """The tokens a seat holds, by colour (none held: said in words)."""
    if hand is None:
        return token_counts(None, noun=noun)
    counts = {kind: n for kind, n in hand.items() if n}
    if not counts:
        return ft.Text(f"no {noun}s", size=GLANCE_TEXT)
    return token_counts(counts, noun=noun, family=family, size=28)


def chips_glance(model: AppModel, pid: str) -> Glance:
    """Deadlands / Spacelands: chips by colour, wounds and Wind, the roll not yet settled."""
    entry = player_entry(model.rules, pid)
    words = [wounds_text(entry.get("wounds", {})).capitalize()]
    wind = entry.get("sheet", {}).get("wind")
    if wind:
        words.append(f"Wind {wind['current']}/{wind['max']}")
    roll = entry.get("roll")
    if roll and not roll.get("finished"):
        words.append("Rolling: " + chips_roll(roll))
    return held(entry.get("hand", {}), "chip", "chips"), words


def caps_glance(model: AppModel, pid: str) -> Glance:
    """Bottlecaps: caps by colour, Shaken and Wounds, the last roll, whose turn."""
    view = caps_view(model)
    block = gm_part(view)["players"].get(pid)
    words = [health_text(block["sheet"] if block else None).capitalize()]
    roll = view["rolls"].get(pid)
    if roll:
        words.append("Roll: " + caps_roll(roll))
    if view["turn"] == pid:
        words.append("Their turn")
    return held(view["hands"].get(pid, {}), "cap", "caps"), words


def fates_edge_glance(model: AppModel, pid: str) -> Glance:
    """Fate's Edge: the character, XP and Boons, Fatigue, their last roll."""
    view = fe_view(model)
    sheet = view.get("characters", {}).get(pid)
    if sheet is None:
        return None, ["No character yet"]
    words = [f"{sheet['name']} · {sheet['xp']['unspent']} XP · " + plural(sheet["boons"], "Boon")]
    if sheet["status"] == "creating":
        words.append("Still creating")
    fatigue = sheet["fatigue"]
    if fatigue:
        words.append(FATIGUE_TEXT.get(fatigue, f"Fatigue {fatigue}"))
    last = view["last_roll"]
    if last is not None and last.get("player") == pid:
        words.append("Last roll: " + roll_headline(last))
    return None, words


def wheel_glance(model: AppModel, pid: str) -> Glance:
    """Wheel of Fate: fate points, stress, creation still to do, a compel waiting."""
    rules = model.rules
    public = rules.get("characters", {}).get(pid, {})
    sheet = rules.get("sheets", {}).get(pid, {})
    words = [
        f"{public.get('name') or '(no name yet)'} · "
        f"{plural(int(public.get('fate', 0)), 'fate point')}",
        stress_line(public),
    ]
    if not public.get("complete"):
        words.append(f"Creating: {plural(len(sheet.get('missing', [])), 'thing')} to go")
    if rules.get("compels", {}).get(pid):
        words.append("Compel waiting")
    return None, words


GLANCES: dict[str, Callable[[AppModel, str], Glance]] = {
    "deadlands": chips_glance,
    "spacelands": chips_glance,
    "bottlecaps": caps_glance,
    "fates-edge": fates_edge_glance,
    "wheel-of-fate": wheel_glance,
}


def seat_glance(model: AppModel, pid: str) -> Glance:
    """What one seat's row shows, for this table's game (nothing more for others)."""
    read = GLANCES.get(model.ruleset)
    return read(model, pid) if read else (None, [])


def online_dot(online: bool) -> ft.Control:
    return ft.Container(
        width=14,
        height=14,
        border_radius=7,
        bgcolor=STATUS_COLOURS["online" if online else "offline"],
    )


def seat_row(model: AppModel, seat: dict[str, Any]) -> ft.Control:
    """One seat on one line (two when it must): dot, name, tokens, health, roll."""
    pid = str(seat["player_id"])
    name = str(seat["name"])
    online = bool(seat.get("online"))
    tokens, words = seat_glance(model, pid)
    state = "online" if online else "away"
    text = readable(" · ".join(w for w in words if w))
    head: list[ft.Control] = [
        online_dot(online),
        ft.Text(
            name,
            size=18,
            weight=ft.FontWeight.BOLD,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
        ft.Text(state, size=GLANCE_TEXT, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if tokens is not None:
        head.append(tokens)
    # One node in the accessibility tree per seat: "Ann online 1 red Unhurt · Wind 10/10".
    return ft.Semantics(
        container=True,
        content=ft.Container(
            ft.Column(
                [
                    ft.Row(
                        head,
                        spacing=10,
                        wrap=True,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    *([ft.Text(text, size=GLANCE_TEXT)] if text else []),
                ],
                spacing=2,
                tight=True,
            ),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
    )


def glance_panel(model: AppModel) -> ft.Control:
    """Every seat's row, in seat order (the GM's table at a glance)."""
    seats = model.table.get("seats", [])
    rows: list[ft.Control] = [seat_row(model, s) for s in seats]
    if not rows:
        rows.append(muted("No one has joined yet: show them the QR code.", GLANCE_TEXT))
    return ft.Column(
        rows, spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
    )
