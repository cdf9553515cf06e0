"""The GM's view of every player's sheet, with aspects gained after creation."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.wheel.aspects import ASPECT_ADD, ASPECT_REMOVE
from app.domain.wheel.state import ASPECT_SLOTS

from ..component import component
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_form
from .common import aspects, missing_words, names, wheel_view
from .sheet import sheet_view

#: Aspects 1 to ASPECT_SLOTS come from creation; the GM adds the later ones.
FIRST_LATER_ASPECT = ASPECT_SLOTS + 1


@component
def sheets_panel(model: AppModel) -> ft.Control:
    """Pick a player: their sheet, what creation still misses, and further aspects."""
    view = wheel_view(model)
    sheets = view.get("sheets", {})
    who = names(view, model.table.get("seats", []))
    f = use_form({"pid": "", "aspect": ""})
    if not sheets:
        return muted("No one has joined yet.", 16)
    pid = f["pid"] if f["pid"] in sheets else next(iter(sheets))
    record = sheets[pid]

    async def add(_: Any) -> None:
        if not f["aspect"].strip():
            model.refuse("Write the aspect first.")
            return
        await model.send(ASPECT_ADD(player=pid, text=f["aspect"].strip()))
        f.put(aspect="")

    later: list[ft.Control] = []
    for n, text in aspects(record):
        if n < FIRST_LATER_ASPECT:
            continue

        async def remove(_: Any, n: int = n) -> None:
            await model.send(ASPECT_REMOVE(player=pid, number=n))

        later.append(button(f"Remove aspect {n}: {text}", remove, icon=ft.Icons.DELETE))
    parts: list[ft.Control] = [
        choice_chips([(p, who.get(p, p)) for p in sheets], pid, lambda p: f.put(pid=p)),
    ]
    todo = record["missing"]
    if not record["complete"]:
        questions = view["questions"]
        parts.append(
            card(
                "Creation: what's missing",
                *[ft.Text("• " + missing_words(m, who, questions)) for m in todo]
                or [muted("Nothing: the player can finish the character.")],
            )
        )
    parts += sheet_view(model, pid, record)
    parts.append(
        card(
            "A further aspect",
            muted("Aspects change over play; the ones you add are numbered 6 and up."),
            text_field(f, "aspect", label="New aspect"),
            button(f"Give {who.get(pid, pid)} this aspect", add, icon=ft.Icons.ADD, filled=True),
            *later,
        )
    )
    return ft.Column(parts, spacing=12)
