"""Colours and sizes: true chip colours, dark by default (tables are dim), 48 px targets."""

from __future__ import annotations

import flet as ft

TARGET = 48  # the smallest tap target, in logical pixels
SEED = "#B5651D"  # saddle-leather brown

#: Physical chip and cap colours (face, and the text that reads on it).
TOKEN_COLOURS: dict[str, tuple[str, str]] = {
    "white": ("#F4F1EA", "#1B1B1B"),
    "red": ("#C62828", "#FFFFFF"),
    "blue": ("#1E56C8", "#FFFFFF"),
    "legend": ("#D4AF37", "#1B1B1B"),
}
STATUS_COLOURS = {"online": "#2E7D32", "reconnecting": "#F9A825", "offline": "#C62828"}


def token_colour(kind: str) -> tuple[str, str]:
    return TOKEN_COLOURS.get(kind, ("#9E9E9E", "#000000"))


#: A switch is 40 px tall where Flutter shrink-wraps tap targets (a desktop browser,
#: and Chromium on Linux: every phone page's test): 8 px above and below make it 48.
SWITCH_PADDING = ft.Padding.symmetric(horizontal=4, vertical=8)

#: Text and icon buttons Flutter draws itself (a toast's Undo and close) are 40 px by
#: default: padded to 48, as every other target is.
_PADDED_TEXT = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=14))
_PADDED_ICON = ft.ButtonStyle(padding=ft.Padding.all(12))


def make_theme(dark: bool) -> ft.Theme:
    return ft.Theme(
        color_scheme_seed=SEED,
        visual_density=ft.VisualDensity.STANDARD,
        text_button_theme=ft.TextButtonTheme(style=_PADDED_TEXT),
        icon_button_theme=ft.IconButtonTheme(style=_PADDED_ICON),
    )


def apply(page: ft.Page, dark: bool) -> None:
    page.theme = make_theme(False)
    page.dark_theme = make_theme(True)
    page.theme_mode = ft.ThemeMode.DARK if dark else ft.ThemeMode.LIGHT
