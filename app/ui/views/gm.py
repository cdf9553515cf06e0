"""The GM's screen: the seats at a glance, the session, pot and join QR, the tools, the log;
in one, two or three columns by the width of the screen (`layout.py`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import flet as ft

from app.domain.table_commands import SEAT_ADD, SEAT_REMOVE, SEAT_RENAME, SESSION_END, SESSION_START
from app.qr import qr_png

from ..component import component
from ..model import AppModel
from ..model.redraw import part
from ..systems import Panel, system_ui
from ..theme import STATUS_COLOURS
from ..widgets import button, card, choice_chips, muted, text_field, use_form
from .common import header
from .glance import glance_panel
from .layout import gm_layout, use_page_width
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
        await model.send(SESSION_START())

    async def end(_: Any) -> None:
        await model.send(SESSION_END())

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


@component
def join_card(model: AppModel, *, qr_size: int = 280) -> ft.Control:
    """The join QR, large while people are arriving (before the session starts); once
    it runs, a button that brings the QR back for a latecomer."""
    code = str(model.table.get("join_code", ""))
    shown, set_shown = ft.use_state(False)
    if model.session_active and not shown:
        return button(
            f"Show the join QR (code {code})",
            lambda _: set_shown(True),
            icon=ft.Icons.QR_CODE_2,
        )
    hide: list[ft.Control] = []
    if model.session_active:
        hide = [button("Hide the join QR", lambda _: set_shown(False), icon=ft.Icons.CLOSE)]
    return card(
        "Join this table",
        ft.Row(
            [qr(model.join_url, qr_size, f"Join QR code for {code}")],
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        ft.Text(
            f"Code {code}",
            size=26,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.CENTER,
        ),
        ft.Text(model.join_url, size=16, selectable=True),
        *hide,
    )


def table_panel(model: AppModel, *, qr_size: int = 280) -> ft.Control:
    """The session, the pot and the join QR (first while nobody has joined); on a
    device that hosts the table itself, what its sleep does to the table."""
    ui = system_ui(model.ruleset)
    join = join_card(model, qr_size=qr_size)
    playing = model.session_active or bool(model.table.get("seats"))
    parts = (
        [session_controls(model), ui.pot(model), join]
        if playing
        else [join, session_controls(model), ui.pot(model)]
    )
    if model.hosting_here:
        parts.append(hosting_card(model))
    return ft.Column(parts, spacing=8)


def hosting_card(model: AppModel) -> ft.Control:
    """This device hosts the table: say where, and plainly what happens if it sleeps."""

    async def stop(_: Any) -> None:
        await model.stop_hosting()

    awake = (
        "The screen is kept on while Fate Pot is open."
        if model.kept_awake
        else "This device may not stay awake by itself: keep its screen on."
    )
    return card(
        "Hosted on this device",
        ft.Text(f"Phones reach the table at {model.hosting_here}", size=16, selectable=True),
        muted(
            f"{awake} If it sleeps, or Fate Pot is closed, the table pauses: phones show "
            "that they are reconnecting and keep their taps. Open Fate Pot again and the "
            "table comes back as it was, same seats and links, and the phones find it "
            "by themselves (on the same Wi-Fi address).",
            14,
        ),
        button("Stop hosting", stop, icon=ft.Icons.STOP_CIRCLE),
    )


def seat_card(model: AppModel, seat: dict[str, Any]) -> ft.Control:
    ui = system_ui(model.ruleset)
    pid = str(seat["player_id"])
    name = str(seat["name"])
    online = bool(seat.get("online"))

    async def reissue(_: Any) -> None:
        await model.issue_claim(pid)

    async def remove(_: Any) -> None:
        await model.send(SEAT_REMOVE(player=pid))

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


@component
def seat_tools(model: AppModel) -> ft.Control:
    """Add a seat for someone without a phone yet (then give them its link), or rename."""
    f = use_form({"name": "", "player": ""})
    seats = [(s["player_id"], s["name"]) for s in model.table.get("seats", [])]

    async def add(_: Any) -> None:
        if f["name"].strip():
            await model.send(SEAT_ADD(name=f["name"].strip()))
            f.put(name="")

    async def rename(_: Any) -> None:
        if f["player"] and f["name"].strip():
            await model.send(SEAT_RENAME(player=f["player"], name=f["name"].strip()))
            f.put(name="")

    return card(
        "Add or rename a seat",
        text_field(f, "name", label="Player's name"),
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
    cards: list[ft.Control] = [
        ft.Container(seat_card(model, s), col={"xs": 12, "lg": 6}) for s in seats
    ]
    if not seats:
        cards.append(muted("No one has joined yet: show them the QR code.", 16))
    # Side by side when the tools are wide enough (a laptop), one under another else.
    return ft.Column([ft.ResponsiveRow(cards, spacing=8), seat_tools(model)], spacing=8)


SEATS = Panel("Seats", ft.Icons.GROUPS, seats_panel)


def compact_log(model: AppModel) -> ft.Control:
    return log_panel(model, compact=True)


TABLE = Panel("Table", ft.Icons.TABLE_RESTAURANT, lambda m: table_panel(m, qr_size=240))
LOG = Panel("Log", ft.Icons.HISTORY, compact_log)


def glance_card(model: AppModel) -> ft.Control:
    """The seats at a glance, titled: always on screen, whatever the tool tab."""
    return ft.Container(
        ft.Column(
            [ft.Text("At the table", size=18, weight=ft.FontWeight.BOLD), glance_panel(model)],
            spacing=6,
            tight=True,
        ),
        padding=ft.Padding.all(8),
    )


def tool_tabs(panels: list[Panel], current: Panel, pick: Any) -> ft.Control:
    return choice_chips([(p.name, p.name) for p in panels], current.name, pick)


@component
def gm_screen(model: AppModel) -> ft.Control:
    """The GM's screen for any width: the seats at a glance always in view.

    - wide (a laptop, a landscape tablet): glance, session, pot, join | tools | log;
    - medium: glance, session, pot, join | tools (the log a tab);
    - narrow (a tablet in portrait): glance on top, then the tabs (Table, Seats, the
      game's tools, Log) and the chosen one below.
    """
    layout = gm_layout(use_page_width())
    tab, set_tab = ft.use_state(model.opening_tab())  # a page back from a drop: where it was
    tools = [SEATS, *system_ui(model.ruleset).gm]
    panels = {
        "wide": tools,
        "medium": [*tools, LOG],
        "narrow": [TABLE, *tools, LOG],
    }[layout]
    current = next((p for p in panels if p.name == tab), panels[0])
    model.tab_shown(current.name)
    # Seats show who is online; the other tools don't redraw when someone comes or goes.
    tool = part(current.build, model, key=current.name, presence=current is SEATS)
    chosen = ft.Column([tool_tabs(panels, current, set_tab), tool], spacing=10)
    glance = part(glance_card, model, key="glance", presence=True)
    if layout == "narrow":
        body: ft.Control = ft.Column(
            [
                glance,
                ft.Divider(height=1),
                ft.ListView([chosen], expand=True, padding=8, key=f"tool-{current.name}"),
            ],
            expand=True,
            spacing=0,
        )
    else:
        columns: list[ft.Control] = [
            ft.ListView([glance, part(table_panel, model, key="table")], width=360, padding=8),
            ft.VerticalDivider(width=1),
            # A list per tool (its own key): a tool opens at its top.
            ft.ListView([chosen], expand=True, padding=8, key=f"tool-{current.name}"),
        ]
        if layout == "wide":
            columns += [
                ft.VerticalDivider(width=1),
                ft.ListView(
                    [
                        ft.Text("Table log", size=18, weight=ft.FontWeight.BOLD),
                        part(compact_log, model, key="log"),
                    ],
                    width=360,
                    padding=8,
                ),
            ]
        body = ft.Row(
            columns,
            expand=True,
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=0,
        )
    return ft.Column([part(header, model, "GM", key="header"), body], expand=True, spacing=0)
