"""The table log, newest first: one group per action, every event of it shown.

An action (one command) often makes several events: "End session 1" converts chips,
cashes in and ends the session; a red chip spent makes the Marshal draw. The log shows
the action's headline (its first event the whole table may see) with every other event
this device may see beneath it, and Undo where this device may undo the action.

Rows are keyed by the version of their first event, so a new action adds one row on
every screen instead of re-sending the rows below it, and only the newest
`WINDOW` actions are drawn: the rest are one tap away (*Show older*).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from ..model import AppModel
from ..theme import TARGET
from ..widgets import button, icon_button, muted, readable, text_field, use_form

#: Actions drawn at first, and how many more each *Show older* adds.
WINDOW = 30


def log_entries(model: AppModel, limit: int | None = None) -> list[dict[str, Any]]:
    """One entry per action, newest first: its headline event, the other events it
    made (oldest first), whether it was undone and whether this device may undo it."""
    undone = model.undone()
    groups: dict[str, list[dict[str, Any]]] = {}
    for event in model.log:  # newest first
        cid = event.get("command_id")
        groups.setdefault(str(cid) if cid else f"v{event.get('version')}", []).append(event)
    rows = []
    for cid, events in groups.items():
        ordered = sorted(events, key=lambda e: int(e.get("version", 0)))
        public = [e for e in ordered if e.get("visible_to") in ("all", None)]
        head = (public or ordered)[0]
        rows.append(
            {
                "event": head,
                "more": [e for e in ordered if e is not head],
                "key": f"log-{int(ordered[0].get('version', 0))}",
                "undone": cid in undone,
                "undoable": model.can_undo(ordered[0]) and cid not in undone,
            }
        )
        if limit is not None and len(rows) >= limit:
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
            text_field(f, "text", label="Note for the log", expand=True, on_submit=write),
            icon_button(ft.Icons.SEND, "Write the note", write),
        ]
    )


def _secret(event: dict[str, Any]) -> bool:
    return event.get("visible_to") not in ("all", None)


def log_row(model: AppModel, row: dict[str, Any], may_undo: bool, compact: bool) -> ft.Control:
    """One action: its headline, Undo if allowed, and the events it made beneath."""
    event = row["event"]
    text = readable(str(event.get("text", "")))
    undo_button: ft.Control | None = None
    if may_undo:
        cid = str(event["command_id"])

        async def undo(_: Any) -> None:
            await model.undo(cid)

        # The entry's text goes in the button's own label, so a screen reader (and
        # a test) can tell one Undo from another.
        undo_button = ft.TextButton(
            content=ft.Text("Undo", semantics_label=f"Undo: {text[:60]}"),
            icon=ft.Icons.UNDO,
            on_click=undo,
            height=TARGET,
        )
    struck = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH if row["undone"] else None)
    faded = ft.Colors.ON_SURFACE_VARIANT if row["undone"] else None
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(
                    ft.Icons.LOCK if _secret(event) else ft.Icons.CIRCLE,
                    size=16 if _secret(event) else 10,
                ),
                ft.Text(
                    text + ("  (undone)" if row["undone"] else ""),
                    size=16,  # readable at arm's length, on the GM's tablet too
                    expand=True,
                    style=struck,
                    color=faded,
                ),
                *([undo_button] if undo_button else []),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    ]
    for more in row["more"]:
        lines.append(
            ft.Row(
                [
                    ft.Icon(
                        ft.Icons.LOCK if _secret(more) else ft.Icons.SUBDIRECTORY_ARROW_RIGHT,
                        size=14,
                    ),
                    ft.Text(
                        readable(str(more.get("text", ""))),
                        size=13 if compact else 14,
                        expand=True,
                        style=struck,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ],
            )
        )
    return ft.Container(
        ft.Column(lines, spacing=2),
        key=row["key"],
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


@ft.component
def log_panel(model: AppModel, *, compact: bool = False) -> ft.Control:
    """The log as a list; the GM may undo any entry, a player their own last one."""
    shown, set_shown = ft.use_state(WINDOW)
    entries = log_entries(model, limit=shown + 1)
    rows: list[ft.Control] = []
    own_shown = False
    for row in entries[:shown]:
        may = row["undoable"] and (model.is_gm or not own_shown)
        if row["undoable"] and not model.is_gm:
            own_shown = True  # a player may only undo their most recent action
        rows.append(log_row(model, row, may, compact))
    if not rows:
        rows.append(muted("Nothing has happened yet."))
    if len(entries) > shown:
        rows.append(
            button("Show older", lambda _: set_shown(shown + WINDOW), icon=ft.Icons.EXPAND_MORE)
        )
    return ft.Column([note_box(model), *rows], spacing=0)
