"""Build a game's `SystemUI` from its `ChipSystem` (its colours and rule switches)."""

from __future__ import annotations

import flet as ft

from app.domain.fatechips.system import ChipSystem

from ..combat.common import wants_attention
from ..combat.gm import gm_combat_panel
from ..combat.player import combat_panel
from ..systems import Panel, SystemUI
from .gm import (
    approvals_panel,
    awards_panel,
    pot_card,
    rolls_panel,
    seat_summary,
    sheets_panel,
    wounds_panel,
)
from .hand import hand_panel
from .roller import roller_panel
from .sheet import sheet_panel


def chip_system_ui(system: ChipSystem) -> SystemUI:
    """The hand, roller and sheet for players; awards, rolls, wounds, approvals and
    sheets for the GM."""
    return SystemUI(
        noun="chip",
        player=(
            Panel("Hand", ft.Icons.BACK_HAND, lambda m: hand_panel(m, system)),
            Panel("Roll", ft.Icons.CASINO, lambda m: roller_panel(m, system)),
            Panel("Sheet", ft.Icons.PERSON, lambda m: sheet_panel(m, system)),
            Panel("Combat", ft.Icons.SPORTS_MARTIAL_ARTS, combat_panel, wants_attention),
        ),
        gm=(
            Panel("Chips", ft.Icons.TOLL, lambda m: awards_panel(m, system)),
            Panel("Rolls", ft.Icons.CASINO, lambda m: rolls_panel(m, system)),
            Panel("Wounds", ft.Icons.HEALING, lambda m: wounds_panel(m, system)),
            Panel("Approvals", ft.Icons.GAVEL, lambda m: approvals_panel(m, system)),
            Panel("Sheets", ft.Icons.BADGE, lambda m: sheets_panel(m, system)),
            Panel("Combat", ft.Icons.SPORTS_MARTIAL_ARTS, gm_combat_panel),
        ),
        seat=seat_summary,
        pot=lambda m: pot_card(m, system),
    )
