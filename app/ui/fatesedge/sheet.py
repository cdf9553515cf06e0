"""The character sheet: pregens at creation, XP and Boons, Fatigue, attributes and
skills, and followers, assets and gear with their condition tracks and actions.

The same panel serves the player (their own sheet) and the GM (any sheet, with the
GM's actions: flag, degrade, recover, harm, Fatigue)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.command_types import CommandCall
from app.domain.fatesedge.awards_args import BOON_CONVERT
from app.domain.fatesedge.clocks import FATIGUE_CHANGE
from app.domain.fatesedge.creation import CHARACTER_FINISH, CHARACTER_KIT, CHARACTER_PREGEN
from app.domain.fatesedge.field_repair import GEAR_FIELD_REPAIR
from app.domain.fatesedge.resources import (
    RESOURCE_DEGRADE,
    RESOURCE_FLAG,
    RESOURCE_MAINTAIN,
    RESOURCE_RECOVER,
    RESOURCE_REPAIR,
)
from app.domain.fatesedge.retinue import (
    ASSET_ACTIVATE,
    FOLLOWER_HARM,
    FOLLOWER_TREAT,
)
from app.domain.fatesedge.view_types import FeSheet

from ..component import component, keyed
from ..model import AppModel
from ..widgets import Form, button, card, choice_chips, muted, text_field, use_form
from .bits import condition_track, sender, small_button
from .common import (
    ATTRIBUTES,
    FATIGUE_TEXT,
    KIND_OF,
    acting_for,
    character,
    condition_name,
    fe_view,
)


def creation_card(model: AppModel, sheet: FeSheet, who: str | None) -> ft.Control:
    """Pick a pregen on a fresh sheet, take the free kit, finish creation (``who``: the
    player the GM acts for; none for a player's own)."""
    ref = fe_view(model)["reference"]
    fresh = not sheet["xp"]["spent"] and not sheet["followers"]
    unspent = sheet["xp"]["unspent"]
    parts: list[ft.Control] = [
        muted(
            f"{unspent} XP to build with (More tab: buy), or take a pregen."
            if fresh
            else f"{unspent} XP left. Take the one free kit, then finish."
        ),
    ]
    if fresh:
        for key, pregen in ref["pregens"].items():
            parts.append(
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(pregen["name"], size=17, weight=ft.FontWeight.BOLD),
                            muted(pregen["title"], 14),
                            button(
                                f"Play {pregen['name']}",
                                sender(model, CHARACTER_PREGEN(pregen=key, player=who)),
                                icon=ft.Icons.PERSON_ADD,
                                tonal=True,
                            ),
                        ],
                        spacing=4,
                    ),
                    padding=10,
                    border_radius=10,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                )
            )
    if not any(g.get("tier") == "kit" for g in sheet["gear"].values()):
        kits = ref["kits"]
        parts.append(muted("One free kit:"))
        parts.append(
            ft.Row(
                [
                    small_button(k["name"], sender(model, CHARACTER_KIT(kit=key, player=who)))
                    for key, k in kits.items()
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
        )
    parts.append(
        button(
            "Finish character",
            sender(model, CHARACTER_FINISH(player=who)),
            icon=ft.Icons.CHECK,
            filled=True,
        )
    )
    return card("Character creation", *parts)


def economy_card(model: AppModel, sheet: FeSheet, who: str | None) -> ft.Control:
    """XP (unspent, spent, deficit), the tier, Boons and what they can do."""
    xp = sheet["xp"]
    tier = sheet["tier"]
    boons = sheet["boons"]
    cap = int(model.table.get("settings", {}).get("boon_cap", 5))
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(f"XP {xp['unspent']}", size=22, weight=ft.FontWeight.BOLD),
                ft.Text(f"Boons {boons}/{cap}", size=22, weight=ft.FontWeight.BOLD),
            ],
            spacing=24,
            wrap=True,
        ),
        muted(
            f"{xp['spent']} XP spent · Tier {tier['tier']} {tier['name']}"
            + (f" · deficit {xp['deficit']}" if xp["deficit"] else ""),
        ),
        muted("A Boon re-rolls one die of your roll (tap the die on the Roll tab)."),
    ]
    you = fe_view(model).get("you")  # a player's own Boon actions (the GM's view has none)
    can_convert = you is not None and you["boon_actions"]["convert"]["possible"]
    if can_convert or (model.is_gm and boons >= 2 and not model.session_active):
        lines.append(
            button(
                "Convert 2 Boons into 1 XP",
                sender(model, BOON_CONVERT(xp=1, player=who)),
                icon=ft.Icons.SWAP_HORIZ,
            )
        )
    return card("XP and Boons", *lines)


def fatigue_card(model: AppModel, sheet: FeSheet, pid: str | None) -> ft.Control:
    level = sheet["fatigue"]
    parts: list[ft.Control] = [
        ft.Row(
            [
                ft.Container(
                    width=36,
                    height=16,
                    border_radius=4,
                    bgcolor="#EF6C00" if i < level else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                )
                for i in range(4)
            ],
            spacing=4,
        ),
        ft.Text(FATIGUE_TEXT.get(level, ""), size=15),
    ]
    if model.is_gm and pid:
        parts.append(
            ft.Row(
                [
                    small_button("+1 Fatigue", sender(model, FATIGUE_CHANGE(player=pid, levels=1))),
                    small_button(
                        "-1 Fatigue", sender(model, FATIGUE_CHANGE(player=pid, levels=-1))
                    ),
                ],
                wrap=True,
                spacing=8,
            )
        )
    return card(f"Fatigue {level}/4", *parts)


def traits_card(sheet: FeSheet) -> ft.Control:
    attrs = sheet["attributes"]
    skills = sheet["skills"]
    talents = sheet["talents"]
    lines: list[ft.Control] = [
        ft.Text(
            " · ".join(f"{a.title()} {attrs.get(a, 0)}" for a in ATTRIBUTES),
            size=16,
            weight=ft.FontWeight.BOLD,
        ),
        ft.Text(
            "Skills: " + (", ".join(f"{s.title()} {r}" for s, r in sorted(skills.items())) or "—"),
            size=15,
        ),
    ]
    if talents:
        lines.append(ft.Text("Talents: " + ", ".join(sorted(talents)), size=15))
    for trade in sheet["trades"]:
        lines.append(muted(f"Complication: {trade['name']} — {trade['text']}", 13))
    return card("Attributes and skills", *lines)


def _tags(item: dict[str, Any]) -> str:
    tags = [
        name
        for key, name in (
            ("flagged", "flagged for upkeep"),
            ("injured", "Injured"),
            ("pinned", "pinned this scene"),
            ("recovered", "recovered: repair it"),
            ("field_repaired", "field-repaired"),
        )
        if item.get(key)
    ]
    return ", ".join(tags)


def resource_actions(
    model: AppModel, group: str, rid: str, item: dict[str, Any], pid: str | None, f: Form
) -> list[ft.Control]:
    """The buttons a resource offers now (the host has the last word on each)."""
    kind = KIND_OF[group]
    who = acting_for(pid, model.is_gm)
    acts: list[ft.Control] = []
    cond = item.get("condition")
    name = str(item.get("name", kind))

    def add(text: str, call: CommandCall) -> None:
        acts.append(small_button(f"{text} {name}", sender(model, call)))

    if item.get("flagged"):
        add(
            "Maintain (downtime):",
            RESOURCE_MAINTAIN(kind=kind, id=rid, player=who, mode="downtime"),
        )
        add("Maintain (XP):", RESOURCE_MAINTAIN(kind=kind, id=rid, player=who, mode="xp"))
    if cond in ("neglected", "compromised") and (cond != "compromised" or item.get("recovered")):
        add("Repair with XP:", RESOURCE_REPAIR(kind=kind, id=rid, player=who, mode="xp"))
    if group == "followers" and item.get("injured"):
        add("Treat", FOLLOWER_TREAT(follower=rid, player=who))
    if group == "gear" and cond == "compromised" and not item.get("field_repaired"):
        add("Field repair", GEAR_FIELD_REPAIR(gear=rid, player=who))
    if model.is_gm and pid:
        add("Flag", RESOURCE_FLAG(kind=kind, id=rid, player=who))
        add("Degrade", RESOURCE_DEGRADE(kind=kind, id=rid, player=who))
        if cond in ("compromised", "broken"):
            add("Recovered:", RESOURCE_RECOVER(kind=kind, id=rid, player=who))
        if group == "followers":
            add("Wound (2 CP):", FOLLOWER_HARM(player=pid, follower=rid, harm="wound"))
    if group == "assets" and cond != "compromised":

        async def activate(_: Any) -> None:
            ask = str(f.get(f"ask:{rid}", "")).strip()
            if not ask:
                model.refuse("Say what you ask of the asset first.")
                return
            await model.send(ASSET_ACTIVATE(asset=rid, ask=ask, player=who))

        found = character(fe_view(model), model.is_gm, pid)
        boons = found["boons"] if found is not None else 0
        return [
            text_field(f, f"ask:{rid}", label=f"Ask of {item['name']}"),
            button(
                f"Activate {item['name']} ({'1 Boon' if boons else '2 XP'})",
                activate,
                icon=ft.Icons.BOLT,
                tonal=True,
            ),
            ft.Row(acts, wrap=True, spacing=8, run_spacing=8),
        ]
    return [ft.Row(acts, wrap=True, spacing=8, run_spacing=8)] if acts else []


def resources_card(model: AppModel, sheet: FeSheet, pid: str | None, f: Form) -> ft.Control:
    """Followers, assets and gear, each with its condition track and actions."""
    parts: list[ft.Control] = []
    for group, title, items in (
        ("followers", "Followers", sheet["followers"]),
        ("assets", "Assets", sheet["assets"]),
        ("gear", "Gear", sheet["gear"]),
    ):
        if not items:
            continue
        parts.append(ft.Text(title, size=16, weight=ft.FontWeight.BOLD))
        for rid, item in items.items():
            if group == "followers":
                about = (
                    f"Cap {item.get('cap')} · {item.get('lane', '')} · {item.get('loyalty', '')}"
                )
            elif group == "assets":
                about = f"{str(item.get('tier', '')).title()} {item.get('type', '')}"
            else:
                about = f"{str(item.get('tier', '')).title()}" + (
                    f" · {item['effect']}" if item.get("effect") else ""
                )
            tags = _tags(item)
            parts.append(
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                f"{item.get('name')}: {condition_name(str(item.get('condition')))}",
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            ),
                            muted(about + (f" · {tags}" if tags else ""), 13),
                            condition_track(group, str(item.get("condition"))),
                            *resource_actions(model, group, rid, item, pid, f),
                        ],
                        spacing=6,
                    ),
                    padding=10,
                    border_radius=10,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                )
            )
    if not parts:
        parts.append(muted("No followers, assets or gear yet."))
    return card("Followers, assets and gear", *parts)


@component
def sheet_panel(model: AppModel, pid: str | None = None) -> ft.Control:
    """A character's sheet; ``pid`` for the GM, None for the player's own."""
    f = use_form({})
    sheet = character(fe_view(model), model.is_gm, pid)
    if sheet is None:
        return muted("No character yet.", 16)
    who = acting_for(pid, model.is_gm)
    out: list[ft.Control] = [
        ft.Text(sheet["name"], size=22, weight=ft.FontWeight.BOLD),
    ]
    if sheet["status"] == "creating":
        out.append(creation_card(model, sheet, who))
    out += [
        economy_card(model, sheet, who),
        fatigue_card(model, sheet, pid),
        traits_card(sheet),
        resources_card(model, sheet, pid, f),
    ]
    return ft.Column(out, spacing=10)


@component
def sheets_panel(model: AppModel) -> ft.Control:
    """The GM picks a seat and sees (and acts on) their sheet."""
    pick, set_pick = ft.use_state("")
    seats = [(s["player_id"], s["name"]) for s in model.table.get("seats", [])]
    who = pick if pick in dict(seats) else (seats[0][0] if seats else "")
    if not who:
        return muted("No players yet.", 16)
    return ft.Column(
        [choice_chips(seats, who, set_pick), keyed(f"sheet-{who}", sheet_panel, model, who)],
        spacing=10,
    )
