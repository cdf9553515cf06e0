"""Wheel of Fate: creation on the phone, the d6 roller with exact odds, fate points,
compels and the Bowl; for the GM the Bowl, compels, contests, stress and the cast."""

from __future__ import annotations

import flet as ft

from ..component import keyed
from ..wheel.contest import contest_panel
from ..wheel.fate import fate_panel, pinned_compel
from ..wheel.gm import fate_panel as gm_fate_panel
from ..wheel.gm import pot_card, seat_summary, stress_form
from ..wheel.play import roller_panel
from ..wheel.sheet import character_panel
from ..wheel.sheets import sheets_panel
from ..wheel.table import cast_panel, rolls_panel, setup_panel
from . import Panel, SystemUI, register

WHEEL_OF_FATE = SystemUI(
    noun="fate point",
    player=(
        Panel("Character", ft.Icons.PERSON, character_panel),
        Panel("Roll", ft.Icons.CASINO, roller_panel),
        Panel("Fate", ft.Icons.AUTO_AWESOME, fate_panel),
    ),
    gm=(
        Panel("Fate", ft.Icons.AUTO_AWESOME, gm_fate_panel),
        Panel("Contest", ft.Icons.SPORTS_KABADDI, contest_panel),
        Panel("Stress", ft.Icons.BOLT, lambda m: keyed("stress", stress_form, m)),
        Panel("Rolls", ft.Icons.CASINO, lambda m: keyed("rolls", rolls_panel, m)),
        Panel("Sheets", ft.Icons.BADGE, lambda m: keyed("sheets", sheets_panel, m)),
        Panel("Cast", ft.Icons.SMART_TOY, cast_panel),
        Panel("Setup", ft.Icons.TUNE, lambda m: keyed("setup", setup_panel, m)),
    ),
    seat=seat_summary,
    pot=pot_card,
    pinned=pinned_compel,
)

register("wheel-of-fate", WHEEL_OF_FATE)
