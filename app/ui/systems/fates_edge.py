"""Fate's Edge: d10 pools with the description ladder, CP for the GM, Boons and XP."""

from __future__ import annotations

import flet as ft

from ..component import keyed
from ..fatesedge.gm import bank_card, clocks_panel, rolls_panel, seat_summary
from ..fatesedge.gm_cp import cp_panel
from ..fatesedge.gm_session import decks_panel, xp_panel
from ..fatesedge.more import more_panel
from ..fatesedge.roll import roll_panel
from ..fatesedge.sheet import sheet_panel, sheets_panel
from ..fatesedge.table import table_panel
from . import Panel, SystemUI, register

register(
    "fates-edge",
    SystemUI(
        noun="CP",
        player=(
            Panel("Roll", ft.Icons.CASINO, lambda m: keyed("fe-roll", roll_panel, m, None)),
            Panel("Sheet", ft.Icons.PERSON, lambda m: keyed("fe-sheet", sheet_panel, m, None)),
            Panel("Table", ft.Icons.TIMELAPSE, table_panel),
            Panel("More", ft.Icons.MORE_HORIZ, more_panel),
        ),
        gm=(
            Panel("CP", ft.Icons.BOLT, cp_panel),
            Panel("Clocks", ft.Icons.TIMELAPSE, clocks_panel),
            Panel("Rolls", ft.Icons.CASINO, rolls_panel),
            Panel("Decks", ft.Icons.STYLE, decks_panel),
            Panel("XP", ft.Icons.STAR, xp_panel),
            Panel("Sheets", ft.Icons.BADGE, sheets_panel),
            Panel("More", ft.Icons.MORE_HORIZ, more_panel),
        ),
        seat=seat_summary,
        pot=bank_card,
    ),
)
