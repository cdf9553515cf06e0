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
