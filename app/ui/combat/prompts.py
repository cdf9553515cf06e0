"""The prompts a player's phone raises in a fight: negate the wounds just assigned
(with which chip, split over which locations), and the stun check they call for."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.domain.combat.flow_args import COMBAT_ACCEPT
from app.domain.combat.stun import COMBAT_STUN
from app.domain.combat.view_types import CombatAttack
from app.domain.fatechips.rolls import ROLL_TRAIT
from app.domain.fatechips.spending_args import CHIPS_SPEND
from app.domain.fatechips.view_types import ChipOption, PlayerView, UseName
from app.domain.fatechips.wounds import CHIPS_NEGATE

from ..chips.common import chips_view, location_name, seat_entry
from ..component import component
from ..model import AppModel
from ..theme import token_colour
from ..widgets import button, muted, plural, text_field, token_button, use_form
from .common import default_split, me_of, negate_cap, split_problem, table_dice
from .controls import stepper

ALERT = "#4A1C12"


def _best_colour(rules: dict[str, Any], allowed: list[str], fresh: int) -> str:
    """The cheapest allowed chip that negates every fresh wound, else the strongest."""
    enough = [c for c in allowed if negate_cap(rules, c) >= fresh]
    if enough:
        return min(enough, key=lambda c: negate_cap(rules, c))
    return max(allowed, key=lambda c: negate_cap(rules, c))


_NO_OPTION: ChipOption = {"effect": "", "allowed": False, "why": None}


def _option(options: dict[str, dict[UseName, ChipOption]], colour: str, use: UseName) -> ChipOption:
    """What a chip of ``colour`` may do for ``use`` now (not allowed when not offered)."""
    return options.get(colour, {}).get(use, _NO_OPTION)


def alert_box(title: str, *controls: ft.Control) -> ft.Control:
    """A prompt that can't be missed: a warm banner with a bold title."""
    return ft.Container(
        ft.Column(
            [ft.Text(title, size=20, weight=ft.FontWeight.BOLD, color="#FFFFFF"), *controls],
            spacing=10,
        ),
        padding=14,
        border_radius=14,
        bgcolor=ALERT,
        border=ft.Border.all(3, "#F9A825"),
    )


@component
def negation_prompt(model: AppModel, attack: CombatAttack) -> ft.Control:
    """'You're hit': pick a chip, split its negation over the fresh wounds, or take them."""
    rules = model.rules
    view = chips_view(model)
    seat = seat_entry(view, model.player_id)
    hand = seat["hand"] if seat is not None else {}
    options = seat.get("options", {}) if seat is not None else {}
    negatable = {k: v for k, v in attack["negatable"].items() if v}
    fresh = sum(negatable.values())
    colours = view["colours"]
    allowed = [c for c in colours if _option(options, c, "negate")["allowed"]]
    f = use_form({"colour": "", "split": {}, "confirm": False})
    colour = f["colour"] if f["colour"] in allowed else ""
    if not colour and allowed:
        colour = _best_colour(rules, allowed, fresh)
    cap = negate_cap(rules, colour) if colour else 0
    split: dict[str, int] = f["split"] if f["colour"] == colour and f["split"] else {}
    split = split or default_split(negatable, cap)

    def pick(c: str) -> None:
        option = _option(options, c, "negate")
        if not option["allowed"]:
            model.refuse(option["why"] or f"No {c} chip to spend.")
            return
        f.put(colour=c, split=default_split(negatable, negate_cap(rules, c)))

    def set_split(loc: str, v: int) -> None:
        f.put(colour=colour, split={**split, loc: v})

    async def negate(_: Any) -> None:
        problem = split_problem(split, negatable, cap) if colour else "You have no chip for this."
        if problem:
            model.refuse(problem)
            return
        await model.send(CHIPS_NEGATE(colour=colour, wounds={k: v for k, v in split.items() if v}))

    async def take(_: Any) -> None:
        # One tap only asks: the wounds can't be negated once they stand.
        if not f["confirm"]:
            f.put(confirm=True)
            return
        f.put(confirm=False)
        await model.send(COMBAT_ACCEPT())

    async def back(_: Any) -> None:
        f.put(confirm=False)

    where = location_name(attack["location"])
    part = attack["part"].replace("_", " ")
    parts: list[ft.Control] = [
        ft.Text(
            f"{plural(fresh, 'wound')} to the {part}. A chip can negate them before the "
            "Wind is rolled; after that it's too late.",
            size=16,
            color="#FFFFFF",
        )
    ]
    if allowed:
        parts.append(
            ft.Row(
                [
                    token_button(
                        c,
                        int(hand.get(c, 0)),
                        size=52,
                        selected=c == colour,
                        on_click=lambda e, c=c: pick(c),
                    )
                    for c in colours
                ],
                wrap=True,
                spacing=8,
            )
        )
        face, _ink = token_colour(colour)
        parts.append(
            ft.Text(
                f"A {colour} chip negates up to {plural(cap, 'wound')}. Split them:",
                size=15,
                color="#FFFFFF",
            )
        )

        for loc, n in negatable.items():
            parts.append(
                ft.Container(
                    stepper(
                        f"{location_name(loc)} ({n} fresh)",
                        int(split.get(loc, 0)),
                        partial(set_split, loc),
                        0,
                        min(n, cap),
                    ),
                    bgcolor="#22FFFFFF",
                    border_radius=10,
                    padding=ft.Padding.only(left=10),
                )
            )
        total = sum(split.values())
        parts.append(
            ft.FilledButton(
                content=f"Negate {plural(total, 'wound')} with a {colour} chip",
                icon=ft.Icons.SHIELD,
                on_click=negate,
                height=56,
                style=ft.ButtonStyle(bgcolor=face, color=_ink),
            )
        )
    else:
        parts.append(muted("You have no chip that can negate these wounds.", 15))
    if f["confirm"]:
        parts += [
            ft.Text(
                f"Take {plural(fresh, 'wound')} to the {part}? No chip can negate them after.",
                size=16,
                weight=ft.FontWeight.BOLD,
                color="#FFFFFF",
            ),
            ft.Row(
                [
                    button("Yes, take them", take, icon=ft.Icons.CHECK, filled=True),
                    button("Back", back, icon=ft.Icons.UNDO),
                ],
                wrap=True,
                spacing=8,
            ),
        ]
    else:
        parts.append(button(f"Take the wounds ({where})", take, icon=ft.Icons.CHECK))
    return alert_box("You're hit!", *parts)


STUN_LABEL = "Stun check"


@component
def stun_prompt(model: AppModel, tn: int, has_roll: bool) -> ft.Control:
    """A stun check is due. The big button rolls Vigor with the wound penalty in it;
    chips can then be spent on that roll right here before it is used; or the dice
    rolled at the table are entered."""
    f = use_form({"faces": ""})
    seat = seat_entry(chips_view(model), model.player_id)
    me = me_of(model.rules)
    body = me.get("body") if me is not None else None
    penalty = body["penalty"] if body is not None else 0
    roll = seat["roll"] if seat is not None else None
    ours = (
        roll is not None
        and roll["label"] == STUN_LABEL
        and not roll["finished"]
        and roll["tn"] == tn
    )

    async def with_dice(_: Any) -> None:
        try:
            faces = table_dice(f["faces"])
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(COMBAT_STUN(faces=faces))

    async def roll_here(_: Any) -> None:
        # roll.trait subtracts the wound penalty itself
        await model.send(ROLL_TRAIT(trait="vigor", tn=tn, label=STUN_LABEL))

    async def use_roll(_: Any) -> None:
        await model.send(COMBAT_STUN(from_roll=True))

    pen = f" (wound penalty {penalty})" if penalty else ""
    controls: list[ft.Control] = [
        ft.Text(
            f"Vigor vs TN {tn}{pen}. Fail and you're stunned; go bust and you're out cold.",
            size=16,
            color="#FFFFFF",
        ),
    ]
    if roll is not None and seat is not None and ours:
        outcome = roll["outcome"]
        verdict = "BUST" if outcome["bust"] else "success" if outcome.get("success") else "failure"
        controls.append(
            ft.Text(
                f"Your Vigor: {outcome['total']} vs {tn}: {verdict}. Spend chips on it, "
                "then make the check.",
                size=17,
                weight=ft.FontWeight.BOLD,
                color="#FFFFFF",
            )
        )
        controls.append(chip_row(model, seat))
        controls.append(
            button("Make the stun check with this roll", use_roll, icon=ft.Icons.DONE, filled=True)
        )
        return alert_box("Stun check!", *controls)
    controls += [
        button(f"Roll Vigor vs {tn}{pen}", roll_here, icon=ft.Icons.CASINO, filled=True),
        muted("You can spend chips on the roll before it counts.", 14),
        text_field(
            f,
            "faces",
            redraw=False,
            label="Vigor rolled at the table",
            hint_text="e.g. 6+3, 2",
            bgcolor="#22FFFFFF",
        ),
        button("Record these dice", with_dice, icon=ft.Icons.EDIT),
    ]
    if has_roll:
        controls.append(
            button("Use my last roll (chips spent on it)", use_roll, icon=ft.Icons.REDO)
        )
    return alert_box("Stun check!", *controls)


def chip_row(model: AppModel, entry: PlayerView) -> ft.Control:
    """One button per chip colour the rules let this roll take now (white first)."""
    hand = entry["hand"]
    options = entry.get("options", {})
    row: list[ft.Control] = []
    for colour in chips_view(model)["colours"]:
        option = options.get(colour, {}).get("roll")
        if option is None:
            continue
        n = hand.get(colour, 0)

        async def spend(_: Any, colour: str = colour, option: ChipOption = option) -> None:
            if not option["allowed"]:
                model.refuse(option["why"] or f"No {colour} chip to spend.")
                return
            await model.send(CHIPS_SPEND(colour=colour, use="roll"))

        row.append(
            button(
                f"{colour.capitalize()} chip ({n})",
                spend,
                icon=ft.Icons.ADD_CIRCLE if option["allowed"] else ft.Icons.BLOCK,
                tonal=option["allowed"],
            )
        )
    if not row:
        return muted("No chip can go on this roll.", 14)
    return ft.Row(row, wrap=True, spacing=8, run_spacing=8)
