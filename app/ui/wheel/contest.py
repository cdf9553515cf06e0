"""The GM's contests: start one, follow the order of action, act for GM-side characters,
move to the next round or end it. Players attack and defend from their phones."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.wheel.contest import CONTEST_END, CONTEST_ROUND, CONTEST_START
from app.domain.wheel.state import ATTRIBUTES
from app.domain.wheel.view_types import Contest
from app.domain.wheel.wargs import is_attribute

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, use_form
from .common import last_roll, names, wheel_view
from .play import contest_summary
from .results import roll_result
from .roller import roll_form, toggle


@component
def start_form(model: AppModel) -> ft.Control:
    view = wheel_view(model)
    f = use_form({"kind": "physical", "harmful": True, "participants": []})
    who = names(view, model.table.get("seats", []))
    ready = [p for p, s in view.get("sheets", {}).items() if s["attributes"]]
    ready += list(view.get("npcs", {}))

    async def start(_: Any) -> None:
        if len(f["participants"]) < 2:
            model.refuse("A contest needs at least two characters.")
            return
        kind = f["kind"]
        if not is_attribute(kind):  # the chips offer only the three attributes
            model.refuse("Choose the attribute everyone rolls.")
            return
        await model.send(
            CONTEST_START(kind=kind, harmful=f["harmful"], participants=f["participants"])
        )
        f.put(participants=[])

    return card(
        "Start a contest",
        choice_chips([(a, a.title()) for a in ATTRIBUTES], f["kind"], lambda k: f.put(kind=k)),
        choice_chips(
            [("fight", "Fight or argument (stress)"), ("contest", "Contest (no stress)")],
            "fight" if f["harmful"] else "contest",
            lambda k: f.put(harmful=k == "fight"),
        ),
        muted("Who takes part:"),
        ft.Row(
            [
                (ft.FilledButton if p in f["participants"] else ft.OutlinedButton)(
                    content=who.get(p, p),
                    icon=ft.Icons.CHECK if p in f["participants"] else None,
                    height=48,
                    on_click=lambda e, p=p: f.put(participants=toggle(f["participants"], p)),
                )
                for p in ready
            ]
            or [muted("Characters need attributes (players' sheets or GM-side ones) first.")],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        button("Start the contest", start, icon=ft.Icons.SPORTS_KABADDI, filled=True),
    )


@component
def npc_actor(model: AppModel, contest: Contest) -> ft.Control:
    """Act for one GM-side participant: the shared roller in contest mode."""
    view = wheel_view(model)
    npcs = {n: r for n, r in view.get("npcs", {}).items() if n in contest["participants"]}
    f = use_form({"npc": ""})
    exchange = contest.get("exchange")
    if exchange is not None and exchange["target"] in npcs and f["npc"] != exchange["target"]:
        f["npc"] = exchange["target"]  # the defender is who the GM must roll for now
    if not npcs:
        return muted("")
    who = names(view, model.table.get("seats", []))
    parts: list[ft.Control] = [
        choice_chips([(n, who.get(n, n)) for n in npcs], f["npc"], lambda n: f.put(npc=n))
    ]
    nid = f["npc"]
    if nid:
        last = last_roll(model.log, nid)
        if last is not None:
            parts.append(roll_result(last, with_text=True))
        parts.append(keyed(f"npc-{nid}", roll_form, model, nid, npcs[nid], {"npc": nid}, 0))
    return card("Act for a GM-side character", *parts)


def contest_panel(model: AppModel) -> ft.Control:
    """The GM's Contest tab."""
    view = wheel_view(model)
    contest = view["contest"]
    if contest is None:
        return keyed("start", start_form, model)
    who = names(view, model.table.get("seats", []))

    async def next_round(_: Any) -> None:
        await model.send(CONTEST_ROUND())

    async def end(_: Any) -> None:
        await model.send(CONTEST_END())

    initiative = contest.get("initiative", {})  # the GM's view has it
    dice = ", ".join(f"{who.get(p, p)} {n}d" for p, n in initiative.items())
    return ft.Column(
        [
            card(
                "Contest",
                *contest_summary(contest, who),
                *([muted(f"Initiative dice: {dice}")] if dice else []),
                ft.Row(
                    [
                        button("Next round", next_round, icon=ft.Icons.SKIP_NEXT),
                        button("End the contest", end, icon=ft.Icons.STOP),
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ),
            keyed("npc-actor", npc_actor, model, contest),
        ],
        spacing=12,
    )
