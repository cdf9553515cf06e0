"""The GM's healing tools: medicine within the hour (surgery beyond Heavy), bandaging
for Wind, waking the unconscious, rest, natural healing, and the hour passing."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat import healing
from app.domain.command_types import CommandCall

from ..chips.common import location_name
from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, use_form
from .common import combat_of, fighters
from .controls import stepper


@component
def healing_panel(model: AppModel) -> ft.Control:
    """Who heals whom, where, and how."""
    combat = combat_of(model.rules)
    people = [(cid, e["name"]) for cid, e in fighters(combat)]
    locations = [str(loc) for loc in model.rules.get("locations", [])]
    f = use_form({"healer": "", "patient": "", "location": "", "surgery": False, "minutes": 10})
    if not people:
        return card("Healing", muted("Nobody to heal yet.", 15))
    healer = f["healer"] or people[0][0]
    patient = f["patient"] or people[0][0]
    entry = combat["combatants"].get(patient)
    body = entry.get("body") if entry is not None else None
    wounds = body["wounds"] if body is not None else {}
    hurt = [loc for loc in locations if wounds.get(loc, 0)]
    where = f["location"] if f["location"] in hurt else (hurt[0] if hurt else "")
    names = dict(people)

    def send(call: CommandCall) -> Any:
        async def go(_: Any) -> None:
            await model.send(call)

        return go

    fresh = set(body["fresh"] if body is not None else [])
    medicine: list[ft.Control] = [
        muted("Healer", 14),
        choice_chips(people, healer, lambda p: f.put(healer=p)),
        muted("Patient", 14),
        choice_chips(people, patient, lambda p: f.put(patient=p, location="")),
    ]
    if hurt:
        medicine += [
            muted("Wounded area (fresh: treatable within the hour)", 14),
            choice_chips(
                [
                    (loc, f"{location_name(loc)}{' (fresh)' if loc in fresh else ''}")
                    for loc in hurt
                ],
                where,
                lambda v: f.put(location=v),
            ),
            ft.Switch(
                padding=SWITCH_PADDING,
                label="Surgery (needed beyond Heavy)",
                value=bool(f["surgery"]),
                on_change=lambda e: f.put(surgery=bool(e.control.value)),
            ),
            button(
                f"Medicine: {names[healer]} treats {names[patient]}'s {location_name(where)}",
                send(
                    healing.HEAL_MEDICINE(
                        healer=healer,
                        patient=patient,
                        location=where,
                        surgery=bool(f["surgery"]),
                    )
                ),
                icon=ft.Icons.MEDICAL_SERVICES,
                filled=True,
            ),
        ]
    else:
        medicine.append(muted(f"{names[patient]} has no wounds.", 15))
    medicine += [
        ft.Row(
            [
                button(
                    "Bandage: all Wind back (TN 3)",
                    send(healing.HEAL_WIND(healer=healer, patient=patient)),
                    icon=ft.Icons.AIR,
                ),
                button(
                    "Wake them (TN 5)",
                    send(healing.HEAL_WAKE(healer=healer, patient=patient)),
                    icon=ft.Icons.WB_SUNNY,
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    ]
    time: list[ft.Control] = [
        stepper("Minutes of rest", int(f["minutes"]), lambda n: f.put(minutes=n), 1, 240),
        ft.Row(
            [
                button(
                    f"{names[patient]} rests {f['minutes']} min",
                    send(healing.HEAL_REST(who=patient, minutes=int(f["minutes"]))),
                    icon=ft.Icons.BEDTIME,
                ),
                button(
                    f"Five days pass: {names[patient]} heals naturally",
                    send(healing.HEAL_NATURAL(who=patient)),
                    icon=ft.Icons.CALENDAR_MONTH,
                ),
                button("An hour has passed", send(healing.HEAL_HOUR()), icon=ft.Icons.SCHEDULE),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
    ]
    return ft.Column([card("Medicine", *medicine), card("Rest and time", *time)], spacing=10)
