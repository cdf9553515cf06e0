"""Controls the Wheel of Fate screens need beyond the shared widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.domain.wheel.rolls import MAX_DIFFICULTY
from app.domain.wheel.view import DIFFICULTIES

from ..widgets import icon_button, later, stepper

__all__ = ["difficulty_row", "stepper"]


#: The text's yardstick words that fit the row ("10 Hard"); from 20 up they are sentences.
DIFFICULTY_WORDS = {int(n): word for n, word in DIFFICULTIES.items() if int(n) <= 15}
DIFFICULTY_STEP = 5


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
            icon_button(
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
            icon_button(
                ft.Icons.ADD,
                "Higher difficulty",
                later(on_change, min(MAX_DIFFICULTY, value + DIFFICULTY_STEP)),
                value >= MAX_DIFFICULTY,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
