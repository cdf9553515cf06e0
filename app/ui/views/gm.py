"""The GM's tablet (landscape): join QR and pot | seats and the system's tools | log."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import flet as ft

from app.host.qr import qr_png

from ..model import AppModel
from ..systems import Panel, system_ui
from ..theme import STATUS_COLOURS
from ..widgets import button, card, choice_chips, muted, use_form
from .common import header
from .log import log_panel


@lru_cache(maxsize=32)
def qr_image_bytes(url: str) -> bytes:
    return qr_png(url, box_size=8)


def qr(url: str, size: int, label: str) -> ft.Control:
    """A scannable QR code on a white quiet zone."""
    return ft.Container(
        ft.Image(src=qr_image_bytes(url), width=size, height=size, semantics_label=label),
        bgcolor="#FFFFFF",
        padding=8,
        border_radius=8,
    )


def session_controls(model: AppModel) -> ft.Control:
    session = model.table.get("session", {})

    async def start(_: Any) -> None:
        await model.send("session.start")

    async def end(_: Any) -> None:
        await model.send("session.end")

    if session.get("active"):
        act = button(f"End session {session.get('number')}", end, icon=ft.Icons.STOP, filled=True)
    else:
        act = button(
            f"Start session {int(session.get('number', 0)) + 1}",
            start,
            icon=ft.Icons.PLAY_ARROW,
            filled=True,
        )
    return card("Session", act)


def side_bar(model: AppModel) -> ft.Control:
    ui = system_ui(model.ruleset)
    code = str(model.table.get("join_code", ""))
    join = card(
        "Join this table",
        ft.Row(
            [qr(model.join_url, 280, f"Join QR code for {code}")],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        ft.Text(
            f"Code {code}",
            size=26,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.CENTER,
        ),
        ft.Text(model.join_url, size=13, selectable=True),
    )
    # During play the pot matters most; before the first session, the QR code.
    playing = model.session_active or bool(model.table.get("seats"))
    parts = (
        [session_controls(model), ui.pot(model), join]
        if playing
        else [join, session_controls(model), ui.pot(model)]
    )
    return ft.Column(
        parts,
        spacing=8,
    )


def seat_card(model: AppModel, seat: dict[str, Any]) -> ft.Control:
    ui = system_ui(model.ruleset)
    pid = str(seat["player_id"])
    name = str(seat["name"])
    online = bool(seat.get("online"))

    async def reissue(_: Any) -> None:
        await model.issue_claim(pid)

    async def remove(_: Any) -> None:
        await model.send("seat.remove", {"player": pid})

    link = model.claim_links.get(pid)
    extra: list[ft.Control] = []
    if link:
        extra = [
            ft.Row(
                [
                    qr(link, 180, f"Seat link QR for {name}"),
                    ft.Column(
                        [
                            muted(f"{name} scans this to take the seat back:"),
                            # Selectable text has no label of its own in the
                            # accessibility tree: name it, so a screen reader reads it.
                            ft.Text(link, size=13, selectable=True, semantics_label=link),
                        ],
                        expand=True,
                    ),
                ]
            )
        ]
    return card(
        name,
        ui.seat(model, pid),
        *extra,
        ft.Row(
            [
                button("Seat link", reissue, icon=ft.Icons.QR_CODE),
                button("Remove seat", remove, icon=ft.Icons.PERSON_REMOVE),
            ],
            wrap=True,
        ),
        actions=[
            ft.Container(
                width=12,
                height=12,
                border_radius=6,
                bgcolor=STATUS_COLOURS["online" if online else "offline"],
            ),
            ft.Text("online" if online else "away", size=13),
        ],
    )


@ft.component
def seat_tools(model: AppModel) -> ft.Control:
    """Add a seat for someone without a phone yet (then give them its link), or rename."""
    f = use_form({"name": "", "player": ""})
    seats = [(s["player_id"], s["name"]) for s in model.table.get("seats", [])]

    async def add(_: Any) -> None:
        if f["name"].strip():
            await model.send("seat.add", {"name": f["name"].strip()})
            f.put(name="")

    async def rename(_: Any) -> None:
        if f["player"] and f["name"].strip():
            await model.send("seat.rename", {"player": f["player"], "name": f["name"].strip()})
            f.put(name="")

    return card(
        "Add or rename a seat",
        ft.TextField(
            label="Player's name", value=f["name"], on_change=lambda e: f.put(name=e.control.value)
        ),
        ft.Row(
            [
                button("Add a seat", add, icon=ft.Icons.PERSON_ADD),
                *([button("Rename the chosen seat", rename, icon=ft.Icons.EDIT)] if seats else []),
            ],
            wrap=True,
        ),
        *([choice_chips(seats, f["player"], lambda p: f.put(player=p))] if seats else []),
    )


def seats_panel(model: AppModel) -> ft.Control:
    seats = model.table.get("seats", [])
    cards: list[ft.Control] = [seat_card(model, s) for s in seats]
    if not seats:
        cards.append(muted("No one has joined yet: show them the QR code.", 16))
    return ft.Column([*cards, seat_tools(model)], spacing=8)


SEATS = Panel("Seats", ft.Icons.GROUPS, seats_panel)


@ft.component
def gm_screen(model: AppModel) -> ft.Control:
    """Three columns for a tablet; the middle one switches between tools."""
    tab, set_tab = ft.use_state("Seats")
    panels = [SEATS, *system_ui(model.ruleset).gm]
    current = next((p for p in panels if p.name == tab), panels[0])
    middle = ft.Column(
        [
            choice_chips([(p.name, p.name) for p in panels], current.name, set_tab),
            current.build(model),
        ],
        spacing=10,
    )
    return ft.Column(
        [
            header(model, "GM"),
            ft.Row(
                [
                    ft.ListView([side_bar(model)], width=330, padding=8),
                    ft.VerticalDivider(width=1),
                    ft.ListView([middle], expand=True, padding=8),
                    ft.VerticalDivider(width=1),
                    ft.ListView(
                        [
                            ft.Text("Table log", size=18, weight=ft.FontWeight.BOLD),
                            log_panel(model, compact=True),
                        ],
                        width=330,
                        padding=8,
                    ),
                ],
                expand=True,
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=0,
            ),
        ],
        expand=True,
        spacing=0,
    )
