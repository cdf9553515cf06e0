"""The GM's Bottlecaps tools: the pot and general caps, awards, turns, Wild Card NPCs."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.bottlecaps.arguments import (
    CAP_AWARD,
    CAP_SPEND,
    COMBAT_END,
    NPC_ADD,
    NPC_REMOVE,
    TURN_START,
    is_colour,
    is_use,
)
from app.domain.bottlecaps.award import MAX_AWARD
from app.domain.bottlecaps.caps import COLOURS

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, stepper, text_field, token_counts, use_form
from .common import caps_view, gm_part, health_text, roll_summary, who_args
from .panels import caps_panel, roll_panel, roll_view, sheet_panel


def people(model: AppModel) -> list[tuple[str, str]]:
    return [(s["player_id"], s["name"]) for s in model.table.get("seats", [])]


def npcs(model: AppModel) -> list[tuple[str, str]]:
    return [(n["id"], n["name"]) for n in gm_part(caps_view(model))["wild_cards"]]


def pot_card(model: AppModel) -> ft.Control:
    view = caps_view(model)
    gm = gm_part(view)
    return card(
        "The pot",
        ft.Text(
            f"Pot: {sum(view['pot'][c] for c in COLOURS)} caps", size=16, weight=ft.FontWeight.BOLD
        ),
        token_counts(view["pot"], noun="cap", family="caps"),
        ft.Text("GM's general caps (hidden from players)", size=16, weight=ft.FontWeight.BOLD),
        token_counts(gm["caps"], noun="cap", family="caps", size=36),
        *[
            ft.Column(
                [
                    muted(f"{n['name']}'s own caps"),
                    token_counts(n["caps"], noun="cap", family="caps"),
                ]
            )
            for n in gm["wild_cards"]
        ],
    )


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    view = caps_view(model)
    block = gm_part(view)["players"].get(pid)  # by seat id: absent for a seat just left
    roll, greatness = view["rolls"].get(pid), view["greatness"].get(pid)
    lines: list[ft.Control] = [
        token_counts(view["hands"].get(pid, {}), noun="cap", family="caps", size=32),
        ft.Text(health_text(block["sheet"] if block else None), size=16),
    ]
    if roll:
        lines.append(ft.Text(f"Roll: {roll_summary(roll)}", size=16))
    if greatness:
        lines.append(muted(f"Moment of Greatness: {greatness['edge']}", 16))
    if view["turn"] == pid:
        lines.append(ft.Text("Their turn", color=ft.Colors.PRIMARY))
    return ft.Column(lines, spacing=4)


@component
def award_panel(model: AppModel) -> ft.Control:
    f = use_form({"player": "", "n": 1, "colour": "random", "turn": ""})
    seats = people(model)
    who = f["player"] or (seats[0][0] if seats else "")

    async def award(_: Any) -> None:
        if not who:  # else the host's "'player' can't be empty." names no rule
            model.refuse("No one is at the table yet: caps go to a player.")
            return
        colour = f["colour"]
        if not is_colour(colour):  # the chips offer only the award's colours
            model.refuse("Choose a colour, or random.")
            return
        await model.send(CAP_AWARD(player=f["player"] or who, n=int(f["n"]), colour=colour))

    async def end_combat(_: Any) -> None:
        await model.send(COMBAT_END())

    everyone = [*seats, *npcs(model)]
    turn_of = f["turn"] or (everyone[0][0] if everyone else "")

    async def start_turn(_: Any) -> None:
        if not turn_of:
            model.refuse("No one is at the table yet: a turn is a character's.")
            return
        await model.send(TURN_START(**who_args(turn_of, viewer_is_gm=True)))

    current = caps_view(model)["turn"]
    return ft.Column(
        [
            card(
                "Award caps for good role-playing",
                choice_chips(seats, who, lambda p: f.put(player=p), name="Award to"),
                stepper(
                    "Caps", int(f["n"]), lambda n: f.put(n=n), 1, MAX_AWARD, name="Caps awarded"
                ),
                choice_chips(
                    [("random", "Random from the pot"), *[(c, c.capitalize()) for c in COLOURS]],
                    f["colour"],
                    lambda c: f.put(colour=c),
                ),
                button("Award", award, icon=ft.Icons.CARD_GIFTCARD, filled=True),
            ),
            card(
                "Turns",
                muted(f"Now: {dict(everyone).get(current, 'nobody') if current else 'nobody'}"),
                choice_chips(everyone, turn_of, lambda t: f.put(turn=t), name="Whose turn"),
                button("Start of their turn", start_turn, icon=ft.Icons.PLAY_CIRCLE),
                button("End combat", end_combat, icon=ft.Icons.STOP_CIRCLE),
            ),
        ],
        spacing=10,
    )


EXTRA_USES = (("reroll", "Reroll"), ("unshake", "Recover from Shaken"), ("soak", "Soak"))


@component
def extra_form(model: AppModel) -> ft.Control:
    """A general cap of the GM's (one per PC) spent for an Extra: the app keeps no sheet
    for Extras, so the cap goes back to the pot and the log says what it was for."""
    form = use_form({"extra": "", "use": "reroll"})
    general = gm_part(caps_view(model))["caps"]

    async def spend(_: Any) -> None:
        if not form["extra"].strip():
            model.refuse("Name the Extra the cap is for.")
            return
        use = form["use"]
        if not is_use(use):  # the chips offer only EXTRA_USES
            model.refuse("Choose what the cap is for.")
            return
        await model.send(CAP_SPEND(extra=form["extra"].strip(), use=use))

    held = ", ".join(f"{n} {c}" for c, n in general.items() if n) or "none"
    return card(
        "A general cap for an Extra",
        muted(f"Your general caps: {held}. The cheapest that may pay is spent."),
        text_field(form, "extra", label="Extra's name"),
        choice_chips(list(EXTRA_USES), form["use"], lambda u: form.put(use=u)),
        button("Spend a cap for the Extra", spend, icon=ft.Icons.TOLL),
    )


@component
def npc_panel(model: AppModel) -> ft.Control:
    """Wild Card NPCs: add, pick one, then its caps, rolls and sheet like a player's."""
    form = use_form({"name": ""})
    pick, set_pick = ft.use_state("")
    tab, set_tab = ft.use_state("Caps")
    found = npcs(model)
    who = pick if pick in dict(found) else (found[0][0] if found else "")

    async def add(_: Any) -> None:
        if form["name"].strip():
            await model.send(NPC_ADD(name=form["name"].strip()))
            form.put(name="")

    async def remove(_: Any) -> None:
        await model.send(NPC_REMOVE(npc=who))

    parts: list[ft.Control] = [
        keyed("extra", extra_form, model),
        card(
            "Add a Wild Card NPC",
            text_field(form, "name", label="NPC name"),
            button("Add NPC", add, icon=ft.Icons.PERSON_ADD),
        ),
    ]
    if who:
        body = {"Caps": caps_panel, "Roll": roll_panel, "Sheet": sheet_panel}[tab]
        parts += [
            choice_chips(found, who, set_pick, name="Act for"),
            choice_chips([(t, t) for t in ("Caps", "Roll", "Sheet")], tab, set_tab, name="Show"),
            keyed(f"{tab}-{who}", body, model, who),
            button(f"Remove {dict(found)[who]}", remove, icon=ft.Icons.DELETE),
        ]
    return ft.Column(parts, spacing=10)


@component
def players_panel(model: AppModel) -> ft.Control:
    """Act for a player (their caps, a roll, their sheet): the GM may at any time."""
    pick, set_pick = ft.use_state("")
    tab, set_tab = ft.use_state("Sheet")
    seats = people(model)
    who = pick if pick in dict(seats) else (seats[0][0] if seats else "")
    if not who:
        return muted("No players yet.")
    body = {"Caps": caps_panel, "Roll": roll_panel, "Sheet": sheet_panel}[tab]
    return ft.Column(
        [
            choice_chips(seats, who, set_pick, name="Act for"),
            choice_chips([(t, t) for t in ("Sheet", "Caps", "Roll")], tab, set_tab, name="Show"),
            keyed(f"p-{tab}-{who}", body, model, who),
        ],
        spacing=10,
    )


def rolls_panel(model: AppModel) -> ft.Control:
    parts: list[ft.Control] = []
    rolls = caps_view(model)["rolls"]
    for pid, name in people(model):
        roll = rolls.get(pid)
        if roll:
            parts.append(card(f"{name}'s roll", roll_view(roll)))
    return ft.Column(parts or [muted("No rolls in progress.", 16)], spacing=10)
