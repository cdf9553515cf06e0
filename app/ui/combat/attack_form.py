"""The phone's attack and defence: shoot, throw or fight with the card that is up (the
host computes the TN, the modifiers, the hits and the damage), or roll an active
defence that becomes the attacker's TN."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .common import card_name, fighters
from .damage import switch

MODES = (("ranged", "Shoot"), ("thrown", "Throw"), ("melee", "Fight"))


def _number(text: str, what: str) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what} is a whole number.") from None
    return value


def attack_args(f: Any, me_id: str | None, card_code: str) -> dict[str, Any]:
    """``combat.attack``'s arguments from the form (ValueError: a field to fix)."""
    if not f["target"]:
        raise ValueError("Choose who you attack.")
    args: dict[str, Any] = {"target": f["target"], "card": card_code, "mode": f["mode"]}
    if f["skill"].strip():
        args["skill"] = f["skill"].strip().lower()
    if f["unarmed"] and f["mode"] == "melee":
        args["unarmed"] = True
    else:
        args["damage"] = f["damage"].strip()
    if f["mode"] != "melee":
        args["distance"] = _number(f["distance"], "The distance")
    if f["mode"] == "ranged":
        args["range_increment"] = _number(f["increment"], "The Range Increment")
        if f["aim"].strip():
            args["aim"] = f["aim"].strip()
    for flag in ("running", "two_weapons", "off_hand"):
        if f[flag]:
            args[flag] = True
    if f["called"].strip():
        args["called"] = f["called"].strip().lower().replace(" ", "_")
    return args


@ft.component
def attack_card(model: AppModel, combat: dict[str, Any], card_code: str) -> ft.Control:
    """Attack someone with the card that is up."""
    f = use_kept_form(
        model.forms,
        "combat-attack",
        {
            "target": "",
            "mode": "ranged",
            "skill": "",
            "damage": "3d6",
            "distance": "10",
            "increment": "10",
            "aim": "",
            "called": "",
            "running": False,
            "two_weapons": False,
            "off_hand": False,
            "unarmed": False,
        },
    )
    others = [
        (cid, str(e.get("name", cid)))
        for cid, e in fighters(combat)
        if cid != model.player_id and e.get("in_fight")
    ]

    async def attack(_: Any) -> None:
        try:
            args = attack_args(f, model.player_id, card_code)
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send("combat.attack", args)

    def field(label: str, key: str, hint: str = "", width: int | None = None) -> ft.Control:
        return text_field(f, key, redraw=False, label=label, hint_text=hint, width=width)

    parts: list[ft.Control] = [
        muted("Who", 14),
        choice_chips(others, f["target"], lambda v: f.put(target=v)),
        choice_chips(list(MODES), f["mode"], lambda v: f.put(mode=v)),
        field("Skill on your sheet", "skill", "e.g. shooting: blasters (empty: default)"),
    ]
    if f["mode"] == "melee":
        parts.append(
            switch("Unarmed (half your Strength die)", f["unarmed"], lambda v: f.put(unarmed=v))
        )
    if not (f["mode"] == "melee" and f["unarmed"]):
        parts.append(field("Weapon damage", "damage", "e.g. 3d6", 160))
    if f["mode"] != "melee":
        parts.append(field("Distance (m)", "distance", "", 160))
    if f["mode"] == "ranged":
        parts.append(field("Range Increment (m)", "increment", "", 200))
        parts.append(field("Aim value x/y (aimed weapons)", "aim", "e.g. 3/2", 240))
    parts += [
        field("Called shot (optional)", "called", "head, guts, left_arm, eyeball…", 260),
        switch("I'm running (-4)", f["running"], lambda v: f.put(running=v)),
        switch("A weapon in each hand (-2)", f["two_weapons"], lambda v: f.put(two_weapons=v)),
        switch("Off hand (-4 more)", f["off_hand"], lambda v: f.put(off_hand=v)),
    ]
    target = dict(others).get(f["target"], "…")
    parts.append(
        button(
            f"Attack {target} with {card_name(card_code)}",
            attack,
            icon=ft.Icons.GPS_FIXED,
            filled=bool(f["target"]),
        )
    )
    return card("Attack", *parts)


def defence_buttons(model: AppModel) -> ft.Control:
    """Active defence: the best card goes, and the roll becomes the attacker's TN."""

    async def dodge(_: Any) -> None:
        await model.send("combat.defend", {"skill": "dodge"})

    async def parry(_: Any) -> None:
        await model.send("combat.defend", {"skill": "fighting"})

    return ft.Column(
        [
            muted("Active defence: lose your best card; your roll becomes their TN.", 14),
            ft.Row(
                [
                    button("Dodge", dodge, icon=ft.Icons.SHIELD_MOON),
                    button("Parry (fighting, giving ground)", parry, icon=ft.Icons.SHIELD),
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            ),
        ],
        spacing=6,
    )
