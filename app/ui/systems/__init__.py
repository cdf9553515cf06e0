"""Rule systems plug their own panels into the player and GM screens.

A module here builds a `SystemUI` and calls `register(name, ui)`; every module in this
package is imported by `system_ui`, so adding ``app/ui/systems/fates_edge.py`` is all a
new game needs. A game with no module gets `generic.GENERIC` (its command catalogue as
forms) until it has its own screens.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from ..model import AppModel

Build = Callable[["AppModel"], ft.Control]


@dataclass(frozen=True)
class Panel:
    """One tab: its name, icon, and the function drawing it from the model."""

    name: str
    icon: ft.IconData
    build: Build
    # Whether the tab wants the player's attention now (a dot on its icon).
    alert: Callable[[AppModel], bool] | None = None


@dataclass(frozen=True)
class SystemUI:
    """What a rule system shows.

    - ``player``: the player's tabs (the hand, the roller, the sheet...); the table log
      is added by the platform;
    - ``gm``: the GM's tool tabs (beside the platform's seats and log);
    - ``seat``: a seat's tokens (and anything else at a glance) for the GM's seat cards;
    - ``pot``: the pot and the GM's own hand for the GM's side bar;
    - ``pinned``: what waits for the player's answer (a compel), drawn above every tab's
      list, so it is never scrolled out of view (an empty, hidden control when nothing
      waits).
    """

    noun: str
    player: tuple[Panel, ...]
    gm: tuple[Panel, ...]
    seat: Callable[[AppModel, str], ft.Control]
    pot: Build
    extra: dict[str, object] = field(default_factory=dict)
    pinned: Build | None = None


_REGISTRY: dict[str, SystemUI] = {}
_loaded = False


def register(name: str, ui: SystemUI) -> None:
    _REGISTRY[name] = ui


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True


def system_ui(name: str) -> SystemUI:
    """The panels for rule system ``name`` (the generic command forms if it has none)."""
    _load_all()
    from .generic import GENERIC

    return _REGISTRY.get(name, GENERIC)


def registered() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)
