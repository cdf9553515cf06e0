"""The GM acts for an NPC from the tablet: the players' own Attack card, other actions
(tests of will, aim, entangle...), active defence and the NPC's weapons, each sent with
``who`` = the NPC. The NPC whose card is up is picked for the GM; any other can be."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.actions import COMBAT_DEFEND, Defence
from app.domain.combat.view_types import CombatEntry, CombatView

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, use_kept_form
from .attack_form import attack_card, guns_of
from .common import card_name, fighters
from .more_actions import actions_card
from .player import body_state
from .weapons import weapons_card


def card_up_for(entry: CombatEntry, combat: CombatView) -> str | None:
    """The card an NPC plays now: its called card (the sleeve's last), in the countdown."""
    if combat["phase"] != "countdown":
        return None
    playable = list(entry.get("playable", []))
    up = [c for c in playable if c != entry.get("sleeve")] or playable
    return up[0] if up else None


def defend_row(model: AppModel, who: str, name: str) -> ft.Control:
    """The NPC's active defence: its best card goes, its roll becomes the attacker's TN."""

    def defend(skill: Defence) -> Any:
        async def go(_: Any) -> None:
            await model.send(COMBAT_DEFEND(who=who, skill=skill))

        return go

    return ft.Row(
        [
            button(f"{name} dodges", defend("dodge"), icon=ft.Icons.SHIELD_MOON),
            button(f"{name} parries", defend("fighting"), icon=ft.Icons.SHIELD),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


@component
def npc_turn(model: AppModel, combat: CombatView) -> ft.Control:
    """Which NPC the GM acts for (the one whose card is up unless another is picked),
    and its cards: attack, other actions, defence, weapons."""
    f = use_kept_form(model.forms, "combat-gm-npc", {"who": ""})
    npcs = [(cid, e) for cid, e in fighters(combat) if e["npc"] and e["in_fight"]]
    if not npcs:
        return ft.Column([])
    acting = next((cid for cid, e in npcs if e.get("acting_now")), "")
    ids = [cid for cid, _ in npcs]
    who = f["who"] if f["who"] in ids else acting or ids[0]
    entry = dict(npcs)[who]
    name = entry["name"]
    up = card_up_for(entry, combat)
    down = body_state(entry)
    head: list[ft.Control] = [
        muted("Act for", 14),
        choice_chips([(c, e["name"]) for c, e in npcs], who, lambda v: f.put(who=v)),
    ]
    if down is not None:
        head.append(muted(f"{name} is {down}: no actions.", 15))
    elif up:
        head.append(ft.Text(f"{name}'s {card_name(up)} is up.", size=17))
    else:
        head.append(muted(f"No card of {name}'s is up: defence, moving and weapons only.", 15))
    if down is None and combat["phase"] == "countdown" and entry.get("hand"):
        head.append(defend_row(model, who, name))
    out: list[ft.Control] = [card(f"Acting for {name}", *head)]
    if down is not None:
        return ft.Column(out, spacing=10)
    if up:
        out.append(keyed(f"npc-attack-{who}", attack_card, model, combat, up, who=who))
    out.append(keyed(f"npc-more-{who}", actions_card, model, combat, up, who=who))
    ammo = guns_of(combat, who)
    out.append(keyed(f"npc-weapons-{who}", weapons_card, model, ammo, True, up, who=who, name=name))
    return ft.Column(out, spacing=10)
