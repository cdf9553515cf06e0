"""The GM's Complication Point spend menu (universal and by pillar), free CP, the bank."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.fatesedge.cp import CP_GRANT, CP_REVEAL, CP_SPEND
from app.domain.fatesedge.view_types import FeMenu, FeMenuRow

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, readable, stepper, text_field, use_form
from .common import clock_text, fe_view, people
from .gm import bank

PILLARS = ("combat", "stealth", "social", "travel", "arcana")
#: Options whose effect needs a target: which one, and what the GM picks.
TARGETS = {
    "fatigue": "player",
    "threat": "clock",
    "faction": "clock",
    "compromise": "gear",
    "combat-2": "gear",
    "gear-breaks": "gear",
}


@component
def cp_panel(model: AppModel) -> ft.Control:
    """The spend menu (universal and by pillar), each option with its cost; grant, reveal."""
    f = use_form({"pillar": "universal", "note": "", "reveal": False, "target": "", "grant": 1})
    view = fe_view(model)
    no_menu: FeMenu = {"universal": [], "pillars": {}, "ladder": []}
    menu = view.get("menu", no_menu)  # the GM's view always has it
    n = bank(model)
    rows = menu["universal"] if f["pillar"] == "universal" else menu["pillars"].get(f["pillar"], [])

    def targets(kind: str) -> list[tuple[str, str]]:
        if kind == "player":
            return people(model.table)
        if kind == "clock":
            return [(cid, clock_text(c)) for cid, c in view["clocks"].items()]
        return [
            (f"{pid}/{gid}", f"{sheet['name']}: {g['name']}")
            for pid, sheet in view.get("characters", {}).items()
            for gid, g in sheet["gear"].items()
        ]

    def spend(row: FeMenuRow) -> Any:
        async def go(_: Any) -> None:
            # An empty note is the model's default (no note).
            call = partial(
                CP_SPEND, option=row["id"], reveal=bool(f["reveal"]), note=f["note"].strip()
            )
            kind = TARGETS.get(row["id"])
            if kind:
                target = str(f["target"])
                if not target or target not in dict(targets(kind)):
                    model.refuse(f"Pick the {kind} this option acts on first.")
                    return
                if kind == "gear":
                    player, gear = target.split("/", 1)
                    call = partial(call, player=player, gear=gear)
                elif kind == "player":
                    call = partial(call, player=target)
                else:
                    call = partial(call, clock=target)
            await model.send(call())

        return go

    async def grant(_: Any) -> None:
        sent = await model.send(CP_GRANT(cp=int(f["grant"]), reason=f["note"] or "GM's call"))
        if isinstance(sent, Applied):
            f.put(note="")  # in the log now: not for the next grant

    async def reveal_bank(_: Any) -> None:
        await model.send(CP_REVEAL())

    options: list[ft.Control] = []
    for row in rows:
        cost = int(row["cost"])
        ok = cost <= n
        kind = ft.FilledTonalButton if ok else ft.OutlinedButton
        options.append(
            kind(
                content=f"{cost} CP: {readable(row['text'])}"
                + (f" (on a {TARGETS[row['id']]})" if row["id"] in TARGETS else ""),
                icon=ft.Icons.BOLT if ok else ft.Icons.BLOCK,
                on_click=spend(row) if ok else _refuse(model, cost, n),
                height=52,
            )
        )
    needed = {TARGETS[r["id"]] for r in rows if r["id"] in TARGETS}
    pickers: list[ft.Control] = []
    for target in sorted(needed):
        found = targets(target)
        pickers += [
            muted(f"The {target} an option marked 'on a {target}' acts on:"),
            choice_chips(found, f["target"], lambda t: f.put(target=t))
            if found
            else muted(f"No {target} to target yet."),
        ]
    ladder = [muted(f"{r['cost']}: {r['text']}", 13) for r in menu["ladder"]]
    return ft.Column(
        [
            card(
                f"Spend CP ({n} banked)",
                choice_chips(
                    [("universal", "Universal"), *((p, p.title()) for p in PILLARS)],
                    f["pillar"],
                    lambda p: f.put(pillar=p),
                ),
                ft.Row(options, wrap=True, spacing=8, run_spacing=8),
                *pickers,
                text_field(f, "note", label="Complication note (optional)"),
                ft.Switch(
                    padding=SWITCH_PADDING,
                    label="Show this spend to the table",
                    value=bool(f["reveal"]),
                    on_change=lambda e: f.put(reveal=bool(e.control.value)),
                ),
            ),
            card(
                "Bank",
                stepper("Free CP", int(f["grant"]), lambda v: f.put(grant=v), 1, 10),
                ft.Row(
                    [
                        button("Bank free CP", grant, icon=ft.Icons.SAVINGS),
                        button("Tell the table the bank", reveal_bank, icon=ft.Icons.CAMPAIGN),
                    ],
                    wrap=True,
                ),
            ),
            card("CP spend ladder", *ladder),
        ],
        spacing=10,
    )


def _refuse(model: AppModel, cost: int, have: int) -> Any:
    async def go(_: Any) -> None:
        model.refuse(f"That costs {cost} CP; the bank holds {have}.")

    return go
