"""The GM's Fate's Edge tools: the CP bank card, seat summaries, clocks and Supply,
the last roll with the Devil's Bargain and opposition pools. (The spend menu is in
`gm_cp`, the decks and the end-of-session XP in `gm_session`.)"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.fatesedge.clocks import (
    CLOCK_CREATE,
    CLOCK_REMOVE,
    CLOCK_REVEAL,
    CLOCK_TICK,
    FATIGUE_CHANGE,
    FATIGUE_REST,
    SIZES,
    SUPPLY_TICK,
)
from app.domain.fatesedge.retinue import SCENE_END
from app.domain.fatesedge.rolls import ROLL_BARGAIN, ROLL_NPC
from app.domain.fatesedge.view_types import FeClock

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, plural, stepper, text_field, use_form
from .bits import sender, small_button
from .common import FATIGUE_TEXT, fe_view, roll_headline
from .gm_play import gm_play_cards
from .roll import roll_result
from .table import clock_views, supply_view


def bank(model: AppModel) -> int:
    return fe_view(model).get("cp_bank", 0)  # the GM's view always has it


def bank_card(model: AppModel) -> ft.Control:
    """The side bar: the CP bank big, Supply and the decks at a glance."""
    rules = fe_view(model)
    decks = rules["decks"]
    supply = rules["supply"]
    n = bank(model)
    return card(
        "Complication Points",
        ft.Text(
            f"{n} CP banked",
            size=28,
            weight=ft.FontWeight.BOLD,
        ),
        muted("Players don't see the bank unless you tell them."),
        ft.Text(f"Supply {supply['filled']}/{supply['size']}: {supply['state']}", size=15),
        muted(
            f"Consequence deck {decks['consequence']['remaining']} left · "
            f"adventure deck {decks['adventure']['remaining']} left"
        ),
    )


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    """A seat at a glance: character, XP, Boons, Fatigue, last roll."""
    view = fe_view(model)
    sheet = view.get("characters", {}).get(pid)
    if not sheet:
        return muted("No character yet.", 16)
    xp = sheet["xp"]
    lines: list[ft.Control] = [
        ft.Text(
            f"{sheet['name']} · {xp['unspent']} XP · " + plural(sheet["boons"], "Boon"),
            size=16,
            weight=ft.FontWeight.BOLD,
        ),
        muted(FATIGUE_TEXT.get(sheet["fatigue"], ""), 16),
    ]
    if sheet["status"] == "creating":
        lines.append(muted("Still creating their character.", 16))
    waiting = view.get("dv_set", {}).get(pid)
    if isinstance(waiting, dict) and waiting.get("dv"):
        lines.append(muted(f"Next roll at DV {waiting['dv']}.", 16))
    last = view["last_roll"]
    if last is not None and last.get("player") == pid:
        lines.append(ft.Text(f"Last roll: {roll_headline(last)}", size=16))
    return ft.Column(lines, spacing=4)


@component
def clocks_panel(model: AppModel) -> ft.Control:
    """Start clocks (shown or GM-only), tick them, show/hide; Supply and Fatigue."""
    f = use_form({"name": "", "size": 6, "visible": True, "full": ""})

    async def create(_: Any) -> None:
        if not f["name"].strip():
            model.refuse("Name the clock's danger first.")
            return
        await model.send(
            CLOCK_CREATE(
                name=f["name"].strip(),
                size=f["size"],  # an int of SIZES: the chips below put it
                visible=bool(f["visible"]),
                full=f["full"].strip(),
            )
        )
        f.put(name="", full="")

    def actions(cid: str, clock: FeClock) -> list[ft.Control]:
        name = clock["name"]
        shown = clock["visible"]
        return [
            small_button(
                f"Tick {name}",
                sender(model, CLOCK_TICK(clock=cid, ticks=1)),
                icon=ft.Icons.ADD,
            ),
            small_button(
                f"Untick {name}",
                sender(model, CLOCK_TICK(clock=cid, ticks=-1)),
                icon=ft.Icons.REMOVE,
            ),
            small_button(
                f"{'Hide' if shown else 'Show'} {name}",
                sender(model, CLOCK_REVEAL(clock=cid, visible=not shown)),
                icon=ft.Icons.VISIBILITY_OFF if shown else ft.Icons.VISIBILITY,
            ),
            small_button(
                f"Clear {name}", sender(model, CLOCK_REMOVE(clock=cid)), icon=ft.Icons.DELETE
            ),
        ]

    supply_actions = [
        small_button("Supply +1", sender(model, SUPPLY_TICK(ticks=1)), icon=ft.Icons.ADD),
        small_button("Supply -1", sender(model, SUPPLY_TICK(ticks=-1)), icon=ft.Icons.REMOVE),
        small_button("Resupplied", sender(model, SUPPLY_TICK(reset=True)), icon=ft.Icons.STORE),
    ]
    return ft.Column(
        [
            card("Clocks", *(clock_views(model, actions) or [muted("No clocks yet.")])),
            card(
                "Supply and Fatigue",
                supply_view(model, supply_actions),
                ft.Row(
                    [
                        small_button(
                            "Fatigue +1 to all",
                            sender(model, FATIGUE_CHANGE(player="all", levels=1)),
                        ),
                        small_button("Night's rest", sender(model, FATIGUE_REST())),
                        small_button("End the scene", sender(model, SCENE_END())),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ),
            card(
                "New clock",
                text_field(f, "name", label="Clock name"),
                choice_chips(
                    [(str(s), f"{s} segments") for s in SIZES],
                    str(f["size"]),
                    lambda s: f.put(size=int(s)),
                ),
                ft.Switch(
                    padding=SWITCH_PADDING,
                    label="Visible to everyone",
                    value=bool(f["visible"]),
                    on_change=lambda e: f.put(visible=bool(e.control.value)),
                ),
                text_field(f, "full", label="When it fills"),
                button("Start clock", create, icon=ft.Icons.TIMER, filled=True),
            ),
        ],
        spacing=10,
    )


@component
def rolls_panel(model: AppModel) -> ft.Control:
    """Failure's Gift to decide, the DV to set, contests and group rolls; the last roll
    at the table, a Devil's Bargain on a Miss, opposition pools."""
    f = use_form({"bargain": "", "pool": 3, "label": "Opposition", "hidden": False})
    last = fe_view(model)["last_roll"]
    parts: list[ft.Control] = gm_play_cards(model)
    if last is not None:
        parts.append(roll_result(model, last, str(last.get("player"))))
        if last.get("outcome") == "miss":

            async def bargain(_: Any) -> None:
                if not f["bargain"].strip():  # else the host's "'complication' can't be empty."
                    model.refuse("Name the complication they accept for the bargain first.")
                    return
                await model.send(ROLL_BARGAIN(complication=f["bargain"].strip()))

            parts.append(
                card(
                    "Devil's Bargain",
                    text_field(f, "bargain", label="The complication they accept"),
                    button("Offer the bargain", bargain, icon=ft.Icons.HANDSHAKE),
                )
            )
    else:
        parts.append(muted("No roll yet.", 16))

    async def npc(_: Any) -> None:
        await model.send(
            ROLL_NPC(pool=int(f["pool"]), label=f["label"] or "Opposition", hidden=f["hidden"])
        )

    parts.append(
        card(
            "Opposition pool",
            text_field(f, "label", label="Who rolls"),
            stepper("Dice", int(f["pool"]), lambda v: f.put(pool=v), 1, 30),
            ft.Switch(
                padding=SWITCH_PADDING,
                label="Hidden from players",
                value=bool(f["hidden"]),
                on_change=lambda e: f.put(hidden=bool(e.control.value)),
            ),
            button(f"Roll {f['pool']}d10", npc, icon=ft.Icons.CASINO),
        )
    )
    return ft.Column(parts, spacing=10)
