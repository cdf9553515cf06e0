"""A roll as thrown: every die, which ones were kept, the total, success and whammies."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..widgets import muted, readable
from .common import verdict


def die_face(face: int, kept: bool) -> ft.Control:
    """One d6: kept dice bright and bold, dropped ones dim and struck through."""
    label = f"Die {face}, {'kept' if kept else 'dropped'}"
    return ft.Container(
        ft.Text(
            str(face),
            size=26,
            weight=ft.FontWeight.BOLD if kept else ft.FontWeight.NORMAL,
            color=None if kept else ft.Colors.ON_SURFACE_VARIANT,
            style=None if kept else ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH),
            semantics_label=label,
        ),
        width=52,
        height=52,
        alignment=ft.Alignment.CENTER,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if kept else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if kept else None,
        opacity=1.0 if kept else 0.6,
    )


def roll_result(event: dict[str, Any], *, with_text: bool = False) -> ft.Control:
    """The roll event's dice and verdict; ``with_text``: the log line too (whose roll,
    what was spent), for the GM's screens."""
    data = event.get("data", {})
    faces = [int(f) for f in data.get("faces", [])]
    kept = {int(i) for i in data.get("kept", [])}
    word = verdict(data)
    good = data.get("success") is True
    bad = data.get("auto_fail") or data.get("success") is False
    colour = ft.Colors.GREEN if good else ft.Colors.ERROR if bad else None
    headline = f"{word} · total {data.get('total', 0)}"
    if data.get("difficulty") is not None:
        headline += f" vs {data['difficulty']}"
    keep = data.get("keep")
    how = {
        "highest": f"kept the best {data.get('counted')}",
        "lowest": f"kept the worst {data.get('counted')}",
    }.get(str(keep), "all dice count")
    notes = [str(data.get("notation", "")), how]
    if data.get("entered"):
        notes.append("dice entered by hand")
    return ft.Column(
        [
            *([ft.Text(readable(str(event.get("text", ""))), size=14)] if with_text else []),
            ft.Row([die_face(f, i in kept) for i, f in enumerate(faces)], wrap=True, spacing=6)
            if faces
            else muted("No dice thrown."),
            ft.Text(headline, size=24, weight=ft.FontWeight.BOLD, color=colour),
            muted(" · ".join(n for n in notes if n)),
        ],
        spacing=8,
    )
