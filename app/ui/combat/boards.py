"""The GM's boards at a glance: both Action Decks, and every body side by side."""

from __future__ import annotations

import flet as ft

from app.domain.combat.view_types import CombatView

from ..model import AppModel
from ..widgets import card
from .body import body_diagram, wind_bar
from .cards import mini_card
from .common import fighters


def decks_card(combat: CombatView) -> ft.Control | None:
    """Both Action Decks: cards left, the discards, a reshuffle due."""
    decks = combat.get("decks")
    if not decks:
        return None
    rows: list[ft.Control] = []
    for side, title in (("players", "Players' deck"), ("gm", "GM's deck")):
        deck = decks["players"] if side == "players" else decks["gm"]
        discard = deck["discard"]
        line = f"{title}: {deck['draw']} to draw · {len(discard)} discarded"
        if deck["reshuffle"]:
            line += " · Black Joker: reshuffle at the end of the round"
        rows.append(ft.Text(line, size=15))
        if discard:
            rows.append(
                ft.Row([mini_card(c) for c in discard[-16:]], wrap=True, spacing=4, run_spacing=4)
            )
    return card("Action Decks", *rows)


def bodies_card(model: AppModel, combat: CombatView) -> ft.Control:
    """Every seat's body diagram side by side (small), for the table at a glance."""
    locations = [str(loc) for loc in model.rules.get("locations", [])]
    tiles: list[ft.Control] = []
    for _, entry in fighters(combat):
        body = entry.get("body")
        if not body:
            continue
        tiles.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Text(entry["name"], size=15, weight=ft.FontWeight.BOLD),
                        body_diagram(body, locations, scale=0.62),
                        wind_bar(body),
                    ],
                    spacing=4,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                width=250,
            )
        )
    return card("Bodies", ft.Row(tiles, wrap=True, spacing=16, run_spacing=16))
