"""Shared widgets behave under quick thumbs."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.ui.widgets import stepper


def buttons(row: ft.Control) -> dict[str, Any]:
    assert isinstance(row, ft.Row)
    found = {}
    for control in row.controls:
        if isinstance(control, ft.IconButton) and isinstance(control.icon, ft.Icon):
            found[str(control.icon.semantics_label)] = control.on_click
    return found


async def test_quick_taps_on_a_stepper_add_up_before_the_redraw() -> None:
    asked: list[int] = []
    row = stepper("Physical", 0, asked.append, 0, 6)
    more = buttons(row)["More Physical"]
    for _ in range(3):  # three taps, no redraw in between
        await more(None)
    assert asked == [1, 2, 3]


async def test_a_stepper_stops_at_the_ends_of_its_range() -> None:
    asked: list[int] = []
    row = stepper("Dice", 2, asked.append, 1, 3)
    tap = buttons(row)
    for _ in range(3):
        await tap["More Dice"](None)
    for _ in range(4):
        await tap["Less Dice"](None)
    assert asked == [3, 3, 3, 2, 1, 1, 1]
