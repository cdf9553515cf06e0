"""The phone's weapons: declare a gun and its rounds, see what is left, and reload with
the card that is up (one action a round; a magazine takes one action out, one in)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.ammo import (
    COMBAT_RELOAD,
    COMBAT_WEAPON,
    MAX_ROUNDS,
    WEAPON_NAME_MAX,
    Reload,
)
from app.domain.combat.view_types import CombatAmmo
from app.domain.command_types import CommandCall

from ..component import component
from ..model import AppModel
from ..widgets import button, card, muted, text_field, use_kept_form


def rounds_text(name: str, rec: CombatAmmo) -> str:
    if rec["out"]:
        return f"{name.capitalize()}: magazine out"
    ready = rec.get("ready")
    if ready is not None:
        return f"{name.capitalize()}: reloading, ready in round {ready}"
    heavy = f" (Reload {rec['reload']})" if rec.get("reload") else ""
    return f"{name.capitalize()}: {rec['loaded']}/{rec['capacity']} rounds{heavy}"


def _heavy(reload: str) -> int | None:
    """A heavy weapon's Reload attribute typed (rounds it takes to reload), or None."""
    if not reload.strip():
        return None
    try:
        return int(reload.strip())
    except ValueError:
        raise ValueError("Reload is a whole number of rounds.") from None


def weapon_call(name: str, rounds: str, who: str | None = None, reload: str = "") -> CommandCall:
    """The ``combat.weapon`` call from the form's two fields (ValueError: what to fix,
    in the fields' own words: the host's "'capacity'" names no field on the phone)."""
    name = name.strip()
    if not name:
        raise ValueError("Name the gun first.")
    if len(name) > WEAPON_NAME_MAX:
        raise ValueError(f"A gun's name is at most {WEAPON_NAME_MAX} characters.")
    try:
        capacity = int(rounds.strip())
    except ValueError:
        raise ValueError("Rounds is a whole number.") from None
    if not 1 <= capacity <= MAX_ROUNDS:
        raise ValueError(f"Rounds is from 1 to {MAX_ROUNDS}.")
    heavy = _heavy(reload)
    if heavy is None:
        return COMBAT_WEAPON(who=who, weapon=name, capacity=capacity)
    return COMBAT_WEAPON(who=who, weapon=name, capacity=capacity, reload=heavy)


@component
def weapons_card(
    model: AppModel,
    ammo: dict[str, CombatAmmo],
    in_fight: bool,
    card_up: str | None,
    who: str | None = None,
    name: str = "",
) -> ft.Control:
    """Your weapons and their rounds (``ammo``, by weapon); reload buttons when a card is
    up (in a fight). ``who``: the GM's card for this NPC (``name``)."""
    key = f"combat-weapon-{who}" if who else "combat-weapon"
    f = use_kept_form(model.forms, key, {"name": "", "capacity": "6", "reload": ""})

    async def declare(_: Any) -> None:
        try:
            call = weapon_call(str(f["name"]), str(f["capacity"]), who, str(f["reload"]))
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(call)
        f.put(name="")

    def reload(name: str, how: Reload) -> Any:
        async def go(_: Any) -> None:
            await model.send(COMBAT_RELOAD(who=who, weapon=name, how=how, card=card_up))

        return go

    parts: list[ft.Control] = []
    for name, rec in sorted(ammo.items()):
        parts.append(ft.Text(rounds_text(name, rec), size=16, weight=ft.FontWeight.BOLD))
        if card_up is None and in_fight:
            continue  # in a fight, reloading is an action: it waits for a card
        row: list[ft.Control] = []
        if rec.get("reload"):  # a heavy weapon: one reload, its Reload value in rounds
            if rec.get("ready") is None and rec["loaded"] < rec["capacity"]:
                row.append(
                    button(f"Reload the {name} ({rec['reload']} rounds)", reload(name, "round"))
                )
            parts.append(ft.Row(row, wrap=True, spacing=8, run_spacing=8))
            continue
        if not rec["out"] and rec["loaded"] < rec["capacity"]:
            row.append(button(f"Reload a round ({name})", reload(name, "round")))
        label = "Insert the new magazine" if rec["out"] else "Remove the magazine"
        row.append(button(f"{label} ({name})", reload(name, "magazine")))
        parts.append(ft.Row(row, wrap=True, spacing=8, run_spacing=8))
    if not ammo:
        parts.append(muted("Guns you name here count their rounds as you fire.", 14))
    parts += [
        ft.Row(
            [
                text_field(f, "name", redraw=False, label="Name of the gun", width=170),
                text_field(f, "capacity", redraw=False, label="Rounds", width=90),
                text_field(f, "reload", redraw=False, label="Reload (heavy)", width=130),
            ],
            wrap=True,
            spacing=8,
        ),
        button("Carry this weapon", declare, icon=ft.Icons.ADD),
    ]
    return card(f"{name or who}'s weapons" if who else "Your weapons", *parts)
