"""The player's Roll tab: the last roll, the running contest, the roller, and helping."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.wheel.contest import CONTEST_HASTE
from app.domain.wheel.helping import HELP
from app.domain.wheel.state import ATTRIBUTES
from app.domain.wheel.view_types import Contest
from app.domain.wheel.wargs import is_attribute

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, use_form
from .common import last_roll, me, names, options, wheel_view
from .controls import stepper
from .fate import top_of_tab
from .results import roll_result
from .roller import roll_form


def contest_summary(contest: Contest, who: dict[str, str]) -> list[ft.Control]:
    """Round, order of action (most dice first; a group acts together), stress, the open
    attack: what everyone at the table sees of a contest."""
    acted = contest["acted"]
    lines: list[ft.Control] = [
        ft.Text(
            f"{contest['kind'].title()} "
            f"{'fight' if contest['harmful'] else 'contest'} · round {contest['round']}",
            size=17,
            weight=ft.FontWeight.BOLD,
        )
    ]
    for i, group in enumerate(contest["order"], start=1):
        people = ", ".join(who.get(p, p) + (" (acted)" if acted.get(p) else "") for p in group)
        lines.append(ft.Text(f"{i}. {people}", size=15))
    hurt = [f"{who.get(p, p)} {n}d" for p, n in contest["stress"].items() if n]
    if hurt:
        lines.append(muted("Stress: " + ", ".join(hurt)))
    if contest["out"]:
        lines.append(muted("Out: " + ", ".join(who.get(p, p) for p in contest["out"])))
    exchange = contest.get("exchange")
    if exchange:
        lines.append(
            ft.Text(
                f"{who.get(exchange['attacker'], '?')} attacks {who.get(exchange['target'], '?')}"
                f" with {exchange['attack']['total']}: waiting for the defence.",
                size=15,
                color=ft.Colors.PRIMARY,
            )
        )
    return lines


@component
def help_form(model: AppModel, in_contest: bool) -> ft.Control:
    """Give your dice as bonus dice to someone's next roll (your action in a contest)."""
    view = wheel_view(model)
    f = use_form({"to": "", "attribute": "physical"})
    who = names(view, model.table.get("seats", []))
    contest = view["contest"]
    if in_contest:
        targets = contest["participants"] if contest is not None else []
    else:
        targets = [str(s["player_id"]) for s in model.table.get("seats", [])]
    targets = [p for p in targets if p != model.player_id]

    async def give(_: Any) -> None:
        if not f["to"]:
            model.refuse("Choose whom you help.")
            return
        attribute = f["attribute"]
        if in_contest:  # the contest's kind is the attribute
            await model.send(HELP(to=f["to"]))
        elif is_attribute(attribute):  # the chips offer only the three
            await model.send(HELP(to=f["to"], attribute=attribute))
        else:
            model.refuse("Choose the attribute whose dice you give.")

    if not targets:
        return muted("")
    parts: list[ft.Control] = [
        muted("Your attribute's dice become bonus dice on their next roll."),
        choice_chips(
            [(p, f"Help {who.get(p, p)}") for p in targets], f["to"], lambda p: f.put(to=p)
        ),
    ]
    if not in_contest:
        parts.append(
            choice_chips(
                [(a, a.title()) for a in ATTRIBUTES], f["attribute"], lambda a: f.put(attribute=a)
            )
        )
    parts.append(button("Give help", give, icon=ft.Icons.HANDSHAKE))
    return card("Help someone", *parts)


def haste_row(model: AppModel, contest: Contest) -> ft.Control:
    current = contest["haste"].get(model.player_id or "", 0)  # no key: no haste taken

    async def set_haste(n: int) -> None:
        await model.send(CONTEST_HASTE(dice=n))

    return ft.Column(
        [
            stepper("Haste (penalty dice to act sooner)", current, set_haste, 0, 10),
        ]
    )


def roller_panel(model: AppModel) -> ft.Control:
    """The Roll tab: the last roll first, then the contest, then the roller."""
    view = wheel_view(model)
    record = me(view)
    opts = options(view)
    parts = top_of_tab(model)
    last = last_roll(model.log, model.player_id)
    if last is not None:
        parts.append(card("Your last roll", roll_result(last)))
    contest = view["contest"]
    # Only while this player takes part in the running contest.
    mine = opts.get("contest") if opts is not None and contest is not None else None
    if contest is not None:
        who = names(view, model.table.get("seats", []))
        extra: list[ft.Control] = []
        if mine is not None and mine["defend"]:
            extra.append(
                ft.Text("You are attacked: roll your defence below.", color=ft.Colors.ERROR)
            )
        if mine is not None and mine["haste"]:
            extra.append(haste_row(model, contest))
        parts.append(card("Contest", *contest_summary(contest, who), *extra))
    if record is None or not record["attributes"]:
        parts.append(
            card(
                "Roll",
                muted("Split your attribute dice first (Character tab, step 3)."),
            )
        )
    else:
        parts.append(keyed("roll", roll_form, model, model.player_id, record, {}, record["fate"]))
        if contest is None or (mine is not None and mine["help"]):
            parts.append(keyed("help", help_form, model, contest is not None))
    return ft.Column(parts, spacing=12)
