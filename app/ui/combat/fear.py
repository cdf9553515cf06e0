"""The GM's Fear and Terror test: whose Guts, against which TN; the host rolls and
tracks what it does (Unnerved, Distracted, Broken, terrified, catatonic)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.will import COMBAT_FEAR

from ..component import component
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .damage import switch, targets


@component
def fear_card(model: AppModel) -> ft.Control:
    """Call for a Fear (or Terror) test."""
    f = use_kept_form(
        model.forms, "combat-fear", {"who": "", "tn": "7", "terror": False, "black_joker": False}
    )
    people = targets(model)

    async def test(_: Any) -> None:
        if not f["who"]:
            model.refuse("Choose who makes the Fear test.")
            return
        try:
            tn = int(str(f["tn"]).strip())
        except ValueError:
            model.refuse("The TN is a whole number.")
            return
        terror = bool(f["terror"])
        joker = terror and bool(f["black_joker"])
        await model.send(COMBAT_FEAR(who=f["who"], tn=tn, terror=terror, black_joker=joker))

    name = dict(people).get(f["who"], "…")
    return card(
        "Fear test",
        muted(
            "Guts vs your TN: 0 successes Broken, 1 Distracted, 2 Unnerved; bust: terrified.", 14
        ),
        choice_chips(people, f["who"], lambda v: f.put(who=v)),
        text_field(f, "tn", redraw=False, label="Fear TN", width=140),
        switch("Terror (no chips; bust: catatonic)", f["terror"], lambda v: f.put(terror=v)),
        *(
            [switch("Drew the Black Joker", f["black_joker"], lambda v: f.put(black_joker=v))]
            if f["terror"]
            else []
        ),
        button(f"{name}: Fear test", test, icon=ft.Icons.PSYCHOLOGY_ALT, filled=bool(f["who"])),
    )
