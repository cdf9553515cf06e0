"""The table log, newest first, with Undo where this device may undo an entry."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..model import AppModel
from ..theme import TARGET
from ..widgets import icon_button, muted, readable, use_form

SHOWN = 120


def log_entries(model: AppModel) -> list[dict[str, Any]]:
    """One row per command, newest first, marked if undone.

    A command's row shows its first event the whole table may see (the spend, not the
    Marshal's draw it caused), else its first event.
    """
    undone = model.undone()
    groups: dict[str, list[dict[str, Any]]] = {}
    for event in model.log:  # newest first
        groups.setdefault(str(event.get("command_id", "")), []).append(event)
    rows = []
    for cid, events in groups.items():
        ordered = sorted(events, key=lambda e: int(e.get("version", 0)))
        public = [e for e in ordered if e.get("visible_to") in ("all", None)]
        event = (public or ordered)[0]
        rows.append(
            {
                "event": event,
                "undone": cid in undone,
                "undoable": model.can_undo(ordered[0]) and cid not in undone,
            }
        )
        if len(rows) >= SHOWN:
            break
    return rows


@ft.component
def note_box(model: AppModel) -> ft.Control:
    """A line of fiction, a ruling or a reminder, into everyone's log."""
    f = use_form({"text": ""})

    async def write(_: Any = None) -> None:
        if f["text"].strip():
            await model.send("note", {"text": f["text"].strip()})
            f.put(text="")

    return ft.Row(
        [
            ft.TextField(
                label="Note for the log",
                value=f["text"],
                expand=True,
                on_change=lambda e: f.put(text=e.control.value),
                on_submit=write,
            ),
            icon_button(ft.Icons.SEND, "Write the note", write),
        ]
    )


def log_panel(model: AppModel, *, compact: bool = False) -> ft.Control:
    """The log as a list; the GM may undo any entry, a player their own last one."""
    rows: list[ft.Control] = []
    own_shown = False
    for row in log_entries(model):
        event = row["event"]
        text = readable(str(event.get("text", "")))
        undo_button: ft.Control | None = None
        may = row["undoable"] and (model.is_gm or not own_shown)
        if row["undoable"] and not model.is_gm:
            own_shown = True  # a player may only undo their most recent action
        if may:
            cid = str(event["command_id"])

            async def undo(_: Any, cid: str = cid) -> None:
                await model.undo(cid)

            # The entry's text goes in the button's own label, so a screen reader (and
            # a test) can tell one Undo from another.
            undo_button = ft.TextButton(
                content=ft.Text("Undo", semantics_label=f"Undo: {text[:60]}"),
                icon=ft.Icons.UNDO,
                on_click=undo,
                height=TARGET,
            )
        secret = event.get("visible_to") not in ("all", None)
        rows.append(
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(
                            ft.Icons.LOCK if secret else ft.Icons.CIRCLE,
                            size=10 if not secret else 16,
                        ),
                        ft.Text(
                            text + ("  (undone)" if row["undone"] else ""),
                            size=16,  # readable at arm's length, on the GM's tablet too
                            expand=True,
                            style=ft.TextStyle(
                                decoration=ft.TextDecoration.LINE_THROUGH if row["undone"] else None
                            ),
                            color=ft.Colors.ON_SURFACE_VARIANT if row["undone"] else None,
                        ),
                        *([undo_button] if undo_button else []),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                padding=ft.Padding.symmetric(vertical=4, horizontal=8),
                border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            )
        )
    if not rows:
        rows.append(muted("Nothing has happened yet."))
    return ft.Column([note_box(model), *rows], spacing=0)
