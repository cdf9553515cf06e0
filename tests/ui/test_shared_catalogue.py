"""One parsed rule-system catalogue serves every browser session of a host, so no page
may change it: every form drawn from it, for the GM and a player of each system, is
drawn and tapped, and the catalogue is still what the host sends."""

from __future__ import annotations

import inspect
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from app.host import catalogue, jsoncodec
from app.inproc.gateway import InProcessGateway, shared_catalogue
from app.ui.fatesedge.more import more_panel
from app.ui.model import AppModel
from app.ui.systems.generic import commands_panel
from app.ui.views.home import home_screen

from .harness import Screen
from .test_panels_more import table_of

SYSTEMS = ("deadlands", "spacelands", "bottlecaps", "fates-edge", "wheel-of-fate")


def fresh() -> Any:
    return jsoncodec.loads(catalogue.rulesets_body()[0])


async def tap_everything(screen: Screen) -> int:
    """Tap every button on ``screen`` once (empty forms included), then draw it again:
    how many were tapped."""
    tapped = 0
    for control in list(screen.controls):
        handler = getattr(control, "on_click", None)
        if handler is not None and not isinstance(control, ft.NavigationBar):
            result = handler(SimpleNamespace(control=control, data=None))
            if inspect.isawaitable(result):
                await result
            tapped += 1
    screen.refresh()
    return tapped


async def test_two_sessions_get_the_same_catalogue() -> None:
    gateway = InProcessGateway.__new__(InProcessGateway)  # rulesets() reads no state
    first, second = await gateway.rulesets(), await gateway.rulesets()
    assert first is second is shared_catalogue()
    assert first == fresh()


@pytest.mark.parametrize("system", SYSTEMS)
async def test_no_form_changes_the_shared_catalogue(system: str) -> None:
    _, gm, players = await table_of(system, "Ann")
    models: list[AppModel] = [gm, players[0][0]]
    tapped = 0
    for model in models:
        model.ruleset_list = shared_catalogue()
        panels: list[Any] = [commands_panel, home_screen]
        if system == "fates-edge":
            panels.append(more_panel)
        for panel in panels:
            screen = Screen(panel, model)
            assert screen.controls
            tapped += await tap_everything(screen)
    assert tapped > 0
    assert shared_catalogue() == fresh()
