"""A small real Flet page and host app for the browser tests and the first-load bench.

The buttons carry semantics labels, like the real UI must, so Playwright finds them by
role and name once Flutter's accessibility tree is on.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
from fastapi import FastAPI

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def main(page: ft.Page) -> None:
    """Two labelled buttons, a counter, the current route and one image asset."""
    page.title = "Fate Pot"
    page.theme_mode = ft.ThemeMode.DARK
    drawn = ft.Text("Chips drawn: 0", semantics_label="Chips drawn: 0")
    count = 0

    def draw(_: ft.Event[ft.Button]) -> None:
        nonlocal count
        count += 1
        drawn.value = f"Chips drawn: {count}"
        drawn.semantics_label = drawn.value
        page.update()

    def reset(_: ft.Event[ft.Button]) -> None:
        nonlocal count
        count = 0
        drawn.value = drawn.semantics_label = "Chips drawn: 0"
        page.update()

    page.add(
        ft.Text(f"Route {page.route}", semantics_label=f"Route {page.route}"),
        ft.Image(src="chips/red.png", width=64, height=64, semantics_label="Red chip"),
        drawn,
        ft.Button("Draw chip", icon=ft.Icons.CASINO, on_click=draw),
        ft.Button("Reset", on_click=reset),
    )


def api_app() -> FastAPI:
    """A stand-in for the host API: one route under /api, mounted before the web UI."""
    api = FastAPI()

    @api.get("/api/health")
    def health() -> dict[str, bool]:
        return {"ok": True}

    return api
