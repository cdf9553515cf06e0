"""For a game without its own screens yet: its command catalogue as forms.

Each command of ``GET /api/rulesets`` becomes a card with one control per argument,
made from the command's JSON Schema (``schema_form``), and a Send button; the system's odds
calculator, if it registers one (``app.domain.odds.registry``), becomes a form too.
The chip games have real panels; this keeps later games usable until theirs land.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import flet as ft

from app.domain.arguments import Args, parse
from app.domain.command_types import CommandCall
from app.domain.errors import DomainError, InvalidArgs
from app.domain.odds import OddsCalculator, odds_for

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, muted, pct, text_field, token_counts, use_form
from . import Panel, SystemUI
from .schema_form import (
    Argument,
    Named,
    Seats,
    arguments_from,
    arguments_of,
    control_for,
    named_in_words,
)


def parse_arg(text: str) -> Any:
    """'3' -> 3, '[1, 2]' -> [1, 2], 'true' -> True, anything else stays text."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        return text


def _tokens(container: Any) -> dict[str, int] | None:
    return {k: int(v) for k, v in container.items()} if isinstance(container, dict) else None


def action_words(summary: str, type_: str) -> str:
    """A command's button, in words: its summary's first clause ("Propose a backstory
    bond.", "Channel: Wits + Arcana." -> "Channel"), never its wire name."""
    words = re.split(r"[:(.]\s|\.$|\s\(", summary.strip(), maxsplit=1)[0].strip()
    return words or type_.replace(".", " ").replace("_", " ").capitalize()


def seats_of(model: AppModel) -> tuple[tuple[str, str], ...]:
    """The table's seats as (seat id, the player's name), for the forms' menus."""
    return tuple(
        (str(s["player_id"]), str(s["name"]))
        for s in model.table.get("seats", [])
        if isinstance(s, dict) and "player_id" in s
    )


def shape_refusal(declared: type[Args] | None, sent: dict[str, Any], args: list[Argument]) -> str:
    """Why the host would refuse ``sent`` for its shape (a required field empty, a number
    out of range), in the form's own words: the arguments named by their labels, as the
    screen shows them, never by the API's names ("'with' is required." -> "The other
    player is required."). Empty when the shape is right (the rules are the host's)."""
    if declared is None:
        return ""
    try:
        parse(declared, sent)
    except InvalidArgs as refused:
        return named_in_words(str(refused), args)
    return ""


@component
def command_form(
    model: AppModel,
    type_: str,
    spec: dict[str, Any],
    seats: Seats = (),
    named: Named = (),
    declared: type[Args] | None = None,
    shared: frozenset[str] = frozenset(),
) -> ft.Control:
    """One command as a card: a control per argument (from its schema, seats by the
    players' names) and its button, named in words. ``declared``: the command's argument
    model, so a wrong shape is answered on the screen in the form's words; ``shared``:
    labels other forms on the tab show too, which a screen reader hears with this
    form's action ("Channel: The player")."""
    values = use_form({})
    # A player acts for themselves: the host fills in their seat, so no "player" field.
    args = [a for a in arguments_of(spec) if model.is_gm or a.name != "player"]

    async def send(_: Any) -> None:
        sent = arguments_from(values, args)
        refused = shape_refusal(declared, sent, args)
        if refused:
            model.refuse(refused)
            return
        # The one place a command type comes from data: the catalogue the host sent.
        await model.send(CommandCall(type_, sent))

    summary = str(spec.get("summary") or type_)
    action = action_words(summary, type_)
    fields = [
        control_for(values, arg, seats, named, args, action if arg.label in shared else "")
        for arg in args
    ]
    return card(summary, *fields, button(action, send, filled=True))


def shared_labels(specs: list[dict[str, Any]], is_gm: bool) -> frozenset[str]:
    """The argument labels more than one of these forms shows (a player's forms have no
    "player" field)."""
    seen = Counter(
        a.label
        for spec in specs
        for a in {a.label: a for a in arguments_of(spec) if is_gm or a.name != "player"}.values()
    )
    return frozenset(label for label, n in seen.items() if n > 1)


def commands_panel(model: AppModel) -> ft.Control:
    role = "gm" if model.is_gm else "player"
    catalogue: Mapping[str, Any] = next(
        (r for r in model.ruleset_list if r.get("name") == model.ruleset), {"commands": {}}
    )
    forms = [
        keyed(t, command_form, model, t, spec, seats_of(model))
        for t, spec in sorted(catalogue["commands"].items())
        if role in spec.get("roles", []) and not t.startswith(("seat.", "session."))
    ]
    return ft.Column(forms or [muted("Loading the commands…")], spacing=8)


def odds_values(calculator: OddsCalculator, form: dict[str, Any]) -> dict[str, Any]:
    """The calculator's inputs from the form's texts (a repeated one: comma-separated)."""
    values: dict[str, Any] = {}
    for param in calculator.params:
        text = str(form.get(param.name, "")).strip()
        if param.repeat:
            values[param.name] = [t.strip() for t in text.split(",") if t.strip()]
        elif param.kind is bool:
            values[param.name] = text.lower() in ("1", "true", "yes", "on")
        elif text:
            values[param.name] = parse_arg(text) if param.kind is int else text
    return values


@component
def odds_form(model: AppModel, calculator: OddsCalculator) -> ft.Control:
    """The registered odds calculator of this table's rule system, as a form."""
    form = use_form(
        {p.name: "" if p.default is None else str(p.default) for p in calculator.params}
    )
    answer = use_form({"text": ""})

    def work(_: Any = None) -> None:
        try:
            result = calculator.run(odds_values(calculator, form.snapshot()))
        except (DomainError, TypeError, ValueError) as error:
            answer.put(text=getattr(error, "message", str(error)))
            return
        answer.put(
            text=", ".join(
                f"{k}: {pct(v) if k.startswith('p_') else f'{v:.2f}'}" for k, v in result.items()
            )
        )

    fields = [
        text_field(
            form,
            p.name,
            label=f"{p.name}: {p.help}" + (f" ({', '.join(p.choices)})" if p.choices else ""),
        )
        for p in calculator.params
    ]
    return card(
        f"Odds: {calculator.summary}",
        *fields,
        button("Work out the odds", work, filled=True),
        muted(answer["text"] or "Exact odds, no simulation."),
    )


def odds_panel(model: AppModel) -> ft.Control:
    """Odds for this rule system, found in the odds registry (none: say so)."""
    calculator = odds_for(str(model.ruleset))
    if calculator is None:
        return muted("This rule system registers no odds calculator.")
    return keyed(calculator.command, odds_form, model, calculator)


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
        Panel("Odds", ft.Icons.PERCENT, odds_panel),
        Panel("Table", ft.Icons.INFO, state_panel),
    ),
    gm=(
        Panel("Actions", ft.Icons.PLAY_ARROW, commands_panel),
        Panel("Odds", ft.Icons.PERCENT, odds_panel),
        Panel("State", ft.Icons.INFO, state_panel),
    ),
    seat=seat_summary,
    pot=pot,
)
