"""The table log, newest first: one group per action, every event of it shown.

An action (one command) often makes several events: "End session 1" converts chips,
cashes in and ends the session; a red chip spent makes the Marshal draw. The log shows
the action's headline (its first event the whole table may see) with every other event
this device may see beneath it, and Undo where this device may undo the action.

Rows are keyed by the version of their first event and drawn once (`log_row`), in
blocks of `BLOCK` versions (`log_block`), so a new action adds one row to the newest
block on every screen instead of re-sending, rebuilding or comparing the rows below
it; only the newest `WINDOW` actions or so (whole blocks) are drawn: the rest are one
tap away (*Show older*).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.table_commands import NOTE
from app.domain.table_events import UNDO_EVENT

from ..component import component, memo, use_kept_nodes
from ..model import AppModel
from ..model.redraw import ModelRef
from ..theme import TARGET
from ..widgets import button, icon_button, muted, readable, text_field, use_form

#: Actions drawn at first, and how many more each *Show older* adds.
WINDOW = 30


def log_entries(model: AppModel, limit: int | None = None) -> list[dict[str, Any]]:
    """One entry per action, newest first: its headline event, the other events it
    made (oldest first), whether it was undone and whether this device may undo it.

    Reads only as far back as the ``limit``-th action: an action's events are
    consecutive, and an undo comes after what it undoes, so the rest of a long log
    changes nothing here (a redraw costs the same at 20 lines and at 2,000)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    undone: set[str] = set()
    for event in model.log:  # newest first
        cid = event.get("command_id")
        group = str(cid) if cid else f"v{event.get('version')}"
        if group not in groups and limit is not None and len(groups) >= limit:
            break
        groups.setdefault(group, []).append(event)
        data = event.get("data")
        if event.get("type") == UNDO_EVENT.name and isinstance(data, dict):
            undone.add(str(data.get("command_id")))
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
    return rows


@component
def note_box(model: AppModel) -> ft.Control:
    """A line of fiction, a ruling or a reminder, into everyone's log."""
    f = use_form({"text": ""})

    async def write(_: Any = None) -> None:
        if f["text"].strip():
            await model.send(NOTE(text=f["text"].strip()))
            f.put(text="")

    return ft.Row(
        [
            text_field(
                f, "text", redraw=False, label="Note for the log", expand=True, on_submit=write
            ),
            icon_button(ft.Icons.SEND, "Write the note", write),
        ]
    )


def _secret(event: dict[str, Any]) -> bool:
    return event.get("visible_to") not in ("all", None)


@component
def _log_row(
    ref: ModelRef[AppModel], row: dict[str, Any], may_undo: bool, compact: bool
) -> ft.Control:
    """One action: its headline, Undo if allowed, and the events it made beneath."""
    model = ref.model
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
    undone = bool(row["undone"])
    struck = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if undone else None
    faded = ft.Colors.ON_SURFACE_VARIANT if undone else None
    headline = ft.Text(
        text + ("  (undone)" if undone else ""),
        size=16,  # readable at arm's length, on the GM's tablet too
        expand=True,
        style=struck,
        color=faded,
    )
    # As few controls as the row needs: each page builds and Flet walks every new
    # row's controls and their fields (most of a note's cost per page, docs/benchmarks.md
    # §11). A public line is its text alone; a lock marks what this device sees secretly.
    marked: list[ft.Control] = [ft.Icon(ft.Icons.LOCK, size=16)] if _secret(event) else []
    first: ft.Control = headline
    if marked or undo_button:
        first = ft.Row(
            [*marked, headline, *([undo_button] if undo_button else [])],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    lines: list[ft.Control] = [first]
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
        lines[0] if len(lines) == 1 else ft.Column(lines, spacing=2),
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )


#: A row drawn once: a new action draws one row, the rows below it stay as they were.
log_row = memo(_log_row)


@component
def _note_box_once(ref: ModelRef[AppModel]) -> ft.Control:
    return note_box(ref.model)


#: The note box, not redrawn when the log below it grows (what is typed stays put).
kept_note_box = memo(_note_box_once)


@component
def _log_block(
    ref: ModelRef[AppModel], rows: tuple[tuple[dict[str, Any], bool], ...], compact: bool
) -> ft.Control:
    # The rows drawn before are handed back as they are: Flet then neither reconciles
    # nor walks them, only the new row (`KeptNodes`).
    kept = use_kept_nodes()
    # Stretched: a public line's box (and its border) spans the log, as a row with events
    # beneath does, not only its text's width.
    return ft.Column(
        [kept.draw(str(row["key"]), log_row, ref, row, may, compact) for row, may in rows],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


#: The actions of one run of `BLOCK` versions: a new action redraws only the newest
#: block; the blocks below it keep their controls (nothing is rebuilt or compared).
log_block = memo(_log_block)
BLOCK = 16


def _version(row: dict[str, Any]) -> int:
    return int(str(row["key"]).removeprefix("log-"))


@component
def _older_button(on_click: Any) -> ft.Control:
    return button("Show older", on_click, icon=ft.Icons.EXPAND_MORE)


older_button = memo(_older_button)


@component
def log_panel(model: AppModel, *, compact: bool = False) -> ft.Control:
    """The log as a list; the GM may undo any entry, a player their own last one.

    At least the newest ``shown`` actions, in whole blocks (`log_block`), so a new
    action changes the newest block only, never which blocks are drawn below it."""
    shown, set_shown = ft.use_state(WINDOW)
    kept = use_kept_nodes()  # the blocks a new line leaves as they were
    entries = log_entries(model, limit=shown + BLOCK + 1)
    blocks: dict[int, list[tuple[dict[str, Any], bool]]] = {}
    own_shown = False
    more = False
    for count, row in enumerate(entries):
        block = _version(row) // BLOCK
        if count >= shown and block not in blocks:
            more = True  # older actions than the blocks drawn
            break
        may = row["undoable"] and (model.is_gm or not own_shown)
        if row["undoable"] and not model.is_gm:
            own_shown = True  # a player may only undo their most recent action
        blocks.setdefault(block, []).append((row, may))
    drawn: list[ft.Control] = [
        kept.draw(f"block-{block}", log_block, model.ref, tuple(rows), compact)
        for block, rows in blocks.items()
    ]
    if not drawn:
        drawn.append(muted("Nothing has happened yet."))
    # The same handler every time (the state's setter is made anew on each drawing):
    # the button is then drawn once, not on every new line.
    show_older = ft.use_callback(lambda _: set_shown(lambda n: n + WINDOW), [])
    if more:
        drawn.append(kept.draw("older", older_button, show_older))
    return ft.Column([kept.draw("note", kept_note_box, model.ref), *drawn], spacing=0)
