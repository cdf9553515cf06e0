"""Deadlands: white, red, blue and Legend chips; the Marshal's tithe; Jokers; trades."""

from __future__ import annotations

from app.domain.rules.deadlands import DEADLANDS

from ..chips.system import chip_system_ui
from . import register

register("deadlands", chip_system_ui(DEADLANDS))
