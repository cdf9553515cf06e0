"""The character sheet: attributes with stress dice and what is "out", aspects, pools,
connections. The Character tab shows the creation flow until the character is done."""

from __future__ import annotations

import flet as ft

from app.domain.wheel.state import ATTRIBUTES, OUT_WORDS
from app.domain.wheel.view_types import Sheet

from ..component import keyed
from ..model import AppModel
from ..widgets import card, muted
from .common import aspects, me, names, wheel_view
from .creation import creation_flow
from .fate import top_of_tab


def stress_dice(stress: int) -> ft.Control:
    """Stress as a row of dark dice (penalty dice on every roll)."""
    return ft.Row(
        [
            ft.Container(
                width=22,
                height=22,
                border_radius=5,
                bgcolor=ft.Colors.ERROR_CONTAINER,
                border=ft.Border.all(2, ft.Colors.ERROR),
            )
            for _ in range(min(stress, 12))
        ],
        spacing=4,
        wrap=True,
    )


def attribute_row(name: str, value: int | None, stress: int) -> ft.Control:
    out = value is not None and stress > value
    label = f"{name.title()} {value if value is not None else '–'}d"
    if out:
        label += f": out ({OUT_WORDS[name]})"
    return ft.Container(
        ft.Row(
            [
                ft.Text(
                    label,
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                    color=ft.Colors.ERROR if out else None,
                ),
                ft.Text(f"rolls {value or 0}d6" + ("-" * stress) if value else "", size=15),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        padding=ft.Padding.symmetric(vertical=8, horizontal=10),
        border_radius=10,
        bgcolor=ft.Colors.ERROR_CONTAINER if out else ft.Colors.SURFACE_CONTAINER_HIGH,
    )


def sheet_view(model: AppModel, cid: str, record: Sheet) -> list[ft.Control]:
    """The sheet's cards (the GM sees every player's; a player their own)."""
    who = names(wheel_view(model), model.table.get("seats", []))
    stress = record["stress"]
    attrs = record["attributes"]
    stress_part: list[ft.Control] = [
        ft.Text(
            f"Stress: {stress}d" + (" (a penalty die each on every roll)" if stress else ""),
            size=16,
        )
    ]
    if stress:
        stress_part.append(stress_dice(stress))
    cards = [
        card(
            record["name"] or who.get(cid, cid),
            *([ft.Text(record["summary"], size=15)] if record["summary"] else []),
            *[attribute_row(a, attrs.get(a), stress) for a in ATTRIBUTES],
            *stress_part,
        ),
        card(
            "Aspects",
            *[ft.Text(f"{n}. {t}", size=15) for n, t in aspects(record)] or [muted("None yet.")],
        ),
    ]
    pools = {n: d for n, d in record["pools"].items() if d}
    if pools:
        cards.append(card("Pools", *[ft.Text(f"{n}: {d}d", size=15) for n, d in pools.items()]))
    help_dice = sum(h["dice"] for h in record["help"])
    if help_dice:
        cards.append(muted(f"Help waiting: {help_dice} bonus dice on the next roll."))
    links = record["connections"]
    if links:
        cards.append(
            card(
                "Connections",
                *[ft.Text(f"{who.get(p, p)}: {t}", size=15) for p, t in links.items() if t],
            )
        )
    if record["went_wrong"]:
        cards.append(card("What just went wrong?", ft.Text(record["went_wrong"], size=15)))
    return cards


def character_panel(model: AppModel) -> ft.Control:
    """The Character tab: creation while unfinished, the sheet afterwards."""
    record = me(wheel_view(model))
    parts = top_of_tab(model)
    if record is None or not record["complete"]:
        parts.append(keyed("creation", creation_flow, model))
    else:
        parts += sheet_view(model, str(model.player_id), record)
    return ft.Column(parts, spacing=12)
