"""What the whole table shares: clocks, the Supply clock, the party's Boons, the arc."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from app.domain.fatesedge.view_types import FeClock

from ..model import AppModel
from ..widgets import card, muted, plural
from .bits import clock_card
from .common import fe_view


def supply_view(model: AppModel, actions: list[ft.Control] | None = None) -> ft.Control:
    supply = fe_view(model)["supply"]
    filled, size = supply["filled"], supply["size"]
    return clock_card(
        "Supply",
        filled,
        size,
        note=supply["state"],
        actions=actions,
    )


def clock_views(
    model: AppModel, actions: Callable[[str, FeClock], list[ft.Control]] | None = None
) -> list[ft.Control]:
    """Every clock this viewer sees; ``actions(cid, clock)`` adds the GM's buttons."""
    views: list[ft.Control] = []
    for cid, clock in fe_view(model)["clocks"].items():
        views.append(
            clock_card(
                clock["name"],
                clock["filled"],
                clock["size"],
                note=clock.get("full", ""),
                hidden=not clock["visible"],
                actions=actions(cid, clock) if actions else None,
            )
        )
    return views


def table_panel(model: AppModel) -> ft.Control:
    """The player's view of the world: clocks ticking, Supply, who has Boons."""
    rules = fe_view(model)
    clocks = clock_views(model)
    party = rules["party"]
    arc = rules["arc"]
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
            muted(f"Arc {arc.get('number', 1)} · scene {rules['scene']}"),
        ),
    ]
    if "cp_bank" in rules:
        parts.insert(0, card("The GM's bank", ft.Text(f"{rules['cp_bank']} CP banked", size=18)))
    return ft.Column(parts, spacing=10)
