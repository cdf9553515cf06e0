"""The roller: choose the dice, see the exact odds, roll on the host or enter real dice.

One form serves a player's own rolls (with fate points and aspects), a contest's
attacks and defences, and the GM's rolls for GM-side characters or bare dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypedDict

import flet as ft

from app.client.outcomes import Applied
from app.domain.command_types import CommandCall
from app.domain.wheel.exchange import CONTEST_ATTACK, CONTEST_DEFEND
from app.domain.wheel.rolls import ROLL
from app.domain.wheel.state import ATTRIBUTES
from app.domain.wheel.view_types import Sheet
from app.domain.wheel.wargs import Attribute, is_attribute

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, pct, text_field, use_kept_form
from .common import (
    RollChoice,
    Roller,
    aspects,
    attribute_dice,
    names,
    odds,
    parse_faces,
    plan_words,
    wheel_view,
)
from .controls import difficulty_row, stepper

BLANK: dict[str, Any] = {
    "attribute": None,  # None: not chosen yet (the first attribute); "": just dice
    "dice": 3,
    "pools": [],
    "invoke": [],
    "extra": 0,
    "bonus": 0,
    "penalty": 0,
    "fate": 0,
    "difficulty": 10,
    "enter": False,
    "faces": "",
    "target": "",
}


class Who(TypedDict, total=False):
    """Whom a roll is for, as the GM names it (a player rolls for themselves: empty)."""

    player: str
    npc: str


class RollKeywords(TypedDict, total=False):
    """The form's part of a roll's arguments (``app.domain.wheel.rolling.RollArgs``):
    only the ones chosen, as the host's defaults stand for the rest."""

    attribute: Attribute
    dice: int
    extra: int
    bonus: int
    penalty: int
    fate: int
    pools: list[str]
    invoke: list[int]
    faces: list[int]


def toggle(items: list[Any], item: Any) -> list[Any]:
    return [i for i in items if i != item] if item in items else [*items, item]


def player_sheet(record: Roller | None) -> Sheet | None:
    """The sheet when the roll is a player character's (pools, aspects, fate points)."""
    return record if record is not None and record["npc"] is False else None


def choice_of(
    form: dict[str, Any], record: Roller | None, *, kind: str | None, haste: int = 0
) -> RollChoice:
    """What the form will roll for ``record`` (``kind``: the contest's attribute; no
    record: the GM's bare dice)."""
    attribute = kind or form["attribute"]
    attributes: Mapping[Attribute, int] = record["attributes"] if record is not None else {}
    base = attribute_dice(attributes, attribute) if attribute else int(form["dice"])
    sheet = player_sheet(record)
    pools = sheet["pools"] if sheet is not None else {}
    return RollChoice(
        base=base,
        extra=int(form["extra"]),
        invoked=len(form["invoke"]),
        bonus=int(form["bonus"]),
        pools=sum(pools.get(p, 0) for p in form["pools"]),
        help=sum(h["dice"] for h in record["help"]) if record is not None else 0,
        fate=int(form["fate"]),
        penalty=int(form["penalty"]),
        stress=record["stress"] if record is not None else 0,
        haste=haste,
    )


def roll_args(form: dict[str, Any], *, kind: str | None, expected: int) -> RollKeywords:
    """The command's arguments (``app.domain.wheel.rolling.RollArgs``); ValueError if
    entered dice don't read."""
    args = RollKeywords()
    if kind is None:
        attribute = form["attribute"]
        if is_attribute(attribute):
            args["attribute"] = attribute
        elif attribute:  # the chips offer only the three attributes and "Just dice"
            raise ValueError(f"'{attribute}' is not an attribute.")
        else:
            args["dice"] = int(form["dice"])
    if int(form["extra"]):
        args["extra"] = int(form["extra"])
    if int(form["bonus"]):
        args["bonus"] = int(form["bonus"])
    if int(form["penalty"]):
        args["penalty"] = int(form["penalty"])
    if int(form["fate"]):
        args["fate"] = int(form["fate"])
    if form["pools"]:
        args["pools"] = list(form["pools"])
    if form["invoke"]:
        args["invoke"] = sorted(int(n) for n in form["invoke"])
    if form["enter"]:
        args["faces"] = parse_faces(form["faces"], expected)
    return args


def _toggles(
    items: list[tuple[str, str]], chosen: list[Any], on_tap: Any, convert: Any = str
) -> ft.Control:
    return ft.Row(
        [
            (ft.FilledButton if convert(key) in chosen else ft.OutlinedButton)(
                content=text,
                icon=ft.Icons.CHECK if convert(key) in chosen else None,
                height=48,
                on_click=lambda e, k=key: on_tap(convert(k)),
            )
            for key, text in items
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def defence_odds(choice: RollChoice, attack: int) -> list[ft.Control]:
    """A defence wins by beating the attack's total; equal totals are a tie."""
    beat, reach = odds(choice, attack + 1), odds(choice, attack)
    if beat is None or reach is None:
        return []
    return [
        ft.Text(
            f"To beat {attack}: {pct(beat.success)} · tie {pct(reach.success - beat.success)}",
            size=17,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY,
        )
    ]


@component
def roll_form(
    model: AppModel,
    cid: str | None,
    record: Roller | None,
    who: Who,
    fate: int = 0,
) -> ft.Control:
    """Choose and make a roll for character ``cid`` with ``record`` (None: the GM's bare
    dice)."""
    f = use_kept_form(model.forms, f"wheel-roll:{cid}", dict(BLANK))
    view = wheel_view(model)
    sheet = player_sheet(record)
    running = view["contest"]
    # The running contest, when this character takes part in it.
    contest = running if running is not None and cid in running["participants"] else None
    in_contest = contest is not None
    kind = contest["kind"] if contest is not None else None
    exchange = contest.get("exchange") if contest is not None else None
    aimed = exchange if exchange is not None and exchange["target"] == cid else None
    defending = aimed is not None
    haste = contest["haste"].get(cid or "", 0) if contest is not None and not defending else 0
    attributes: Mapping[Attribute, int] = record["attributes"] if record is not None else {}
    if f["attribute"] is None and attributes:
        f["attribute"] = next(a for a in ATTRIBUTES if a in attributes)
    choice = choice_of(f, record, kind=kind, haste=haste)
    plan = choice.plan
    difficulty = None if in_contest or not int(f["difficulty"]) else int(f["difficulty"])
    seen = odds(choice, difficulty)
    who_names = names(view, model.table.get("seats", []))

    async def send(call_of: Callable[[RollKeywords], CommandCall]) -> None:
        """Send the call ``call_of`` makes of the form's arguments."""
        if choice.cost > fate and sheet is not None:
            model.refuse(f"That roll needs {choice.cost} fate points; you have {fate}.")
            return
        try:
            args = roll_args(f, kind=kind, expected=plan.rolled)
        except ValueError as err:
            model.refuse(str(err))
            return
        outcome = await model.send(call_of(args))
        if isinstance(outcome, Applied):
            # Spending is never repeated by accident, and the situation's bonus and
            # penalty dice were this roll's: the next one starts without them (a contest
            # opened on a leftover +4 penalty read "an automatic failure").
            f.put(fate=0, invoke=[], faces="", bonus=0, penalty=0)

    async def roll(_: Any) -> None:
        if difficulty is None:  # just roll: no difficulty sent
            await send(lambda args: ROLL(**who, **args))
        else:
            await send(lambda args: ROLL(**who, **args, difficulty=difficulty))

    async def attack(_: Any) -> None:
        if not f["target"]:
            model.refuse("Choose whom you act against.")
            return
        target = str(f["target"])
        await send(lambda args: CONTEST_ATTACK(**who, **args, target=target))

    async def defend(_: Any) -> None:
        await send(lambda args: CONTEST_DEFEND(**who, **args))

    parts: list[ft.Control] = []
    if contest is not None:
        dice = attribute_dice(attributes, contest["kind"])
        parts.append(
            ft.Text(
                f"Contest: everyone rolls {contest['kind'].title()} ({dice}d)",
                size=15,
                weight=ft.FontWeight.BOLD,
            )
        )
    else:
        stress = record["stress"] if record is not None else 0
        opts: list[tuple[str, str]] = [
            (a, f"{a.title()} {attributes[a]}d" + (" (out)" if stress > attributes[a] else ""))
            for a in ATTRIBUTES
            if a in attributes
        ]
        if sheet is None:  # the GM's bare dice or a GM-side character's
            opts.append(("", "Just dice"))
        if opts:
            parts.append(choice_chips(opts, f["attribute"], lambda a: f.put(attribute=a)))
        if f["attribute"] in ("", None):
            parts.append(stepper("Dice", int(f["dice"]), lambda n: f.put(dice=n), 0, 20))
        out = record["out"] if record is not None else []
        if out:
            parts.append(
                ft.Text(
                    "Stressed out: " + ", ".join(out) + " (that attribute can't be rolled).",
                    color=ft.Colors.ERROR,
                )
            )
    if not in_contest:
        parts.append(difficulty_row(int(f["difficulty"]), lambda d: f.put(difficulty=d)))
    auto = []
    if choice.stress:
        auto.append(f"{choice.stress} stress (penalty)")
    if choice.help:
        auto.append(f"{choice.help} help (bonus)")
    if choice.haste:
        auto.append(f"{choice.haste} haste (penalty)")
    if auto:
        parts.append(muted("Added by the table: " + ", ".join(auto)))
    summary = plan_words(choice)
    if choice.cost:
        summary += f" · costs {choice.cost} fate point{'s' if choice.cost > 1 else ''}"
    parts.append(ft.Text(summary, size=16))
    if seen is not None:
        parts.append(
            ft.Text(
                f"vs {difficulty}: {seen.text()}",
                size=17,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY,
            )
        )
        if sheet is not None and fate > choice.cost:
            more = odds(replace(choice, fate=choice.fate + 1), difficulty)
            if more is not None:
                parts.append(
                    muted(f"One more fate point: {pct(seen.success)} -> {pct(more.success)}")
                )
    if aimed is not None:
        parts += defence_odds(choice, aimed["attack"]["total"])
    parts.append(
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Enter dice rolled at the table",
            value=bool(f["enter"]),
            on_change=lambda e: f.put(enter=bool(e.control.value)),
        )
    )
    if f["enter"]:
        parts.append(
            text_field(
                f,
                "faces",
                label=f"The {plan.rolled} faces, e.g. 6 3 5",
                keyboard_type=ft.KeyboardType.NUMBER,
            )
        )
    verb = "Record" if f["enter"] else "Roll"
    if aimed is not None:
        attacker = who_names.get(aimed["attacker"], "the attacker")
        parts.append(
            button(f"{verb} defence against {attacker}", defend, icon=ft.Icons.SHIELD, filled=True)
        )
    elif contest is not None:
        others = [p for p in contest["participants"] if p != cid]
        parts.append(muted("Act against:"))
        parts.append(
            choice_chips(
                [(p, who_names.get(p, p)) for p in others], f["target"], lambda p: f.put(target=p)
            )
        )
        target = who_names.get(f["target"], "") if f["target"] else "…"
        parts.append(button(f"{verb} attack on {target}", attack, icon=ft.Icons.BOLT, filled=True))
    else:
        parts.append(button(f"{verb} {plan.notation()}", roll, icon=ft.Icons.CASINO, filled=True))
    adjust: list[ft.Control] = [muted("Adjust the dice:")]
    normal = {p["name"] for p in view["pools"] if not p["special"]}
    pools = [
        (n, f"{n} {d}d")
        for n, d in (sheet["pools"] if sheet is not None else {}).items()
        if d and n in normal
    ]
    if pools:
        adjust.append(muted("Pools that help (bonus dice):"))
        adjust.append(_toggles(pools, f["pools"], lambda p: f.put(pools=toggle(f["pools"], p))))
    adjust += [
        stepper("Bonus dice", int(f["bonus"]), lambda n: f.put(bonus=n), 0, 10),
        stepper("Penalty dice", int(f["penalty"]), lambda n: f.put(penalty=n), 0, 10),
        stepper("Extra dice", int(f["extra"]), lambda n: f.put(extra=n), 0, 10),
    ]
    if sheet is not None:
        listed = aspects(sheet)
        adjust.append(
            stepper(
                "Fate points for bonus dice",
                int(f["fate"]),
                lambda n: f.put(fate=n),
                0,
                max(0, fate - len(f["invoke"])),
            )
        )
        if listed:
            adjust.append(muted("Invoke an aspect: 1 fate point, 1 extra die each"))
            adjust.append(
                _toggles(
                    [(str(n), f"Invoke: {t}") for n, t in listed],
                    f["invoke"],
                    lambda n: f.put(invoke=toggle(f["invoke"], n)),
                    convert=int,
                )
            )
    return card("Roll", *parts, ft.Divider(), *adjust)
