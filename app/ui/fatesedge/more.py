"""Every other Fate's Edge command (XP purchases, downtime, bonds, casting, rituals...)
as a form, so nothing the rules allow is out of reach of the screens."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..component import keyed
from ..model import AppModel
from ..systems.generic import command_form
from ..widgets import muted

#: Commands with their own controls on the other tabs.
COVERED = frozenset(
    {
        "roll.pool", "roll.enter", "boon.reroll", "roll.bargain", "roll.npc",
        "cp.spend", "cp.grant", "cp.reveal", "boon.convert", "boon.award",
        "xp.session", "xp.milestone", "character.pregen", "character.kit",
        "character.finish", "clock.create", "clock.tick", "clock.reveal", "clock.remove",
        "supply.tick", "fatigue.change", "fatigue.rest", "scene.end",
        "resource.flag", "resource.maintain", "resource.degrade", "resource.recover",
        "resource.repair", "follower.treat", "asset.activate", "gear.field_repair",
        "deck.draw", "deck.dividend", "deck.shuffle", "adventure.draw",
    }
)  # fmt: skip


def more_panel(model: AppModel) -> ft.Control:
    """The rest of the catalogue this role may send, one form each."""
    role = "gm" if model.is_gm else "player"
    catalogue: dict[str, Any] = next(
        (r for r in model.ruleset_list if r.get("name") == model.ruleset), {"commands": {}}
    )
    forms = [
        keyed(t, command_form, model, t, spec)
        for t, spec in sorted(catalogue["commands"].items())
        if role in spec.get("roles", [])
        and t not in COVERED
        and not t.startswith(("seat.", "session.", "note", "undo"))
    ]
    intro = muted("More of the rules: XP purchases, downtime, bonds, casting, rituals.", 15)
    return ft.Column([intro, *(forms or [muted("Loading the commands…")])], spacing=8)
