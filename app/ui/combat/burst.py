"""The Attack card's burst split between targets (``combat.autofire``): "If the gunner
wants to fire at multiple targets, he needs to decide how many shots each target gets,
and then he splits his dice among them." Shown with the folded-away choices when
shooting; one more target, its shots, dice and distance, and the first target's."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.combat.autofire import split_call
from app.domain.command_types import CommandCall

from ..theme import TARGET
from ..widgets import later, muted, text_field

DEFAULTS: dict[str, Any] = {
    "also": "",
    "shots_here": "",
    "dice_here": "",
    "shots_there": "",
    "dice_there": "",
    "distance_there": "",
}


def _whole(text: str, what: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what} is a whole number.") from None


def burst_fields(f: Any, others: list[tuple[str, str]]) -> list[ft.Control]:
    """Pick a second target; then each target's shots and dice, and its distance."""
    names = dict(others)

    def pick(cid: str) -> None:
        f.put(also="" if f["also"] == cid else cid)

    chips: list[ft.Control] = [
        (ft.FilledButton if f["also"] == cid else ft.OutlinedButton)(
            content=f"Split the burst with {name}",
            height=TARGET,
            on_click=later(pick, cid),
        )
        for cid, name in others
        if cid != f["target"]
    ]
    out: list[ft.Control] = [
        muted("Automatic: split the shots and your dice between two targets (one card)", 14),
        ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
    ]
    if f["also"] and f["also"] != f["target"] and f["target"]:
        first, second = names.get(f["target"], "…"), names.get(f["also"], "…")
        for key, label in (
            ("shots_here", f"Shots at {first}"),
            ("dice_here", f"Dice at {first}"),
            ("shots_there", f"Shots at {second}"),
            ("dice_there", f"Dice at {second}"),
            ("distance_there", f"Distance to {second} (m)"),
        ):
            out.append(text_field(f, key, redraw=False, label=label, width=220))
    return out


def splitting(f: Any) -> bool:
    """Whether the form splits the burst (a second target chosen, shooting)."""
    return bool(f["more"] and f["also"] and f["target"] and f["also"] != f["target"])


def burst_call(f: Any, single: CommandCall, distance: int | None) -> CommandCall:
    """The split burst (ValueError: a field to fix)."""
    here = (
        str(f["target"]),
        _whole(f["shots_here"], "The shots"),
        _whole(f["dice_here"], "The dice"),
        distance,
    )
    there = (
        str(f["also"]),
        _whole(f["shots_there"], "The shots"),
        _whole(f["dice_there"], "The dice"),
        _whole(f["distance_there"], "The distance"),
    )
    return split_call(single, [here, there])
