"""Controls the Wheel of Fate screens need beyond the shared widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ..theme import TARGET
from ..widgets import later


def _step_button(icon: ft.IconData, name: str, on_click: Any, disabled: bool) -> ft.Control:
    # The icon's semantics label names the button in the accessibility tree (Flutter
    # web does not expose an IconButton's tooltip as its name); the tooltip stays for
    # long-press and for tests without a browser.
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=name),
        tooltip=name,
        on_click=on_click,
        disabled=disabled,
        width=TARGET,
        height=TARGET,
    )


def stepper(
    label: str, value: int, on_change: Callable[[int], Any], lo: int = 0, hi: int = 99
) -> ft.Control:
    """- value + with big named targets ("Less Physical", "More Physical")."""
    return ft.Row(
        [
            ft.Text(label, size=15, expand=True),
            _step_button(
                ft.Icons.REMOVE, f"Less {label}", later(on_change, max(lo, value - 1)), value <= lo
            ),
            ft.Text(
                str(value),
                size=20,
                width=44,
                text_align=ft.TextAlign.CENTER,
                semantics_label=f"{label}: {value}",
            ),
            _step_button(
                ft.Icons.ADD, f"More {label}", later(on_change, min(hi, value + 1)), value >= hi
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


DIFFICULTY_WORDS = {5: "Basic", 10: "Hard", 15: "Very hard"}
DIFFICULTY_STEP = 5
DIFFICULTY_MAX = 200


def difficulty_text(value: int) -> str:
    """'10 Hard', '20', or 'No difficulty' (0)."""
    if value <= 0:
        return "No difficulty"
    word = DIFFICULTY_WORDS.get(value)
    return f"{value} {word}" if word else str(value)


def difficulty_row(value: int, on_change: Callable[[int], Any]) -> ft.Control:
    """The difficulty in steps of 5 (the text's ladder), 0 for a roll without one."""
    return ft.Row(
        [
            ft.Text("Difficulty", size=15, expand=True),
            _step_button(
                ft.Icons.REMOVE,
                "Lower difficulty",
                later(on_change, max(0, value - DIFFICULTY_STEP)),
                value <= 0,
            ),
            ft.Text(
                difficulty_text(value),
                size=17,
                weight=ft.FontWeight.BOLD,
                width=120,
                text_align=ft.TextAlign.CENTER,
                semantics_label=f"Difficulty: {difficulty_text(value)}",
            ),
            _step_button(
                ft.Icons.ADD,
                "Higher difficulty",
                later(on_change, min(DIFFICULTY_MAX, value + DIFFICULTY_STEP)),
                value >= DIFFICULTY_MAX,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
