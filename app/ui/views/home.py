"""The start screen (a join code; with the admin token, the host's tables) and joining."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..component import component
from ..model import AppModel, Toast
from ..theme import TARGET
from ..widgets import button, card, muted, named_menu, text_field, use_form


def _page_column(*controls: ft.Control) -> ft.Control:
    return ft.ListView(
        [ft.Container(ft.Column(list(controls), spacing=16), padding=16, width=560)],
        expand=True,
    )


def _title(text: str) -> ft.Control:
    return ft.Row(
        [
            ft.Image(src="chips/red.png", width=40, height=40),
            ft.Text(text, size=26, weight=ft.FontWeight.BOLD),
        ],
        spacing=12,
    )


@component
def home_screen(model: AppModel) -> ft.Control:
    """Enter a join code, or (with the host's admin token) open or create a table."""
    f = use_form(
        {
            "code": "",
            "admin": model.admin_token,
            "name": "",
            "ruleset": "deadlands",
            "host": model.host_url if model.remote else "",
            "here_name": "",
            "here_ruleset": "deadlands",
        }
    )

    async def go_join(_: Any = None) -> None:
        text = f["code"].strip()
        if "/join/" in text:  # a pasted join link (what the QR code holds)
            code = await model.open_join_link(text)
            if code is None:
                return
            text = code
        if text:
            await model.open_join_form(text)

    async def use_host(_: Any = None) -> None:
        if await model.use_host(f["host"]):
            f.put(host=model.host_url)
            model.toast(Toast(f"Connected to the host at {model.host_url}."))

    async def host_here(_: Any = None) -> None:
        await model.host_here(f["here_name"], f["here_ruleset"])

    async def load(_: Any = None) -> None:
        await model.load_tables(f["admin"])

    async def create(_: Any = None) -> None:
        await model.create_table(f["name"] or "Saloon", f["ruleset"])

    tables: list[ft.Control] = []
    for t in model.tables:

        async def open_it(_: Any, t: dict[str, Any] = t) -> None:
            await model.open_table_as_gm(str(t["table_id"]), str(t["gm_token"]))

        tables.append(
            ft.ListTile(
                title=ft.Text(f"{t['name']}"),
                subtitle=ft.Text(f"{t['ruleset']} · code {t['join_code']}"),
                trailing=button("Open as GM", open_it, tonal=True),
                min_height=TARGET + 8,
            )
        )
    systems = [(r["name"], r["title"]) for r in model.ruleset_list] or [
        ("deadlands", "Deadlands"),
        ("spacelands", "Spacelands"),
        ("bottlecaps", "Bottlecaps"),
    ]
    admin_part: list[ft.Control] = [
        text_field(
            f,
            "admin",
            label="Host admin token",
            password=True,
            can_reveal_password=True,
            on_submit=load,
        ),
        button("Show tables", load, icon=ft.Icons.TABLE_RESTAURANT),
    ]
    if model.admin_token:
        admin_part += [
            *tables,
            ft.Divider(),
            text_field(f, "name", label="New table name"),
            named_menu(
                ft.Dropdown(
                    label="Rule system",
                    value=f["ruleset"],
                    options=[ft.DropdownOption(key=k, text=v) for k, v in systems],
                    on_select=lambda e: f.put(ruleset=e.control.value),
                ),
            ),
            button("Create table", create, icon=ft.Icons.ADD, filled=True),
        ]
    return _page_column(
        _title("Fate Pot"),
        ft.Text(model.message, color=ft.Colors.ERROR, size=16) if model.message else muted(""),
        card(
            "Join a table",
            text_field(
                f,
                "code",
                label="Join code",
                hint_text="ABC123, or paste the join link",
                capitalization=ft.TextCapitalization.CHARACTERS,
                on_submit=go_join,
                text_size=22,
            ),
            button("Join", go_join, icon=ft.Icons.LOGIN, filled=True),
        ),
        *([host_here_card(model, f, host_here)] if model.can_host_here else []),
        *([host_card(model, f, use_host)] if model.remote else []),
        card("Host a table", *admin_part),
    )


#: Every rule system a table can be made with, for a device that hosts its own.
SYSTEMS = [
    ("deadlands", "Deadlands"),
    ("spacelands", "Spacelands"),
    ("bottlecaps", "Bottlecaps"),
    ("fates-edge", "Fate's Edge"),
    ("wheel-of-fate", "Wheel of Fate"),
]


def host_here_card(model: AppModel, f: Any, host_here: Any) -> ft.Control:
    """A compiled app on the GM's tablet hosts the table itself: a name (an existing
    table of that name is resumed as it was) and a rule system for a new one."""
    return card(
        "Host a table here",
        muted(
            "This device hosts the table: players on the same Wi-Fi join from their "
            "phones with the QR code on your GM screen. A table of that name here is "
            "resumed as it was.",
            14,
        ),
        text_field(f, "here_name", label="Table name", hint_text="e.g. Saloon"),
        named_menu(
            ft.Dropdown(
                label="Rule system of a new table",
                value=f["here_ruleset"],
                options=[ft.DropdownOption(key=k, text=v) for k, v in SYSTEMS],
                on_select=lambda e: f.put(here_ruleset=e.control.value),
            ),
        ),
        button(
            "Starting the host…" if model.busy else "Host a table here",
            host_here,
            icon=ft.Icons.CELL_TOWER,
            filled=True,
            disabled=model.busy,
        ),
    )


def host_card(model: AppModel, f: Any, use_host: Any) -> ft.Control:
    """A compiled app's choice of host: the address on the GM's screen (or paste the
    join link into the join code instead)."""
    return card(
        "The host",
        muted(f"Now: {model.host_url}", 14),
        text_field(
            f,
            "host",
            label="Host address",
            hint_text="e.g. 192.168.1.20:8550 (on the GM's screen)",
            keyboard_type=ft.KeyboardType.URL,
            on_submit=use_host,
        ),
        button("Use this host", use_host, icon=ft.Icons.WIFI),
        muted("Or paste the whole join link into the join code.", 14),
    )


@component
def join_screen(model: AppModel) -> ft.Control:
    """The table the code opens and its game (checked first), then your name
    (remembered on this device), then you are at the table."""
    f = use_form({"name": model.name})

    async def join(_: Any = None) -> None:
        await model.join(model.join_code, f["name"])

    return _page_column(
        _title("Fate Pot"),
        ft.Text(
            f"{model.joining.get('name', '')} · {model.joining.get('title', '')}",
            size=22,
            weight=ft.FontWeight.BOLD,
        ),
        muted(f"Table code {model.join_code}"),
        ft.Text(model.message, color=ft.Colors.ERROR, size=16) if model.message else muted(""),
        text_field(f, "name", label="Your name", autofocus=True, text_size=22, on_submit=join),
        button(
            "Joining…" if model.busy else "Join the table",
            join,
            icon=ft.Icons.CASINO,
            filled=True,
            disabled=model.busy,
        ),
        muted("Lost your seat on a new phone? Ask the GM for your seat's link."),
    )
