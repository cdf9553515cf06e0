"""The Attack card's less common choices, folded away: automatic fire, area effect, the
Shooting table's situations, a related concentration, the hit location shift."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..widgets import text_field
from .damage import switch

FLAGS = (
    ("mounted", "Firer is mounted (-2)", False),
    ("target_moving", "Target is moving, relative Pace over 20 (-4)", False),
    ("concealed", "Target completely concealed (-4)", False),
    ("related", "A related concentration (-2)", True),
    ("one_handed_rifle", "A rifle in one hand (-2)", False),
    ("area_effect", "Area effect: shotgun, grenade (bonus dice)", False),
)
NUMBERS = (
    ("rate_of_fire", "Rate of fire (automatic)", False),
    ("size", "Target size step (-6..6)", False),
    ("darkness", "Darkness penalty (beyond 10 m)", False),
    ("shift", "Shift the hit location (± raises)", True),
)
DEFAULTS: dict[str, Any] = {
    "more": False,
    **{k: False for k, _, _ in FLAGS},
    **{k: "" for k, _, _ in NUMBERS},
}


def extra_args(f: Any, melee: bool, args: dict[str, Any]) -> None:
    """Add the folded-away choices to ``combat.attack``'s arguments (ValueError: a
    field to fix); the ranged-only ones only when shooting or throwing."""
    for key, _, any_mode in FLAGS:
        if f[key] and (any_mode or not melee):
            args[key] = True
    for key, label, any_mode in NUMBERS:
        text = str(f[key]).strip()
        if text and (any_mode or not melee):
            try:
                args[key] = int(text)
            except ValueError:
                raise ValueError(f"{label.split(' (')[0]} is a whole number.") from None


def extra_fields(f: Any, melee: bool) -> list[ft.Control]:
    """The switch that unfolds them, and the fields when unfolded."""
    out: list[ft.Control] = [switch("More modifiers", f["more"], lambda v: f.put(more=v))]
    if not f["more"]:
        return out
    for key, label, any_mode in FLAGS:
        if any_mode or not melee:
            out.append(switch(label, f[key], lambda v, key=key: f.put(**{key: v})))
    for key, label, any_mode in NUMBERS:
        if any_mode or not melee:
            out.append(text_field(f, key, redraw=False, label=label, width=260))
    return out
