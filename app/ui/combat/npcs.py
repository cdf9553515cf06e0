"""The GM's NPCs: add one (name, Quickness, Vigor, Guts, Strength, shooting, fighting,
Medicine, Size, Wind), see their dice and bodies, change or remove them."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.combat.npcs import MAX_SIZE, NPC_ADD, NPC_REMOVE, NPC_UPDATE
from app.domain.command_types import CommandCall

from ..component import component
from ..forms import Form
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, muted, text_field, use_form
from .common import body_summary, combat_of, dice_text
from .controls import stepper
from .weapons import rounds_text

TRAITS = (
    "quickness",
    "vigor",
    "guts",
    "strength",
    "shooting",
    "fighting",
    "medicine",
    "swimming",
)
DEFAULTS = dict.fromkeys(TRAITS, "2d6") | {"medicine": "", "swimming": ""}


def npc_call(f: dict[str, Any]) -> CommandCall:
    """The ``npc.add`` call of the form (an empty dice field: no dice for that trait)."""

    def dice(trait: str) -> str | None:
        return str(f[trait]).strip() or None

    return NPC_ADD(
        name=f["name"].strip(),
        size=int(f["size"]),
        wind=int(f["wind"]),
        quickness=dice("quickness"),
        vigor=dice("vigor"),
        guts=dice("guts"),
        strength=dice("strength"),
        shooting=dice("shooting"),
        fighting=dice("fighting"),
        medicine=dice("medicine"),
        swimming=dice("swimming"),
    )


def dice_fields(f: Form, whose: str = "") -> ft.Control:
    """A dice field per trait, wrapped to the screen's width: the add form's ("Guts
    dice"...) and, named for ``whose`` NPC, the change form's ("Rattler's guts dice"),
    so the two forms, open together, never share a field's name."""

    def label(trait: str) -> str:
        return f"{whose}'s {trait} dice" if whose else f"{trait.capitalize()} dice"

    return ft.Row(
        [text_field(f, trait, redraw=False, label=label(trait), width=150) for trait in TRAITS],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


@component
def add_npc_form(model: AppModel) -> ft.Control:
    """A new NPC or monster on the GM's side (it joins a running fight at once)."""
    f = use_form({"name": "", **DEFAULTS, "size": 6, "wind": 10})

    async def add(_: Any) -> None:
        if not f["name"].strip():
            model.refuse("Give the NPC a name.")
            return
        outcome = await model.send(npc_call(f))
        if isinstance(outcome, Applied):
            f.put(name="")

    fields: list[ft.Control] = [
        text_field(f, "name", redraw=False, label="NPC name"),
        dice_fields(f),
        stepper("Size", int(f["size"]), lambda n: f.put(size=n), 1, MAX_SIZE),
        stepper("Wind", int(f["wind"]), lambda n: f.put(wind=n), 1, 99),
        button("Add NPC", add, icon=ft.Icons.PERSON_ADD, filled=True),
    ]
    return card("Add an NPC", *fields)


def changed_dice(f: dict[str, Any], now: dict[str, str]) -> dict[str, str]:
    """The traits whose dice the form changes: {trait: '2d8'} (an emptied or untouched
    field changes nothing)."""
    typed = {t: str(f.get(t, "")).strip() for t in TRAITS}
    return {t: d for t, d in typed.items() if d and d != now.get(t, "")}


@component
def edit_npc_dice(model: AppModel, cid: str, name: str, now: dict[str, str]) -> ft.Control:
    """Change an NPC's dice after it was added (one added without Guts can't resist a
    test of will until it has them)."""
    is_open, set_open = ft.use_state(False)
    f = use_form(dict(now))

    async def save(_: Any) -> None:
        changed = changed_dice(f, now)
        if not changed:
            model.refuse(f"Type {name}'s new dice first, e.g. 2d8.")
            return
        outcome = await model.send(
            NPC_UPDATE(
                who=cid,
                quickness=changed.get("quickness"),
                vigor=changed.get("vigor"),
                guts=changed.get("guts"),
                strength=changed.get("strength"),
                shooting=changed.get("shooting"),
                fighting=changed.get("fighting"),
                medicine=changed.get("medicine"),
                swimming=changed.get("swimming"),
            )
        )
        if isinstance(outcome, Applied):
            set_open(False)

    def opened(e: Any) -> None:
        if e.control.value:
            # The NPC's dice as they are now: they may have changed since the form was
            # last open (an undo, another GM screen), and a stale field would be saved
            # back with the next change.
            f.update({t: now.get(t, "") for t in TRAITS})
        set_open(bool(e.control.value))

    toggle = ft.Switch(
        padding=SWITCH_PADDING,
        label=ft.Text(f"Change {name}'s dice", semantics_label=f"Change {name}'s dice"),
        value=is_open,
        on_change=opened,
    )
    if not is_open:
        return toggle
    return ft.Column(
        [
            toggle,
            dice_fields(f, name),
            button(f"Save {name}'s dice", save, icon=ft.Icons.SAVE, filled=True),
        ],
        spacing=6,
    )


def npc_list(model: AppModel) -> ft.Control:
    """Every NPC: dice, Size, body; remove."""
    combat = combat_of(model.rules)
    npcs = combat.get("npcs", {})
    rows: list[ft.Control] = []
    for cid, record in npcs.items():
        entry = combat["combatants"].get(cid)
        name = record["name"]

        async def remove(_: Any, cid: str = cid) -> None:
            await model.send(NPC_REMOVE(who=cid))

        dice = ", ".join(f"{t.capitalize()} {dice_text(d)}" for t, d in record["dice"].items())
        body = entry.get("body") if entry is not None else None
        size = body["size"] if body is not None else record["body"].get("size", 6)
        guns = combat.get("ammo", {}).get(cid, {})
        rounds = " · ".join(rounds_text(g, r) for g, r in sorted(guns.items()))
        rows.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Text(name, size=17, weight=ft.FontWeight.BOLD, expand=True),
                                button(f"Remove {name}", remove, icon=ft.Icons.DELETE),
                            ]
                        ),
                        muted(f"{dice or 'no dice set'} · Size {size}", 14),
                        edit_npc_dice(
                            model,
                            cid,
                            name,
                            {t: dice_text(d) for t, d in record["dice"].items() if d},
                        ),
                        ft.Text(body_summary(body) if body is not None else "", size=14),
                        *([muted(rounds, 14)] if rounds else []),
                    ],
                    spacing=4,
                ),
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            )
        )
    if not rows:
        rows.append(muted("No NPCs yet.", 15))
    return card("NPCs", *rows)


def npc_panel(model: AppModel) -> ft.Control:
    return ft.Column([add_npc_form(model), npc_list(model)], spacing=10)
