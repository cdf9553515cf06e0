"""The bar at the top of every table screen: table, who you are, connection, theme."""

from __future__ import annotations

from typing import Any

import flet as ft

from .. import theme
from ..model import AppModel
from ..theme import TARGET
from ..widgets import status_badge


def session_state(session: dict[str, Any]) -> str:
    """Where the evening stands, short enough for a phone's header line after the rule
    system's name ("Session 0 (between sessions)" was cut off at 390 px)."""
    number = int(session.get("number", 0))
    if session.get("active"):
        return f"Session {number} running"
    return f"Session {number} ended" if number else "No session yet"


def header(model: AppModel, who: str) -> ft.Control:
    table = model.table
    session = table.get("session", {})
    state = session_state(session)

    async def toggle_theme(_: Any) -> None:
        await model.set_dark(not model.dark)
        page = ft.context.page
        theme.apply(page, model.dark)
        page.update()

    async def leave(_: Any) -> None:
        await model.leave()

    return ft.Container(
        ft.Row(
            [
                ft.Column(
                    [
                        ft.Text(
                            f"{table.get('name', '')} · {who}",
                            size=17,
                            weight=ft.FontWeight.BOLD,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        ft.Text(
                            f"{table.get('ruleset_title', '')} · {state}",
                            size=13,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                    ],
                    spacing=0,
                    expand=True,
                ),
                status_badge(model.status, model.queued),
                ft.PopupMenuButton(
                    items=[
                        ft.PopupMenuItem(
                            content="Light theme" if model.dark else "Dark theme",
                            icon=ft.Icons.LIGHT_MODE if model.dark else ft.Icons.DARK_MODE,
                            on_click=toggle_theme,
                            height=TARGET,
                        ),
                        ft.PopupMenuItem(
                            content="Leave this table",
                            icon=ft.Icons.LOGOUT,
                            on_click=leave,
                            height=TARGET,
                        ),
                    ],
                    tooltip="Menu",
                    padding=12,  # 24 px icon + 2 x 12: a 48 px target
                    icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label="Menu"),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=8,
        ),
        padding=ft.Padding.only(left=12, right=4, top=6, bottom=6),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )
