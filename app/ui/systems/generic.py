"""For a game without its own screens yet: its command catalogue as forms.

Each command of ``GET /api/rulesets`` becomes a card with one text field per argument
(JSON accepted: numbers, lists, objects) and a Send button. The three chip games have
real panels; this keeps the later games usable until theirs land.
"""

from __future__ import annotations

import json
from typing import Any

import flet as ft

from ..model import AppModel
from ..widgets import button, card, muted, token_counts, use_form
from . import Panel, SystemUI


def parse_arg(text: str) -> Any:
    """'3' -> 3, '[1, 2]' -> [1, 2], 'true' -> True, anything else stays text."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        return text


def _tokens(container: Any) -> dict[str, int] | None:
    return {k: int(v) for k, v in container.items()} if isinstance(container, dict) else None


@ft.component
def command_form(model: AppModel, type_: str, spec: dict[str, Any]) -> ft.Control:
    values = use_form({})

    async def send(_: Any) -> None:
        args = {k: parse_arg(v) for k, v in values.items() if str(v).strip()}
        await model.send(type_, args)

    fields = [
        ft.TextField(
            label=f"{name}: {about}",
            value=values.get(name, ""),
            on_change=lambda e, n=name: values.put(**{n: e.control.value}),
        )
        for name, about in spec.get("args", {}).items()
    ]
    return card(spec.get("summary", type_), *fields, button(f"Send {type_}", send, filled=True))


def commands_panel(model: AppModel) -> ft.Control:
    role = "gm" if model.is_gm else "player"
    catalogue = next(
        (r for r in model.ruleset_list if r.get("name") == model.ruleset), {"commands": {}}
    )
    forms = [
        command_form(model, t, spec, key=t)
        for t, spec in sorted(catalogue["commands"].items())
        if role in spec.get("roles", []) and not t.startswith(("seat.", "session."))
    ]
    return ft.Column(forms or [muted("Loading the commands…")], spacing=8)


def state_panel(model: AppModel) -> ft.Control:
    return ft.Text(json.dumps(model.rules, indent=1)[:20000], selectable=True, size=12)


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    return muted(pid)


def pot(model: AppModel) -> ft.Control:
    return card("Rules", muted(model.table.get("ruleset_title", "")), token_counts(_tokens({})))


GENERIC = SystemUI(
    noun="token",
    player=(
        Panel("Actions", ft.Icons.PLAY_ARROW, commands_panel),
        Panel("Table", ft.Icons.INFO, state_panel),
    ),
    gm=(
        Panel("Actions", ft.Icons.PLAY_ARROW, commands_panel),
        Panel("State", ft.Icons.INFO, state_panel),
    ),
    seat=seat_summary,
    pot=pot,
)
