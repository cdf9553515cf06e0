"""Taking a hit (Bottlecaps): the Wounds are chosen, then confirmed.

One tap used to apply them at once, and a slip of the thumb took Wounds nobody meant:
the first tap now says what will happen and asks again ("Yes, take the hit" or "Not
yet"); changing the number asks afresh.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.bottlecaps.arguments import DAMAGE_TAKE
from app.domain.bottlecaps.health import MAX_HIT_WOUNDS

from ..component import component
from ..model import AppModel
from ..widgets import button, confirm_box, muted, plural, stepper, use_form
from .common import who_args


def what_it_does(n: int) -> str:
    """'Shaken only' / 'Shaken and 2 Wounds', as the confirmation says it."""
    return "Shaken only" if n == 0 else f"Shaken and {plural(n, 'Wound')}"


@component
def take_hit(model: AppModel, cid: str | None) -> ft.Control:
    """The Wounds stepper and *Take the hit*, which asks once before it applies."""
    f = use_form({"n": 1, "confirm": False})
    n = int(f["n"])

    async def ask(_: Any) -> None:
        f.put(confirm=True)

    async def take(_: Any) -> None:
        f.put(confirm=False)
        await model.send(DAMAGE_TAKE(wounds=n, **who_args(cid, model.is_gm)))

    async def not_yet(_: Any) -> None:
        f.put(confirm=False)

    parts: list[ft.Control] = [
        stepper("Wounds from the hit", n, lambda v: f.put(n=v, confirm=False), 0, MAX_HIT_WOUNDS)
    ]
    if f["confirm"]:
        parts.append(
            confirm_box(
                f"Take the hit: {what_it_does(n)}? It applies at once.",
                button("Yes, take the hit", take, icon=ft.Icons.BOLT, filled=True),
                button("Not yet", not_yet, icon=ft.Icons.CLOSE),
            )
        )
    else:
        parts.append(button("Take the hit", ask, icon=ft.Icons.BOLT))
    parts.append(muted("0 Wounds = Shaken only. A white cap can then Soak it."))
    return ft.Column(parts, spacing=8)
