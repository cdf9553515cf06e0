"""Fate points one tap away: the compel offer, aspects, declarations and the Bowl."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.wheel.fate import (
    BOWL_GIVE,
    COMPEL_ACCEPT,
    COMPEL_REFUSE,
    FATE_DECLARE,
    DeclareKind,
)

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, plural, text_field, use_form
from .common import aspects, me, names, options, wheel_view

#: The declarations' chips: the command's kinds, in words.
KINDS: list[tuple[DeclareKind, str]] = [("fact", "Fact"), ("coincidence", "Coincidence")]


def fate_strip(model: AppModel) -> ft.Control:
    """Your fate points and the Bowl, big, at the top of every player tab."""
    view = wheel_view(model)
    record = me(view)
    fate = record["fate"] if record is not None else 0
    bowl = view["bowl"]
    return ft.Row(
        [
            ft.Container(
                ft.Text(
                    f"Fate points: {fate}",
                    size=20,
                    weight=ft.FontWeight.BOLD,
                    semantics_label=f"Your fate points: {fate}",
                ),
                padding=ft.Padding.symmetric(horizontal=14, vertical=10),
                border_radius=22,
                bgcolor=ft.Colors.PRIMARY_CONTAINER,
            ),
            ft.Container(
                ft.Text(
                    f"Bowl: {bowl}", size=18, semantics_label=f"Fate points in the Bowl: {bowl}"
                ),
                padding=ft.Padding.symmetric(horizontal=14, vertical=10),
                border_radius=22,
                border=ft.Border.all(1, ft.Colors.OUTLINE),
            ),
        ],
        spacing=10,
        wrap=True,
    )


def compel_card(model: AppModel) -> ft.Control | None:
    """The GM's compel offer, to accept (gain a point) or refuse (pay a point)."""
    view = wheel_view(model)
    record, opts = me(view), options(view)
    offer = record.get("compel") if record is not None else None
    if offer is None:
        return None
    answer = opts["compel"] if opts is not None else None

    async def accept(_: Any) -> None:
        await model.send(COMPEL_ACCEPT())

    async def refuse(_: Any) -> None:
        if answer is None or not answer["refuse"]:
            model.refuse("Refusing a compel costs a fate point, and you have none.")
            return
        await model.send(COMPEL_REFUSE())

    return ft.Container(
        ft.Column(
            [
                ft.Text("The GM offers a compel", size=19, weight=ft.FontWeight.BOLD),
                ft.Text(f"On “{offer['aspect_text']}”", size=16, italic=True),
                ft.Text(offer["text"], size=16),
                ft.Row(
                    [
                        button("Accept: gain a fate point", accept, icon=ft.Icons.ADD, filled=True),
                        button("Refuse: pay 1 fate point", refuse, icon=ft.Icons.BLOCK),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ],
            spacing=8,
        ),
        padding=14,
        border_radius=14,
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border=ft.Border.all(2, ft.Colors.TERTIARY),
    )


def pinned_compel(model: AppModel) -> ft.Control:
    """The compel waiting for the player's answer, above every tab (`SystemUI.pinned`)."""
    offer = compel_card(model)
    if offer is None:
        return ft.Container(visible=False)
    return ft.Container(offer, padding=ft.Padding.only(left=12, right=12, top=8))


def top_of_tab(model: AppModel) -> list[ft.Control]:
    """What every player tab starts with: the fate points (a waiting compel is pinned
    above the tab: `pinned_compel`)."""
    return [fate_strip(model)]


@component
def declare_form(model: AppModel) -> ft.Control:
    """Spend a fate point to declare a fact or a coincidence, invoking an aspect or not."""
    record = me(wheel_view(model))
    f = use_form({"kind": "fact", "text": "", "aspect": ""})
    have = record["fate"] if record is not None else 0

    async def declare(_: Any) -> None:
        if have < 1:
            model.refuse("A declaration needs a fate point, and you have none.")
            return
        if not f["text"].strip():
            model.refuse("Say what you declare.")
            return
        kind = next((k for k, _ in KINDS if k == f["kind"]), None)
        if kind is None:
            model.refuse("Choose a fact or a coincidence.")
            return
        text = f["text"].strip()
        if f["aspect"]:
            await model.send(FATE_DECLARE(kind=kind, text=text, aspect=int(f["aspect"])))
        else:
            await model.send(FATE_DECLARE(kind=kind, text=text))
        f.put(text="", aspect="")

    listed = aspects(record) if record is not None else []
    chosen = next((t for n, t in listed if str(n) == f["aspect"]), "")
    rows: list[ft.Control] = [
        muted(
            "Tap one to invoke it in a declaration. On a roll, invoke it in the Roll tab "
            "(one point, one extra die)."
        ),
        *[
            (ft.FilledButton if str(n) == f["aspect"] else ft.OutlinedButton)(
                content=f"{n}. {text}",
                icon=ft.Icons.AUTO_AWESOME if str(n) == f["aspect"] else None,
                height=48,
                on_click=lambda e, n=n: f.put(aspect="" if f["aspect"] == str(n) else str(n)),
            )
            for n, text in listed
        ],
    ]
    if not listed:
        rows = [muted("No aspects yet: they come from the five questions (Character tab).")]
    return card(
        "Aspects and declarations",
        *rows,
        ft.Divider(),
        muted("Spend a fate point to declare a fact or a coincidence."),
        choice_chips(KINDS, f["kind"], lambda k: f.put(kind=k)),
        text_field(f, "text", label="What you declare", multiline=True),
        button(
            f"Spend a fate point: invoke “{chosen}” and declare"
            if chosen
            else "Spend a fate point: declare",
            declare,
            icon=ft.Icons.AUTO_AWESOME,
            filled=have > 0,
        ),
    )


@component
def bowl_form(model: AppModel) -> ft.Control:
    """Give another player a point from the Bowl for something cool; the reason is logged."""
    view = wheel_view(model)
    f = use_form({"to": "", "reason": ""})
    who = names(view, model.table.get("seats", []))
    opts = options(view)
    can = opts["bowl_give"] if opts is not None else []
    others = [
        str(s["player_id"])
        for s in model.table.get("seats", [])
        if s["player_id"] != model.player_id
    ]

    async def give(_: Any) -> None:
        if not view["bowl"]:
            model.refuse("The Bowl is empty.")
            return
        if not f["to"]:
            model.refuse("Choose who gets the point.")
            return
        if not f["reason"].strip():
            model.refuse("Say why: the reason goes in the log.")
            return
        await model.send(BOWL_GIVE(to=f["to"], reason=f["reason"].strip()))
        f.put(to="", reason="")

    if not others:
        return card("Give a point from the Bowl", muted("No one else is at the table yet."))
    return card(
        "Give a point from the Bowl",
        muted(
            f"For something cool another player did. {plural(view['bowl'], 'point')} in the Bowl."
        ),
        choice_chips([(p, f"To {who.get(p, p)}") for p in others], f["to"], lambda p: f.put(to=p)),
        text_field(f, "reason", label="Why (goes in the log)"),
        button(
            "Give a point from the Bowl",
            give,
            icon=ft.Icons.VOLUNTEER_ACTIVISM,
            filled=bool(can),
        ),
    )


def fate_panel(model: AppModel) -> ft.Control:
    """The Fate tab."""
    return ft.Column(
        [
            *top_of_tab(model),
            keyed("declare", declare_form, model),
            keyed("bowl", bowl_form, model),
        ],
        spacing=12,
    )
