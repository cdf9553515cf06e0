"""What the whole table shares: clocks, the Supply clock, the party's Boons, the arc."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..model import AppModel
from ..widgets import card, muted, plural
from .bits import clock_card


def supply_view(model: AppModel, actions: list[ft.Control] | None = None) -> ft.Control:
    supply = model.rules.get("supply", {})
    filled, size = int(supply.get("filled", 0)), int(supply.get("size", 4))
    return clock_card(
        "Supply",
        filled,
        size,
        note=str(supply.get("state", "")),
        actions=actions,
    )


def clock_views(model: AppModel, actions: Any = None) -> list[ft.Control]:
    """Every clock this viewer sees; ``actions(cid, clock)`` adds the GM's buttons."""
    views: list[ft.Control] = []
    for cid, clock in model.rules.get("clocks", {}).items():
        views.append(
            clock_card(
                str(clock.get("name", "Clock")),
                int(clock.get("filled", 0)),
                int(clock.get("size", 4)),
                note=str(clock.get("full") or ""),
                hidden=not clock.get("visible", True),
                actions=actions(cid, clock) if actions else None,
            )
        )
    return views


def table_panel(model: AppModel) -> ft.Control:
    """The player's view of the world: clocks ticking, Supply, who has Boons."""
    rules = model.rules
    clocks = clock_views(model)
    party = rules.get("party", [])
    arc = rules.get("arc", {})
    parts: list[ft.Control] = [
        card("Clocks", *(clocks or [muted("No clocks are running.")])),
        card("Supply", supply_view(model)),
        card(
            "The party",
            *[
                ft.Text(
                    f"{p['name']} ({model.seat_name(p['player'])}): "
                    + plural(int(p["boons"]), "Boon"),
                    size=15,
                )
                for p in party
            ],
            muted(f"Arc {arc.get('number', 1)} · scene {rules.get('scene', 1)}"),
        ),
    ]
    if "cp_bank" in rules:
        parts.insert(0, card("The GM's bank", ft.Text(f"{rules['cp_bank']} CP banked", size=18)))
    return ft.Column(parts, spacing=10)
