"""The roller: pick the roll (from the sheet or ad hoc), roll on the host or enter real
dice, see every die and ace, then spend chips in the legal order with the exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from app.domain.command_types import CommandCall
from app.domain.fatechips.dice import HIGHEST_KINDS, MAX_DICE, SIDES, TN_LADDER
from app.domain.fatechips.rolls import ROLL_FINISH, ROLL_TRAIT
from app.domain.fatechips.spending_args import CHIPS_SPEND
from app.domain.fatechips.system import WHITE, ChipSystem
from app.domain.fatechips.view_types import ChipOption, Roll, Sheet, UseName

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING, token_colour
from ..widgets import (
    button,
    card,
    choice_chips,
    muted,
    named_menu,
    pct,
    stepper,
    text_field,
    token_image,
    use_kept_form,
)
from .common import (
    KINDS,
    chain_text,
    chip_odds_line,
    chips_view,
    die_sides,
    gm_title,
    joined,
    odds_before,
    outlook,
    parse_faces,
    roll_kind,
    roll_summary,
    seat_entry,
)

#: The TN ladder's steps as chips: ("5", "Fair 5").
LADDER = tuple((str(tn), f"{name.capitalize()} {tn}") for name, tn in TN_LADDER.items())


#: Wide enough for "None: the trait's Coordination" and any aptitude (px).
APTITUDE_WIDTH = 300


def die_box(
    chain: list[int], sides: int, *, bonus: bool = False, bust_one: bool = False
) -> ft.Control:
    """One die: its total big, its ace chain small; aces and natural 1s stand out."""
    aced = len(chain) > 1
    label = (
        f"{'Bonus die' if bonus else 'Die'} d{sides}: {chain_text(chain)}"
        + (" (ace)" if aced else "")
        + (" (natural 1)" if bust_one else "")
    )
    return ft.Container(
        ft.Column(
            [
                ft.Text(str(sum(chain)), size=24, weight=ft.FontWeight.BOLD, semantics_label=label),
                ft.Text(
                    chain_text(chain) if aced else ("bonus" if bonus else f"d{sides}"), size=12
                ),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=0,
            tight=True,
        ),
        width=64,
        height=64,
        alignment=ft.Alignment.CENTER,
        border_radius=10,
        bgcolor=ft.Colors.ERROR_CONTAINER
        if bust_one
        else (ft.Colors.TERTIARY_CONTAINER if aced or bonus else ft.Colors.SURFACE_CONTAINER_HIGH),
        border=ft.Border.all(2, ft.Colors.PRIMARY) if aced else None,
    )


def roll_view(roll: Roll) -> ft.Control:
    """Every die and ace, the total, and success / raises / bust."""
    sides = roll["sides"]
    outcome = roll["outcome"]
    boxes = [die_box(c, sides, bust_one=c[0] == 1 and outcome["bust"]) for c in roll["dice"]]
    for extra in roll["bonuses"]:
        chip = extra["colour"]
        boxes.append(
            ft.Row(
                [token_image(chip, 24), die_box(extra["die"], sides, bonus=True)],
                spacing=2,
                tight=True,
            )
        )
    if outcome["bust"]:
        verdict, colour = "BUST", ft.Colors.ERROR
    elif outcome.get("success") is True:  # success and raises: only with a TN
        raises = outcome.get("raises", 0)
        verdict = "Success" + (f", {raises} raise{'s' * (raises > 1)}" if raises else "")
        colour = ft.Colors.GREEN
    elif outcome.get("success") is False:
        verdict, colour = "Failure", ft.Colors.ERROR
    else:
        verdict, colour = f"Total {outcome['total']}", None
    notes = []
    if roll["whites"]:
        notes.append(f"{roll['whites']} white chip die{'s' * (roll['whites'] > 1)}")
    if roll["modifier"]:
        notes.append(f"modifier {roll['modifier']:+d}")
    if roll["entered"]:
        notes.append("dice entered by hand")
    return ft.Column(
        [
            ft.Text(roll_summary(roll), size=15),
            ft.Row(boxes, wrap=True, spacing=6, run_spacing=6),
            ft.Text(
                f"{verdict} · total {outcome['total']}",
                size=22,
                weight=ft.FontWeight.BOLD,
                color=colour,
            ),
            *([muted(", ".join(notes))] if notes else []),
        ],
        spacing=8,
    )


def spend_buttons(
    model: AppModel,
    system: ChipSystem,
    roll: Roll,
    owner: str | None,
    hand: dict[str, int],
    options: dict[str, dict[UseName, ChipOption]] | None,
) -> ft.Control:
    """Chips on this roll, in the legal order, each with the odds before → after."""
    seen = outlook(roll, cancels_bust=bool(system.after_bust))
    bonus = [c for c in system.colours if c in system.bonus_colours]
    per_colour = model.table.get("settings", {}).get("bonus_chips") == "per_colour"
    limit = (
        "then one bonus die of each of " + ", ".join(bonus)
        if per_colour
        else "then at most one " + "/".join(bonus) + " bonus die"
    )
    rows: list[ft.Control] = [muted(f"Whites first (one more die each), {limit}.")]
    if seen is not None:
        rows.append(
            ft.Text(
                f"Chance of success now: {pct(seen['now'])}", size=16, weight=ft.FontWeight.BOLD
            )
        )
    for colour in (WHITE, *[c for c in system.colours if c in system.bonus_colours]):
        # the GM's roll has no options here: a chip in the GM's hand may go on it
        option = None if options is None else options[colour].get("roll")
        allowed = option["allowed"] if option else hand.get(colour, 0) > 0
        why = option["why"] if option else None
        text = f"{colour.capitalize()} chip ({hand.get(colour, 0)})"
        line = None if seen is None else chip_odds_line(seen, colour)
        if line:
            text += f": {line}"

        async def spend(
            _: Any, colour: str = colour, allowed: bool = allowed, why: str | None = why
        ) -> None:
            if not allowed:
                model.refuse(why or f"No {colour} chip to spend.")
                return
            if owner:
                await model.send(CHIPS_SPEND(colour=colour, use="roll", player=owner))
            else:
                await model.send(CHIPS_SPEND(colour=colour, use="roll"))

        face, ink = token_colour(colour)
        # A short line fits one 52 px button; a long one (a white chip on a success)
        # wraps on a phone: the button grows with it, padded to stay a thumb's target.
        long = len(text) > 40
        height = None if long else 52
        pad = ft.Padding.symmetric(horizontal=16, vertical=14) if long else None
        if allowed:
            action: ft.Control = ft.FilledButton(
                content=text,
                icon=ft.Icons.ADD_CIRCLE,
                on_click=spend,
                height=height,
                style=ft.ButtonStyle(bgcolor=face, color=ink, padding=pad),
            )
        else:
            action = ft.OutlinedButton(
                content=text,
                icon=ft.Icons.BLOCK,
                on_click=spend,
                height=height,
                style=ft.ButtonStyle(padding=pad) if long else None,
            )
        rows.append(
            ft.Column(
                [
                    action,
                    *(
                        [ft.Text(why, size=13, color=ft.Colors.ERROR)]
                        if why and not allowed
                        else []
                    ),
                ],
                spacing=2,
            )
        )
    if seen is not None and seen.get("white_then_bonus") is not None:
        rows.append(muted(f"White then a bonus die: {pct(seen['white_then_bonus'])}"))

    async def finish(_: Any) -> None:
        await model.send(ROLL_FINISH(player=owner) if owner else ROLL_FINISH())

    rows.append(button("Settle on this roll", finish, icon=ft.Icons.DONE_ALL))
    return ft.Column(rows, spacing=8)


def roll_call(
    f: Mapping[str, Any], owner: str | None, from_sheet: bool, dice: int, sides: int
) -> CommandCall:
    """The ``roll.trait`` the roller's form asks for, with only the arguments it sets
    (ValueError for dice entered that aren't numbers)."""
    kind = roll_kind(f["kind"])
    parts = [ROLL_TRAIT(kind=kind, modifier=int(f["modifier"]))]
    if owner:
        parts.append(ROLL_TRAIT(player=owner))
    if from_sheet:
        parts.append(ROLL_TRAIT(trait=f["trait"]))
        if f["aptitude"]:
            parts.append(ROLL_TRAIT(aptitude=f["aptitude"]))
        label = f["aptitude"] or f["trait"]
    else:
        parts.append(ROLL_TRAIT(dice=dice, sides=die_sides(sides)))
        label = ""
    if kind in HIGHEST_KINDS:  # a roll against a TN
        parts.append(ROLL_TRAIT(tn=int(f["tn"])))
    label = f["label"].strip() or label.capitalize()
    if label:
        parts.append(ROLL_TRAIT(label=label))
    if owner == "marshal" and f["hidden"]:
        parts.append(ROLL_TRAIT(hidden=True))
    if f["enter"]:
        parts.append(ROLL_TRAIT(faces=[*parse_faces(f["faces"])]))
    return joined(*parts)


def sheet_pool(sheet: Sheet, trait: str, aptitude: str) -> tuple[int, int]:
    """Dice and die type a sheet roll uses: the aptitude's level (or Coordination)."""
    entry = sheet["traits"].get(trait, {"die": 6, "coordination": 1})
    apt = sheet["aptitudes"].get(aptitude) if aptitude else None
    count = apt["level"] if apt else entry["coordination"]
    return max(count, 1), entry["die"]


@component
def roll_form(
    model: AppModel, system: ChipSystem, owner: str | None, sheet: Sheet | None
) -> ft.Control:
    """Choose and make a roll."""
    f = use_kept_form(
        model.forms,
        f"chips-roll:{owner}",
        {
            "mode": "sheet" if sheet else "adhoc",
            "trait": "deftness",
            "aptitude": "",
            "dice": 2,
            "sides": 8,
            "tn": 5,
            "modifier": 0,
            "kind": "trait",
            "label": "",
            "faces": "",
            "enter": False,
            "hidden": False,
        },
    )

    put = f.put

    if f["mode"] == "sheet" and sheet:
        dice, sides = sheet_pool(sheet, f["trait"], f["aptitude"])
    else:
        dice, sides = int(f["dice"]), int(f["sides"])
    has_tn = f["kind"] in HIGHEST_KINDS

    async def roll(_: Any) -> None:
        try:
            call = roll_call(f, owner, f["mode"] == "sheet" and bool(sheet), dice, sides)
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(call)

    parts: list[ft.Control] = []
    if sheet:
        parts.append(
            choice_chips(
                [("sheet", "From the sheet"), ("adhoc", "Ad hoc")], f["mode"], lambda m: put(mode=m)
            )
        )
    if f["mode"] == "sheet" and sheet:
        traits = sorted(sheet["traits"])
        parts.append(
            named_menu(
                ft.Dropdown(
                    label="Trait",
                    value=f["trait"],
                    options=[
                        ft.DropdownOption(
                            key=t,
                            text=f"{t.capitalize()} "
                            f"{sheet['traits'][t]['coordination']}d{sheet['traits'][t]['die']}"
                            + (f"+{p}" if (p := sheet["traits"][t].get("plus")) else ""),
                        )
                        for t in traits
                    ],
                    on_select=lambda e: put(trait=e.control.value, aptitude=""),
                ),
                label="Trait to roll",
            )
        )
        apts = sorted(sheet["aptitudes"])
        if apts:
            parts.append(
                named_menu(
                    ft.Dropdown(
                        label="Aptitude (optional)",
                        # Flutter sizes the menu to its widest option a few pixels short,
                        # cutting the last letter off; a set width fits a 390 px phone.
                        width=APTITUDE_WIDTH,
                        value=f["aptitude"] or "-",
                        options=[
                            ft.DropdownOption(key="-", text="None: the trait's Coordination"),
                            *[
                                ft.DropdownOption(
                                    key=a, text=f"{a.capitalize()} {sheet['aptitudes'][a]['level']}"
                                )
                                for a in apts
                            ],
                        ],
                        on_select=lambda e: put(
                            aptitude="" if e.control.value == "-" else e.control.value
                        ),
                    ),
                )
            )
    else:
        parts.append(stepper("Dice", int(f["dice"]), lambda n: put(dice=n), 1, MAX_DICE))
        parts.append(
            choice_chips(
                [(str(s), f"d{s}") for s in SIDES], str(f["sides"]), lambda s: put(sides=int(s))
            )
        )
    parts.append(choice_chips(list(KINDS), f["kind"], lambda k: put(kind=k)))
    if has_tn:
        parts.append(choice_chips(list(LADDER), str(f["tn"]), lambda t: put(tn=int(t))))
        parts.append(stepper("TN", int(f["tn"]), lambda n: put(tn=n), 1, 99))
    parts.append(stepper("Modifier", int(f["modifier"]), lambda n: put(modifier=n), -20, 20))
    parts.append(text_field(f, "label", label="What for (optional)"))
    if owner == "marshal":
        parts.append(
            ft.Switch(
                padding=SWITCH_PADDING,
                label="Hidden from the players",
                value=f["hidden"],
                on_change=lambda e: put(hidden=bool(e.control.value)),
            )
        )
    parts.append(
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Enter dice rolled at the table",
            value=f["enter"],
            on_change=lambda e: put(enter=bool(e.control.value)),
        )
    )
    if f["enter"]:
        parts.append(
            text_field(f, "faces", label=f"{dice} dice, aces joined with + (e.g. {sides}+3, 5)")
        )
    if has_tn:
        odds = odds_before(dice, sides, int(f["tn"]), int(f["modifier"]))
        if odds:
            text = (
                f"{dice}d{sides} vs TN {f['tn']}: {odds['success']} success, "
                f"{odds['bust']} bust. With a white chip {odds['white']}, "
                f"with a bonus die {odds['bonus']}."
            )
            if odds["white_lowers"]:
                text += " A white chip lowers the chance here."
            parts.append(ft.Text(text, size=15, color=ft.Colors.PRIMARY))
    parts.append(
        button(
            f"Roll {dice}d{sides}" if not f["enter"] else "Record these dice",
            roll,
            icon=ft.Icons.CASINO,
            filled=True,
        )
    )
    return card("New roll", *parts)


def roller_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """The player's roll tab."""
    me = seat_entry(chips_view(model), model.player_id)
    if me is None:
        return muted("No seat of yours at this table.")
    parts: list[ft.Control] = []
    roll = me["roll"]
    if roll:
        items: list[ft.Control] = [roll_view(roll)]
        if not roll["finished"]:
            # options: the viewer's own entry has them (its private part)
            items.append(spend_buttons(model, system, roll, None, me["hand"], me.get("options")))
        parts.append(card("Your roll", *items))
    parts.append(roll_form(model, system, None, me.get("sheet")))
    return ft.Column(parts, spacing=10)


def gm_roller_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """The GM's own rolls for NPCs (hidden if wished) and chips from the GM's hand."""
    rules = chips_view(model)
    parts: list[ft.Control] = []
    roll = rules["gm_roll"]
    hand = rules["gm_hand"]["chips"] or {}  # the GM sees its mix
    if roll:
        items: list[ft.Control] = [roll_view(roll)]
        if not roll["finished"]:
            items.append(spend_buttons(model, system, roll, "marshal", hand, None))
        parts.append(card(f"{gm_title(rules, True)}'s roll", *items))
    parts.append(roll_form(model, system, "marshal", None))
    return ft.Column(parts, spacing=10)
