"""Spacelands: blue works after a bust, chips help the crew, Impetus, crew bounties, arcs."""

from __future__ import annotations

from app.domain.rules.spacelands import SPACELANDS

from ..chips.system import chip_system_ui
from . import register

register("spacelands", chip_system_ui(SPACELANDS))
