"""The player's phone: the rule system's tabs (hand, roller, sheet) and the log."""

from __future__ import annotations

import flet as ft

from ..model import AppModel
from ..systems import Panel, system_ui
from .common import header
from .first_steps import first_steps
from .log import log_panel

LOG = Panel("Log", ft.Icons.HISTORY, lambda model: log_panel(model))


def player_panels(model: AppModel) -> list[Panel]:
    return [*system_ui(model.ruleset).player, LOG]


@ft.component
def player_screen(model: AppModel) -> ft.Control:
    """One tab at a time, chosen in the bar at the bottom (thumb reach)."""
    index, set_index = ft.use_state(0)
    panels = player_panels(model)
    index = min(index, len(panels) - 1)
    names = [p.name for p in panels]

    def go(name: str) -> None:
        if name in names:
            set_index(names.index(name))

    body = ft.Column([first_steps(model, go, names[index]), panels[index].build(model)], spacing=10)
    return ft.Column(
        [
            header(model, model.seat_name(model.player_id)),
            ft.ListView([ft.Container(body, padding=12)], expand=True),
            ft.NavigationBar(
                destinations=[
                    ft.NavigationBarDestination(icon=p.icon, label=p.name) for p in panels
                ],
                selected_index=index,
                on_change=lambda e: set_index(int(e.control.selected_index)),
                label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
            ),
        ],
        expand=True,
        spacing=0,
    )
