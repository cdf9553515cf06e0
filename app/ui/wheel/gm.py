"""The GM's fate tools: the Bowl, each seat at a glance, compel offers, stress, scene end."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.wheel.fate import COMPEL_OFFER, COMPEL_WITHDRAW
from app.domain.wheel.stress import SCENE_END, STRESS_ADD
from app.domain.wheel.table_gm import FATE_ADJUST

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, plural, text_field, use_form
from .common import aspects, names, stress_line, wheel_view
from .controls import stepper


def bowl_badge(bowl: int, size: int = 40) -> ft.Control:
    """The Bowl as a big round count."""
    return ft.Container(
        ft.Column(
            [
                ft.Text(
                    str(bowl),
                    size=size,
                    weight=ft.FontWeight.BOLD,
                    semantics_label=f"The Bowl: {plural(bowl, 'fate point')}",
                ),
                ft.Text("in the Bowl", size=14),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=0,
            tight=True,
        ),
        width=size * 3.6,
        height=size * 3.6,
        border_radius=size * 1.8,
        alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        border=ft.Border.all(3, ft.Colors.PRIMARY),
    )


def pot_card(model: AppModel) -> ft.Control:
    """Side bar: the Bowl and every character's fate points."""
    view = wheel_view(model)
    bowl = view["bowl"]
    rows: list[ft.Control] = [
        ft.Text(
            f"{plural(bowl, 'fate point')} in the Bowl",
            size=20,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY,
        )
    ]
    for c in view["characters"].values():
        rows.append(ft.Text(f"{c['name']}: {plural(c['fate'], 'fate point')}", size=15))
    return card("The Bowl", *rows)


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    """A seat card's body: fate points, stress, creation progress, a waiting compel."""
    view = wheel_view(model)
    # A seat that left the table has neither (the view lists active seats' characters).
    sheet = view.get("sheets", {}).get(pid)
    public = view["characters"].get(pid)
    lines: list[ft.Control] = [
        ft.Text(
            f"{(public and public['name']) or '(no name yet)'} · "
            f"{plural(public['fate'] if public else 0, 'fate point')}",
            size=16,
            weight=ft.FontWeight.BOLD,
        ),
        ft.Text(stress_line(public) if public else "No stress", size=16),
    ]
    attrs = sheet["attributes"] if sheet else {}
    if attrs:
        lines.append(muted(", ".join(f"{a.title()} {d}d" for a, d in attrs.items()), 16))
    if not (public and public["complete"]):
        lines.append(muted(f"Creating: {len(sheet['missing']) if sheet else 0} things to go", 16))
    if pid in view.get("compels", {}):
        lines.append(ft.Text("Compel offered, waiting", size=16, color=ft.Colors.TERTIARY))
    return ft.Column(lines, spacing=4)


@component
def compel_form(model: AppModel) -> ft.Control:
    """Offer a fate point on one of a player's aspects: one on their sheet, or one the
    GM names in words when the player hasn't written it yet (a first session)."""
    view = wheel_view(model)
    f = use_form({"player": "", "aspect": "", "named": "", "text": ""})
    who = names(view, model.table.get("seats", []))
    sheets = view.get("sheets", {})
    pids = list(sheets)

    async def offer(_: Any) -> None:
        if not f["player"]:
            model.refuse("Choose a player.")
            return
        if not f["aspect"] and not f["named"].strip():
            model.refuse("Choose one of their aspects, or name the aspect in words.")
            return
        if not f["text"].strip():
            model.refuse("Say what the aspect makes happen.")
            return
        player, text = f["player"], f["text"].strip()
        if f["aspect"]:
            await model.send(COMPEL_OFFER(player=player, text=text, aspect=int(f["aspect"])))
        else:
            await model.send(COMPEL_OFFER(player=player, text=text, aspect_text=f["named"].strip()))
        f.put(aspect="", named="", text="")

    parts: list[ft.Control] = [
        choice_chips([(p, who.get(p, p)) for p in pids], f["player"], lambda p: f.put(player=p))
    ]
    if f["player"]:
        chosen = sheets.get(f["player"])
        listed = aspects(chosen) if chosen else []
        if listed:
            parts.append(
                choice_chips(
                    [(str(n), t) for n, t in listed],
                    f["aspect"],
                    lambda n: f.put(aspect=n, named=""),
                )
            )
        else:
            missing = len(chosen["missing"]) if chosen else 0
            parts.append(
                muted(
                    "No aspects on that sheet yet (their phone leads them through creation: "
                    f"{missing} things to go). Name the aspect in words, as they described "
                    "their character.",
                    16,
                )
            )

        def typed_name(text: str) -> None:
            # Typing a name replaces a chosen aspect; the text itself stays on the phone.
            f.typed("named", text, redraw=False)
            if f["aspect"]:
                f.put(aspect="")

        parts.append(
            text_field(
                f,
                "named",
                label="Or an aspect not on the sheet yet, in words" if listed else "The aspect",
                on_typed=typed_name,
            )
        )
    parts += [
        text_field(f, "text", label="What the aspect makes happen", multiline=True),
        button("Offer the compel", offer, icon=ft.Icons.SEND, filled=True),
    ]
    return card("Offer a compel (a fate point from outside the game)", *parts)


def pending_compels(model: AppModel) -> ft.Control:
    view = wheel_view(model)
    who = names(view, model.table.get("seats", []))
    rows: list[ft.Control] = []
    for pid, offer in view.get("compels", {}).items():

        async def withdraw(_: Any, pid: str = pid) -> None:
            await model.send(COMPEL_WITHDRAW(player=pid))

        rows.append(
            ft.Column(
                [
                    ft.Text(
                        f"{who.get(pid, pid)}: “{offer['aspect_text']}” — {offer['text']}",
                        size=15,
                    ),
                    button(f"Withdraw {who.get(pid, pid)}'s compel", withdraw, icon=ft.Icons.UNDO),
                ],
                spacing=4,
            )
        )
    return card("Waiting for an answer", *(rows or [muted("No compel waiting.")]))


def fate_panel(model: AppModel) -> ft.Control:
    """The GM's Fate tab: the Bowl in the middle, compels around it."""
    bowl = wheel_view(model)["bowl"]
    return ft.Column(
        [
            ft.Row([bowl_badge(bowl)], alignment=ft.MainAxisAlignment.CENTER),
            muted(
                "Players give points from the Bowl on their phones; the Bowl is refilled "
                "to 5 per player when a session starts."
            ),
            keyed("compel", compel_form, model),
            pending_compels(model),
            keyed("fate-adjust", fate_adjust_form, model),
        ],
        spacing=12,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


@component
def fate_adjust_form(model: AppModel) -> ft.Control:
    """The GM gives or takes a player's fate points (a ruling, a correction)."""
    view = wheel_view(model)
    f = use_form({"who": "", "n": 1, "reason": ""})
    who = names(view, model.table.get("seats", []))
    pcs = view["characters"]

    def fate_of(pid: str) -> int:
        return pcs[pid]["fate"]

    async def adjust(_: Any) -> None:
        if not f["who"]:
            model.refuse("Choose whose fate points change.")
            return
        if not int(f["n"]):
            model.refuse("Give or take at least one fate point.")
            return
        await model.send(FATE_ADJUST(player=f["who"], n=int(f["n"]), reason=f["reason"].strip()))

    return card(
        "Give or take fate points",
        muted("From and back to the supply. Negative takes points away."),
        choice_chips(
            [(p, f"{who.get(p, p)}: {plural(fate_of(p), 'fate point')}") for p in pcs],
            f["who"] or None,
            lambda p: f.put(who=p),
        ),
        stepper("Fate points", int(f["n"]), lambda n: f.put(n=n), -5, 5),
        text_field(f, "reason", label="Why (for the log)"),
        button("Change fate points", adjust, icon=ft.Icons.AUTO_AWESOME),
    )


@component
def stress_form(model: AppModel) -> ft.Control:
    """Give (or take back) stress dice to a chosen character, and end the scene."""
    view = wheel_view(model)
    f = use_form({"who": "", "dice": 1, "reason": ""})
    who = names(view, model.table.get("seats", []))
    characters, gm_side = view["characters"], view.get("npcs", {})
    pcs, npcs = list(characters), list(gm_side)

    async def give(_: Any) -> None:
        if not f["who"]:
            model.refuse("Choose who takes the stress.")
            return
        cid, dice, reason = f["who"], int(f["dice"]), f["reason"].strip() or "stress"
        if cid in npcs:
            call = STRESS_ADD(npc=cid, dice=dice, reason=reason)
        else:
            call = STRESS_ADD(player=cid, dice=dice, reason=reason)
        if isinstance(await model.send(call), Applied):
            f.put(reason="")  # in the log now: not for the next stress

    async def end_scene(_: Any) -> None:
        await model.send(SCENE_END())

    rows: list[ft.Control] = []
    for cid in pcs:
        rows.append(ft.Text(f"{who.get(cid, cid)}: {stress_line(characters[cid])}", size=15))
    for cid in npcs:
        rows.append(ft.Text(f"{who.get(cid, cid)}: {stress_line(gm_side[cid])}", size=15))
    return ft.Column(
        [
            card(
                "Stress",
                *rows,
                choice_chips(
                    [(c, who.get(c, c)) for c in pcs + npcs], f["who"], lambda c: f.put(who=c)
                ),
                stepper(
                    "Stress dice (minus takes back)",
                    int(f["dice"]),
                    lambda n: f.put(dice=n),
                    -10,
                    10,
                ),
                text_field(f, "reason", label="Why"),
                button("Give stress", give, icon=ft.Icons.BOLT, filled=True),
            ),
            card(
                "Scene",
                muted("All stress goes away; any contest and waiting help end."),
                button("End the scene", end_scene, icon=ft.Icons.STOP_CIRCLE),
            ),
        ],
        spacing=12,
    )
