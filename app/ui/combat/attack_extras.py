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


class Extras:
    """The folded-away choices as ``combat.attack``'s arguments; the ranged-only ones
    only when shooting or throwing (each the model's default otherwise)."""

    def __init__(self, f: Any, melee: bool) -> None:
        self.f, self.melee = f, melee
        self.any_mode = {key: any_mode for key, _, any_mode in (*FLAGS, *NUMBERS)}

    def _counts(self, key: str) -> bool:
        return self.any_mode[key] or not self.melee

    def flag(self, key: str) -> bool:
        """A switch: on (and counting in this mode), or the default off."""
        return bool(self.f[key]) and self._counts(key)

    def number(self, key: str, default: int) -> int:
        """A whole number typed (ValueError if it isn't one), or ``default`` if empty."""
        text = str(self.f[key]).strip()
        if not text or not self._counts(key):
            return default
        try:
            return int(text)
        except ValueError:
            label = next(label for k, label, _ in NUMBERS if k == key)
            raise ValueError(f"{label.split(' (')[0]} is a whole number.") from None

    def bystanders(self) -> list[str] | None:
        """Who is near the path, in the order tapped: nearest the shooter first."""
        near = [b for b in self.f["bystanders"] if b != self.f["target"]]
        return near if near and not self.melee else None


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
