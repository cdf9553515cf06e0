"""The phone's other combat actions: move (a simple action, no card), and with the card
that is up: aim, start a slow (Speed 2+) action, a test of will; an interrupt any time
(an opposed Quickness roll)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat import will

from ..component import component
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .common import card_name, fighters
from .damage import switch

#: The tests of will the rules name (each opposed by its own trait).
TESTS = tuple((test, test.capitalize()) for test in will.OPPOSED)


def _whole(text: str) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


@component
def actions_card(
    model: AppModel, combat: dict[str, Any], card_up: str | None, who: str | None = None
) -> ft.Control:
    """Move; aim, prepare, test someone's will or entangle them with ``card_up``; break
    free; interrupt someone. ``who``: the GM acts for this NPC (or seat) on the tablet."""
    actor = who or model.player_id
    me = (combat.get("combatants", {}).get(who) if who else combat.get("me")) or {}
    f = use_kept_form(
        model.forms,
        f"combat-more-{who}" if who else "combat-more",
        {
            "meters": "4",
            "pick_up": False,
            "steps": "2",
            "speed": "2",
            "who": "",
            "test": "bluff",
            "break_tn": "7",
            "fragile": False,
        },
    )
    others = [
        (cid, str(e.get("name", cid)))
        for cid, e in fighters(combat)
        if cid != actor and e.get("in_fight")
    ]

    def send(type_: str, build: Any) -> Any:
        async def go(_: Any) -> None:
            args = build()
            if args is None:
                return
            await model.send(type_, {**({"who": who} if who else {}), **args})

        return go

    def number(key: str, what: str) -> int | None:
        value = _whole(f[key])
        if value is None:
            model.refuse(f"{what} is a whole number.")
        return value

    def move() -> dict[str, Any] | None:
        meters = number("meters", "The distance")
        if meters is None:
            return None
        return {"meters": meters, **({"pick_up": True} if f["pick_up"] else {})}

    def aim() -> dict[str, Any] | None:
        steps = number("steps", "The aim's steps")
        return None if steps is None else {"card": card_up, "steps": steps}

    def prepare() -> dict[str, Any] | None:
        speed = number("speed", "The Speed")
        return None if speed is None else {"speed": speed}

    def aimed_at() -> str | None:
        if not f["who"]:
            model.refuse("Choose who first.")
            return None
        return str(f["who"])

    def will() -> dict[str, Any] | None:
        who = aimed_at()
        return None if who is None else {"target": who, "test": f["test"], "card": card_up}

    def entangle() -> dict[str, Any] | None:
        who, tn = aimed_at(), number("break_tn", "The break TN")
        if who is None or tn is None:
            return None
        return {"target": who, "card": card_up, "break_tn": tn, "fragile": bool(f["fragile"])}

    def free(how: str) -> Any:
        return lambda: {"how": how, **({"card": card_up} if card_up else {})}

    def interrupt() -> dict[str, Any] | None:
        who = aimed_at()
        return None if who is None else {"against": who}

    def field(label: str, key: str, width: int) -> ft.Control:
        return text_field(f, key, redraw=False, label=label, width=width)

    parts: list[ft.Control] = [
        muted("Moving is a simple action: no card.", 14),
        ft.Row([field("Meters", "meters", 110)], wrap=True),
        switch("Pick up the Pace (1 Wind)", f["pick_up"], lambda v: f.put(pick_up=v)),
        button("Move", send("combat.move", move), icon=ft.Icons.DIRECTIONS_RUN),
        muted("Someone", 14),
        choice_chips(others, f["who"], lambda v: f.put(who=v)),
        button("Interrupt them (opposed Quickness)", send("combat.interrupt", interrupt)),
    ]
    if card_up:
        name = card_name(card_up)
        parts += [
            choice_chips(list(TESTS), f["test"], lambda v: f.put(test=v)),
            button(f"Test their will with {name}", send("combat.will", will)),
            ft.Row([field("Aim steps", "steps", 120)], wrap=True),
            button(f"Aim with {name}", send("combat.aim", aim), icon=ft.Icons.CENTER_FOCUS_STRONG),
            ft.Row([field("Speed", "speed", 100)], wrap=True),
            button("Start a slow action", send("combat.prepare", prepare)),
            ft.Row([field("Break TN (weapon table)", "break_tn", 200)], wrap=True),
            switch("Fragile (lariat, net)", f["fragile"], lambda v: f.put(fragile=v)),
            button(f"Entangle them with {name}", send("combat.entangle", entangle)),
        ]
    held = me.get("entangled")
    if held and card_up:
        parts.append(muted("Entangled.", 15))
        parts.append(button("Wriggle free", send("combat.break_free", free("wriggle"))))
        if held.get("fragile"):
            parts.append(button("Break it", send("combat.break_free", free("break"))))
    return card(f"Other actions: {me.get('name', who)}" if who else "Other actions", *parts)
