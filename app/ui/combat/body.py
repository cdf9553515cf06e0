"""The body diagram: one box per hit location, coloured by its wound level.

Head on top, arms beside the torso (upper and lower for Deadlands, guts for
Spacelands), legs below; each box says its location and level in words (colour is
never the only signal), marks fresh wounds that chips can still negate and locations
that bleed. Under it: the wound penalty, a Wind bar, and the conditions in words.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.view_types import CombatBody

from ..chips.common import location_name
from .common import LEVEL_COLOURS, conditions, wind_fraction, wind_text

ARM_W, TORSO_W, LEG_W, HEAD_W = 82, 150, 96, 120
BOX_H = 58
SHORT = {
    "upper_torso": "Upper guts",
    "lower_torso": "Gizzards",
}


def location_box(
    loc: str,
    level: str,
    n: int,
    *,
    width: int,
    height: int = BOX_H,
    fresh: int = 0,
    bleeding: int = 0,
) -> ft.Control:
    """One location: its name, its level, fresh wounds and bleeding, in its colour."""
    face, ink = LEVEL_COLOURS.get(level, LEVEL_COLOURS["none"])
    name = SHORT.get(loc, location_name(loc))
    shown = "—" if level == "none" else level.capitalize()
    words = f"{location_name(loc)}: " + ("unhurt" if level == "none" else f"{shown} ({n})")
    extras: list[ft.Control] = []
    if fresh:
        words += f", {fresh} fresh"
        extras.append(ft.Text(f"+{fresh} fresh", size=11, color=ink, weight=ft.FontWeight.BOLD))
    if bleeding:
        words += f", bleeding {bleeding}"
        extras.append(ft.Icon(ft.Icons.WATER_DROP, size=14, color=ink))
    return ft.Container(
        ft.Column(
            [
                ft.Text(name, size=12, color=ink, semantics_label=words),
                ft.Text(shown, size=15, weight=ft.FontWeight.BOLD, color=ink),
                *([ft.Row(extras, spacing=2, tight=True)] if extras else []),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        width=width,
        height=height,
        bgcolor=face,
        border_radius=10,
        border=ft.Border.all(3, "#F9A825") if fresh else ft.Border.all(1, "#5A5F66"),
        alignment=ft.Alignment.CENTER,
    )


def body_diagram(
    body: CombatBody,
    locations: list[str],
    *,
    negatable: dict[str, int] | None = None,
    scale: float = 1.0,
) -> ft.Control:
    """The figure: every location of the system, as ``body`` (the view's shape) has it."""
    levels = body["levels"]
    wounds = body["wounds"]
    bleeding = body["bleeding_by_location"]
    fresh = negatable or {}

    def box(loc: str, width: int, height: int = BOX_H) -> ft.Control:
        return location_box(
            loc,
            levels.get(loc, "none"),
            wounds.get(loc, 0),
            width=round(width * scale),
            height=round(height * scale),
            fresh=int(fresh.get(loc, 0)),
            bleeding=bleeding.get(loc, 0),
        )

    torso = [loc for loc in locations if "arm" not in loc and "leg" not in loc and loc != "head"]
    torso_h = BOX_H * max(1, len(torso)) + 6 * (len(torso) - 1)
    rows: list[ft.Control] = []
    if "head" in locations:
        rows.append(ft.Row([box("head", HEAD_W)], alignment=ft.MainAxisAlignment.CENTER))
    middle: list[ft.Control] = []
    if "left_arm" in locations:
        middle.append(box("left_arm", ARM_W, torso_h))
    middle.append(ft.Column([box(loc, TORSO_W) for loc in torso], spacing=6, tight=True))
    if "right_arm" in locations:
        middle.append(box("right_arm", ARM_W, torso_h))
    rows.append(
        ft.Row(
            middle,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=6,
        )
    )
    legs = [box(loc, LEG_W, 72) for loc in ("left_leg", "right_leg") if loc in locations]
    rows.append(ft.Row(legs, alignment=ft.MainAxisAlignment.CENTER, spacing=10))
    return ft.Column(rows, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def wind_bar(body: CombatBody) -> ft.Control:
    """Wind as a bar with its numbers; red when Winded."""
    fraction = wind_fraction(body)
    colour = "#C62828" if body["winded"] or fraction <= 0.25 else "#4FA3E0"
    text = wind_text(body)
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Icon(ft.Icons.AIR, size=20),
                    ft.Text(text, size=16, weight=ft.FontWeight.BOLD),
                ],
                spacing=6,
            ),
            ft.ProgressBar(
                value=fraction,
                color=colour,
                bgcolor="#33FFFFFF",
                bar_height=14,
                border_radius=7,
                semantics_label=text,
            ),
        ],
        spacing=4,
    )


def condition_chips(body: CombatBody, stun_due: Any = None) -> ft.Control:
    """The penalty, bleeding, stun and the rest as pills (words, not just colours)."""
    found = conditions(body, stun_due)
    if not found:
        return ft.Text("No wound penalty", size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [
            ft.Container(
                ft.Text(text, size=14, weight=ft.FontWeight.BOLD),
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=14,
                bgcolor=ft.Colors.ERROR_CONTAINER,
            )
            for text in found
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def body_card_content(
    body: CombatBody,
    locations: list[str],
    *,
    stun_due: Any = None,
    negatable: dict[str, int] | None = None,
    scale: float = 1.0,
) -> list[ft.Control]:
    """Diagram, Wind bar and conditions, for a card."""
    return [
        body_diagram(body, locations, negatable=negatable, scale=scale),
        wind_bar(body),
        condition_chips(body, stun_due),
    ]
