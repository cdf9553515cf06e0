"""The Attack card's less common choices, folded away: automatic fire, area effect, the
Shooting table's situations, a related concentration, the hit location shift, and the
bystanders near a shot's path (where a missed shot may go)."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..theme import TARGET
from ..widgets import later, muted, text_field
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
    "bystanders": [],
    **{k: False for k, _, _ in FLAGS},
    **{k: "" for k, _, _ in NUMBERS},
}


def extra_args(f: Any, melee: bool, args: dict[str, Any]) -> None:
    """Add the folded-away choices to ``combat.attack``'s arguments (ValueError: a
    field to fix); the ranged-only ones only when shooting or throwing."""
    for key, _, any_mode in FLAGS:
        if f[key] and (any_mode or not melee):
            args[key] = True
    near = [b for b in f["bystanders"] if b != f["target"]]
    if near and not melee:
        args["bystanders"] = near  # in the order tapped: nearest the shooter first
    for key, label, any_mode in NUMBERS:
        text = str(f[key]).strip()
        if text and (any_mode or not melee):
            try:
                args[key] = int(text)
            except ValueError:
                raise ValueError(f"{label.split(' (')[0]} is a whole number.") from None


def bystander_chips(f: Any, others: list[tuple[str, str]]) -> ft.Control:
    """Toggle who stands within 1 m of the path; the order tapped is the order checked."""
    picked = [b for b in f["bystanders"] if b != f["target"]]

    def toggle(cid: str) -> None:
        f.put(bystanders=[b for b in picked if b != cid] if cid in picked else [*picked, cid])

    chips: list[ft.Control] = [
        (ft.FilledButton if cid in picked else ft.OutlinedButton)(
            content=f"Near the path: {name}"
            + (f" ({picked.index(cid) + 1})" if cid in picked else ""),
            height=TARGET,
            on_click=later(toggle, cid),
        )
        for cid, name in others
        if cid != f["target"]
    ]
    return ft.Column(
        [
            muted("Bystanders within 1 m of the path, nearest you first (a miss may hit)", 14),
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
        ],
        spacing=6,
    )


def extra_fields(f: Any, melee: bool, others: list[tuple[str, str]]) -> list[ft.Control]:
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
    if not melee and len(others) > 1:
        out.append(bystander_chips(f, others))
    return out
