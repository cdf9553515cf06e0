"""A stepper whose buttons a screen reader (and Playwright) can name.

Flutter web exposes no IconButton tooltip in its accessibility tree, so the icons carry
the names ("More Armour", "Less Left arm"); the tooltip stays for long-press and for
tests without a browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ..theme import TARGET
from ..widgets import later


def _step(icon: ft.IconData, name: str, on_click: Any, disabled: bool) -> ft.Control:
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
    """label  [-] value [+]  with 48 px targets; the ends of the range disable a button."""
    return ft.Row(
        [
            ft.Text(label, size=15, expand=True),
            _step(
                ft.Icons.REMOVE, f"Less {label}", later(on_change, max(lo, value - 1)), value <= lo
            ),
            ft.Text(
                str(value),
                size=20,
                width=44,
                text_align=ft.TextAlign.CENTER,
                semantics_label=f"{label}: {value}",
            ),
            _step(ft.Icons.ADD, f"More {label}", later(on_change, min(hi, value + 1)), value >= hi),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
