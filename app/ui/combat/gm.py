"""The GM's Combat tab (tablet, landscape): the fight and its countdown, every
combatant's cards and body, the damage flow, NPCs, surprise and healing."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.countdown import COMBAT_ACT, COMBAT_NEXT, COMBAT_PASS, COMBAT_SLEEVE
from app.domain.combat.draw import COMBAT_DRAW, COMBAT_DRAW_NPCS, COMBAT_KEEP
from app.domain.combat.rounds import COMBAT_END, COMBAT_ROUND, COMBAT_START
from app.domain.combat.view_types import CombatEntry, CombatView
from app.domain.command_types import CommandCall

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, confirm_box, muted, use_form
from .attack_form import reach_lines
from .boards import bodies_card, decks_card
from .body import condition_chips
from .cards import CALLED, card_row
from .common import acting_lines, body_summary, card_name, combat_of, fighters, step_text
from .damage import attacks_card, damage_form, surprise_card
from .fear import fear_card
from .gm_actions import gm_actions_card
from .gm_npc import npc_turn
from .healing import healing_panel
from .npcs import npc_panel

SECTIONS = ("Fight", "Damage", "Fear", "NPCs", "Healing")


def fight_card(model: AppModel, combat: CombatView) -> ft.Control:
    """Start or end the fight; the round, phase and step; call the next step."""

    def send(call: CommandCall) -> Any:
        async def go(_: Any) -> None:
            await model.send(call)

        return go

    if not combat["active"]:
        why = "" if model.session_active else "Start the session first."
        return card(
            "Fight",
            muted(why or "Every seat and NPC joins; both Action Decks are shuffled.", 15),
            button(
                "Start a fight",
                send(COMBAT_START()),
                icon=ft.Icons.SPORTS_MARTIAL_ARTS,
                filled=True,
            ),
        )
    phase = combat["phase"]
    lines = acting_lines(combat)
    waiting = [
        e["name"]
        for _, e in fighters(combat)
        if e["in_fight"] and e.get("status") in ("waiting", "choosing")
    ]
    parts: list[ft.Control] = [ft.Text(step_text(combat), size=22, weight=ft.FontWeight.BOLD)]
    if phase == "draw":
        parts.append(
            muted(
                ("Still to draw or choose: " + ", ".join(waiting)) if waiting else "Everyone drew.",
                15,
            )
        )
        # The GM keeps two cards for an NPC right here, where the draw is run.
        parts += [
            keyed(cid, keep_picker, model, cid, e["name"], e.get("drawn", []))
            for cid, e in fighters(combat)
            if e.get("status") == "choosing" and e["npc"]
        ]
    if lines:
        parts.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Text("Acting now", size=15, weight=ft.FontWeight.BOLD),
                        *(ft.Text(line, size=17) for line in lines),
                    ],
                    spacing=2,
                ),
                padding=10,
                border_radius=10,
                border=ft.Border.all(2, CALLED),
            )
        )
    elif phase == "countdown" and combat["step"] is None:
        parts.append(muted("Every card has been called: end the round.", 15))
    actions: list[ft.Control] = []
    if phase == "draw":
        actions.append(button("NPCs draw", send(COMBAT_DRAW_NPCS()), icon=ft.Icons.STYLE))
        actions.append(
            button(
                "Start the countdown",
                send(COMBAT_NEXT()),
                icon=ft.Icons.PLAY_ARROW,
                filled=True,
            )
        )
    elif combat["step"] is not None:
        holders = [
            f"{e['name']} ({card_name(e['card'])})"
            for e in combat["acting"]
            if e["side"] == "players"
        ]
        actions.append(keyed(f"next-{combat['step']}", next_step_button, model, holders))
    actions.append(
        button(
            "End the round",
            send(COMBAT_ROUND()),
            icon=ft.Icons.REPLAY,
            filled=phase == "countdown" and combat["step"] is None,
        )
    )
    actions.append(button("End the fight", send(COMBAT_END()), icon=ft.Icons.STOP))
    parts.append(ft.Row(actions, wrap=True, spacing=8, run_spacing=8))
    parts += [muted(line, 14) for line in reach_lines(combat)]  # the close manoeuvre
    return card("Fight", *parts)


@component
def next_step_button(model: AppModel, holders: list[str]) -> ft.Control:
    """Call the next step; if a player still holds a called card it would be lost, so
    the first tap warns and asks again."""
    f = use_form({"confirm": False})

    async def go(_: Any) -> None:
        if holders and not f["confirm"]:
            f.put(confirm=True)
            return
        f.put(confirm=False)
        await model.send(COMBAT_NEXT())

    async def back(_: Any) -> None:
        f.put(confirm=False)

    if f["confirm"] and holders:
        return confirm_box(
            "Still holding a called card: "
            + ", ".join(holders)
            + ". Calling the next step discards it.",
            button("Call it anyway", go, icon=ft.Icons.SKIP_NEXT, filled=True),
            button("Wait for them", back, icon=ft.Icons.UNDO),
        )
    return button("Call the next step", go, icon=ft.Icons.SKIP_NEXT, filled=True)


def act_buttons(model: AppModel, cid: str, entry: CombatEntry) -> list[ft.Control]:
    """The GM plays an NPC's (or a seat's) called card: act, sleeve or pass."""
    out: list[ft.Control] = []
    name = entry["name"]
    for c in entry.get("playable", []):

        async def act(_: Any, c: str = c) -> None:
            await model.send(COMBAT_ACT(who=cid, card=c))

        async def let_go(_: Any, c: str = c) -> None:
            await model.send(COMBAT_PASS(who=cid, card=c))

        async def up(_: Any, c: str = c) -> None:
            await model.send(COMBAT_SLEEVE(who=cid, card=c))

        out.append(button(f"{name} acts on {card_name(c)}", act, icon=ft.Icons.BOLT, filled=True))
        if c != entry.get("sleeve"):
            out.append(button(f"{name} passes {card_name(c)}", let_go, icon=ft.Icons.CLOSE))
            if not entry.get("sleeve") and c != "RJ":
                out.append(button(f"{name} sleeves {card_name(c)}", up, icon=ft.Icons.FRONT_HAND))
    return out


@component
def keep_picker(model: AppModel, cid: str, name: str, drawn: list[str]) -> ft.Control:
    """The GM chooses the two cards an NPC (or a seat, on its behalf) keeps."""
    f = use_form({"keep": []})
    chosen = [c for c in f["keep"] if c in drawn]

    def toggle(c: str) -> None:
        picked = [k for k in chosen if k != c] if c in chosen else [*chosen, c][-2:]
        f.put(keep=picked)

    async def keep(_: Any) -> None:
        if len(chosen) != 2:
            model.refuse("Choose exactly two cards to keep.")
            return
        await model.send(COMBAT_KEEP(who=cid, cards=chosen))

    return ft.Column(
        [
            muted(f"{name} drew these: tap two to keep.", 14),
            card_row(drawn, selected=set(chosen), on_pick=toggle, verb=f"{name} keeps"),
            button(
                f"{name} keeps these two",
                keep,
                icon=ft.Icons.DONE,
                filled=len(chosen) == 2,
            ),
        ],
        spacing=8,
    )


def combatant_card(model: AppModel, cid: str, entry: CombatEntry, combat: CombatView) -> ft.Control:
    """One combatant for the GM: cards (all visible), status, body at a glance."""
    name = entry["name"]
    tag = "NPC" if entry["npc"] else "Player"
    parts: list[ft.Control] = []
    if entry["in_fight"]:
        status = entry.get("status", "")
        parts.append(muted(f"{tag} · {status}", 14))
        if entry.get("hand"):
            parts.append(card_row(entry["hand"], highlight=set(entry.get("playable", []))))
        if status == "choosing":
            parts.append(muted(f"Drew {', '.join(card_name(c) for c in entry['drawn'])}", 14))
        sleeve = entry.get("sleeve")
        if sleeve:
            parts.append(ft.Text(f"Up the sleeve: {card_name(sleeve)}", size=14))
    else:
        parts.append(muted(f"{tag} · not in the fight", 14))
    body = entry.get("body")
    if body:
        parts.append(ft.Text(body_summary(body), size=14))
        parts.append(condition_chips(body, entry.get("stun_due")))
    buttons: list[ft.Control] = []
    if combat["phase"] == "draw" and entry.get("status") == "waiting":

        async def draw(_: Any) -> None:
            await model.send(COMBAT_DRAW(who=cid))

        buttons.append(button(f"Draw for {name}", draw, icon=ft.Icons.STYLE))
    if combat["phase"] == "countdown":
        buttons += act_buttons(model, cid, entry)
    if buttons:
        parts.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    title_icon = ft.Icon(ft.Icons.BOLT, color=CALLED) if entry.get("acting_now") else None
    return card(name, *parts, actions=[title_icon] if title_icon else [])


@component
def gm_combat_panel(model: AppModel) -> ft.Control:
    """The GM's Combat tab, in four sections."""
    section, set_section = ft.use_state("Fight")
    combat = combat_of(model.rules)
    parts: list[ft.Control] = [choice_chips([(s, s) for s in SECTIONS], section, set_section)]
    if section == "Fight":
        parts.append(fight_card(model, combat))
        parts.append(keyed("gm-actions", gm_actions_card, model))  # folded: one line
        if combat["active"]:
            parts.append(keyed("npc-turn", npc_turn, model, combat))
        parts.append(attacks_card(model, combat))
        parts += [
            combatant_card(model, cid, entry, combat)
            for cid, entry in fighters(combat)
            if entry["in_fight"] or not entry["npc"]
        ]
        decks = decks_card(combat)
        if decks is not None:
            parts.append(decks)
    elif section == "Damage":
        parts.append(attacks_card(model, combat))
        parts.append(damage_form(model))
        parts.append(surprise_card(model))
        parts.append(bodies_card(model, combat))
    elif section == "Fear":
        parts.append(keyed("fear", fear_card, model))
    elif section == "NPCs":
        parts.append(npc_panel(model))
    else:
        parts.append(healing_panel(model))
    return ft.Column(parts, spacing=10)
