"""Bottlecaps: Savage Worlds with white < red < blue caps drawn from a pot."""

from __future__ import annotations

import flet as ft

from ..caps.gm import award_panel, npc_panel, players_panel, pot_card, rolls_panel, seat_summary
from ..caps.panels import caps_panel, roll_panel, sheet_panel
from . import Panel, SystemUI, register

register(
    "bottlecaps",
    SystemUI(
        noun="cap",
        player=(
            Panel("Caps", ft.Icons.BACK_HAND, lambda m: caps_panel(m, None)),
            Panel("Roll", ft.Icons.CASINO, lambda m: roll_panel(m, None)),
            Panel("Sheet", ft.Icons.PERSON, lambda m: sheet_panel(m, None)),
        ),
        gm=(
            Panel("Caps", ft.Icons.TOLL, award_panel),
            Panel("Rolls", ft.Icons.CASINO, rolls_panel),
            Panel("NPCs", ft.Icons.SMART_TOY, npc_panel),
            Panel("Players", ft.Icons.BADGE, players_panel),
        ),
        seat=seat_summary,
        pot=pot_card,
    ),
)
