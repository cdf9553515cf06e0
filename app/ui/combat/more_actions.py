"""The phone's other combat actions: move (a simple action, no card), and with the card
that is up: aim, start a slow (Speed 2+) action, a test of will; an interrupt with a card
up the sleeve or an aim (an opposed Quickness roll)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import flet as ft

from app.domain.combat import will
from app.domain.combat.actions import COMBAT_AIM, COMBAT_INTERRUPT, COMBAT_PREPARE
from app.domain.combat.entangle import COMBAT_BREAK_FREE, COMBAT_ENTANGLE, Escape
from app.domain.combat.movement import COMBAT_MOVE, MODES, Mode
from app.domain.combat.view_types import CombatView
from app.domain.combat.will import COMBAT_WILL, Test
from app.domain.command_types import CommandCall

from ..component import component
from ..forms import one_of
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .common import card_name, fighters
from .damage import switch

#: The tests of will the rules name (each opposed by its own trait).
TESTS = tuple((test, test.capitalize()) for test in will.OPPOSED)
MOVES = tuple(zip(MODES, ("Walk / run", "Climb", "Swim"), strict=True))


def _whole(text: str) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


@component
def actions_card(
    model: AppModel, combat: CombatView, card_up: str | None, who: str | None = None
) -> ft.Control:
    """Move; aim, prepare, test someone's will or entangle them with ``card_up``; break
    free; interrupt someone. ``who``: the GM acts for this NPC (or seat) on the tablet."""
    actor = who or model.player_id
    me = combat["combatants"].get(who) if who else combat.get("me")
    f = use_kept_form(
        model.forms,
        f"combat-more-{who}" if who else "combat-more",
        {
            "meters": "4",
            "pick_up": False,
            "mode": "walk",
            "load": "",
            "race": "",
            "riding": "",
            "steps": "2",
            "speed": "2",
            "who": "",
            "test": "bluff",
            "break_tn": "7",
            "fragile": False,
        },
    )
    others = [(cid, e["name"]) for cid, e in fighters(combat) if cid != actor and e["in_fight"]]

    def send(build: Callable[[], CommandCall | None]) -> Any:
        async def go(_: Any) -> None:
            call = build()  # None: a field was refused
            if call is not None:
                await model.send(call)

        return go

    def number(key: str, what: str) -> int | None:
        value = _whole(f[key])
        if value is None:
            model.refuse(f"{what} is a whole number.")
        return value

    def move() -> CommandCall | None:
        meters = number("meters", "The distance")
        if meters is None:
            return None
        load = _whole(f["load"]) if str(f["load"]).strip() else 0
        if load is None:
            model.refuse("The load is a whole number of pounds.")
            return None
        mode: Mode = one_of(f["mode"], get_args(Mode))
        race = str(f["race"]).strip().lower() or "human"
        pick_up = bool(f["pick_up"])
        riding = _whole(f["riding"]) if str(f["riding"]).strip() else None
        if str(f["riding"]).strip() and riding is None:
            model.refuse("The mount's Pace is a whole number.")
            return None
        if riding is not None:  # the mount's or vehicle's Pace: a running ride is −4
            return COMBAT_MOVE(who=who, meters=meters, riding=riding)
        return COMBAT_MOVE(who=who, meters=meters, pick_up=pick_up, mode=mode, load=load, race=race)

    def aim() -> CommandCall | None:
        steps = number("steps", "The aim's steps")
        return None if steps is None else COMBAT_AIM(who=who, card=card_up, steps=steps)

    def prepare() -> CommandCall | None:
        speed = number("speed", "The Speed")
        return None if speed is None else COMBAT_PREPARE(who=who, speed=speed)

    def aimed_at() -> str | None:
        if not f["who"]:
            model.refuse("Choose who first.")
            return None
        return str(f["who"])

    def test_will() -> CommandCall | None:
        target = aimed_at()
        if target is None:
            return None
        test: Test = one_of(f["test"], get_args(Test))
        return COMBAT_WILL(who=who, target=target, test=test, card=card_up)

    def entangle() -> CommandCall | None:
        target, tn = aimed_at(), number("break_tn", "The break TN")
        if target is None or tn is None:
            return None
        fragile = bool(f["fragile"])
        return COMBAT_ENTANGLE(who=who, target=target, card=card_up, break_tn=tn, fragile=fragile)

    def free(how: Escape) -> Callable[[], CommandCall]:
        return lambda: COMBAT_BREAK_FREE(who=who, how=how, card=card_up)

    def interrupt() -> CommandCall | None:
        target = aimed_at()
        return None if target is None else COMBAT_INTERRUPT(who=who, against=target)

    def field(label: str, key: str, width: int) -> ft.Control:
        return text_field(f, key, redraw=False, label=label, width=width)

    parts: list[ft.Control] = [
        muted("Moving is a simple action: no card.", 14),
        ft.Row([field("Meters", "meters", 110)], wrap=True),
        choice_chips(list(MOVES), f["mode"], lambda v: f.put(mode=v)),
        switch("Pick up the Pace (1 Wind)", f["pick_up"], lambda v: f.put(pick_up=v)),
        ft.Row(
            [
                field("Carrying (pounds)", "load", 170),
                field("Race (loads, Pickup)", "race", 190),
                field("Riding: the mount's Pace", "riding", 210),
            ],
            wrap=True,
        ),
        button("Move", send(move), icon=ft.Icons.DIRECTIONS_RUN),
        muted("Someone", 14),
        choice_chips(others, f["who"], lambda v: f.put(who=v)),
    ]
    if me is not None and me.get("may_interrupt"):
        # "interrupt someone else's action with a wait card" (or an aim cut short)
        parts.append(button("Interrupt them (opposed Quickness)", send(interrupt)))
    if card_up:
        name = card_name(card_up)
        parts += [
            choice_chips(list(TESTS), f["test"], lambda v: f.put(test=v)),
            button(f"Test their will with {name}", send(test_will)),
            ft.Row([field("Aim steps", "steps", 120)], wrap=True),
            button(f"Aim with {name}", send(aim), icon=ft.Icons.CENTER_FOCUS_STRONG),
            ft.Row([field("Speed", "speed", 100)], wrap=True),
            button("Start a slow action", send(prepare)),
            ft.Row([field("Break TN (weapon table)", "break_tn", 200)], wrap=True),
            switch("Fragile (lariat, net)", f["fragile"], lambda v: f.put(fragile=v)),
            button(f"Entangle them with {name}", send(entangle)),
        ]
    held = me.get("entangled") if me is not None else None
    if held and card_up:
        parts.append(muted("Entangled.", 15))
        parts.append(button("Wriggle free", send(free("wriggle"))))
        if held["fragile"]:
            parts.append(button("Break it", send(free("break"))))
    title = f"Other actions: {me['name'] if me is not None else who}" if who else "Other actions"
    return card(title, *parts)
