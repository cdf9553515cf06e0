"""Small Fate's Edge controls: d10 tiles, clocks as segments, condition tracks.

Plain functions returning controls; every one carries a text a screen reader (and the
browser tests) can name.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.command_types import CommandCall

from ..theme import TARGET
from ..widgets import Handler, muted
from .common import OUTCOME_COLOURS, TRACKS, condition_name, die_kind, die_text, roll_headline

DIE_COLOURS = {"success": "#2E7D32", "cp": "#C62828", "blank": None}


def die_tile(die: dict[str, Any], index: int, *, on_click: Handler = None) -> ft.Control:
    """One d10: its face big (green success, red CP), earlier faces small below.

    With ``on_click`` it is a button (spend a Boon to re-roll this die).
    """
    face = int(die.get("face", 0))
    kind = die_kind(face)
    rerolled = len(die.get("faces", [])) > 1
    ink = "#FFFFFF" if kind != "blank" else None
    label = f"Die {index + 1}: {die_text(die)}"
    label += {"success": ", success", "cp": ", CP"}.get(kind, "")
    if on_click is not None:
        label = f"Re-roll {label}"
    # The offline Roboto subset has no arrows: earlier faces read "was 1".
    under = "was " + ", ".join(str(f) for f in die.get("faces", [])[:-1]) if rerolled else "d10"
    body = ft.Column(
        [
            ft.Text(
                str(face), size=24, weight=ft.FontWeight.BOLD, color=ink, semantics_label=label
            ),
            ft.Text(under, size=11, color=ink),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=0,
        tight=True,
    )
    colour = DIE_COLOURS[kind] or ft.Colors.SURFACE_CONTAINER_HIGHEST
    edge = ft.BorderSide(3, ft.Colors.PRIMARY) if rerolled else None
    if on_click is None:
        return ft.Container(
            body,
            width=60,
            height=60,
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            bgcolor=colour,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if rerolled else None,
        )
    return ft.Button(
        content=body,
        on_click=on_click,
        width=64,
        height=64,
        style=ft.ButtonStyle(
            padding=ft.Padding.all(2),
            shape=ft.RoundedRectangleBorder(radius=10),
            bgcolor=colour,
            side=edge,
        ),
    )


def dice_row(dice: list[dict[str, Any]], on_die: Any = None) -> ft.Control:
    """Every die of a roll; ``on_die(index)`` makes each one tappable."""
    return ft.Row(
        [
            die_tile(d, i, on_click=on_die(i) if on_die is not None else None)
            for i, d in enumerate(dice)
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def outcome_banner(roll: dict[str, Any]) -> ft.Control:
    """The outcome in its colour, with the successes and CP."""
    colour = OUTCOME_COLOURS.get(str(roll.get("outcome", "")), None)
    text = roll_headline(roll)
    return ft.Container(
        ft.Text(text, size=20, weight=ft.FontWeight.BOLD, color="#FFFFFF" if colour else None),
        bgcolor=colour or ft.Colors.SURFACE_CONTAINER_HIGHEST,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=10,
    )


def clock_segments(filled: int, size: int, *, colour: str = "#B5651D") -> ft.Control:
    """A clock as a row of segments, filled ones coloured."""
    return ft.Row(
        [
            ft.Container(
                height=22,
                expand=True,
                border_radius=4,
                bgcolor=colour if i < filled else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                border=ft.Border.all(1, ft.Colors.OUTLINE),
            )
            for i in range(size)
        ],
        spacing=4,
    )


def clock_card(
    name: str,
    filled: int,
    size: int,
    *,
    note: str = "",
    hidden: bool = False,
    actions: list[ft.Control] | None = None,
) -> ft.Control:
    """A named clock: title with its count, the segments, an optional note and buttons."""
    title = f"{name}: {filled} of {size}" + (" (GM only)" if hidden else "")
    parts: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.VISIBILITY_OFF if hidden else ft.Icons.TIMELAPSE, size=20),
                ft.Text(title, size=16, weight=ft.FontWeight.BOLD, expand=True),
            ],
            spacing=8,
        ),
        clock_segments(filled, size, colour="#C62828" if filled >= size else "#B5651D"),
    ]
    if note:
        parts.append(muted(note, 13))
    if actions:
        parts.append(ft.Row(actions, wrap=True, spacing=8, run_spacing=8))
    return ft.Container(
        ft.Column(parts, spacing=6),
        padding=10,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def _track_ink(current: bool, bad: bool) -> str:
    if not current:
        return ft.Colors.ON_SURFACE_VARIANT
    return ft.Colors.ON_ERROR_CONTAINER if bad else ft.Colors.ON_PRIMARY_CONTAINER


def condition_track(group: str, condition: str) -> ft.Control:
    """Maintained → Neglected → Compromised, the current step highlighted."""
    steps = TRACKS.get(group, TRACKS["followers"])
    items: list[ft.Control] = []
    for i, step in enumerate(steps):
        current = step == condition
        bad = i > 0
        items.append(
            ft.Container(
                ft.Text(
                    condition_name(step),
                    size=13,
                    weight=ft.FontWeight.BOLD if current else None,
                    color=_track_ink(current, bad),
                ),
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                border_radius=12,
                bgcolor=(ft.Colors.ERROR_CONTAINER if bad else ft.Colors.PRIMARY_CONTAINER)
                if current
                else None,
                border=None if current else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            )
        )
        if i < len(steps) - 1:
            items.append(ft.Icon(ft.Icons.CHEVRON_RIGHT, size=16))
    return ft.Semantics(
        content=ft.Row(items, spacing=2, wrap=True),
        label=f"Condition: {condition_name(condition)}",
    )


def pick_row(options: list[tuple[str, str]], value: str | None, on_pick: Any) -> ft.Control:
    """Compact toggle buttons (value, label) that wrap: more of them fit a phone's row."""
    return ft.Row(
        [
            (ft.FilledButton if key == value else ft.OutlinedButton)(
                content=text,
                height=TARGET,
                on_click=lambda e, key=key: on_pick(key),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            )
            for key, text in options
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def sender(model: Any, call: CommandCall) -> Any:
    """An event handler sending one command (a call of its ``CommandType``) through the
    model; its toast shows the result."""

    async def go(_: Any = None) -> None:
        await model.send(call)

    return go


def small_button(text: str, on_click: Handler, *, icon: ft.IconData | None = None) -> ft.Control:
    """A compact outlined button, still 48 px tall."""
    return ft.OutlinedButton(content=text, icon=icon, on_click=on_click, height=TARGET)
