"""The roller: build the pool, choose the description ladder before the roll with the
exact odds of each, roll on the host or enter physical dice, then see every die, the
re-rolls, successes, CP and the outcome, and spend a Boon to re-roll a die."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.command_types import CommandCall
from app.domain.fatesedge.roll_args import MAX_ASSET_DICE, MAX_EXTRA_DICE, ROLL_ENTER, ROLL_POOL
from app.domain.fatesedge.rolls import BOON_REROLL
from app.domain.fatesedge.view_types import FeSheet, FeYou

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import (
    Form,
    button,
    card,
    choice_chips,
    muted,
    plural,
    stepper,
    text_field,
    use_form,
    use_kept_form,
)
from .bits import dice_row, outcome_banner, pick_row
from .common import (
    ATTRIBUTES,
    DVS,
    FATIGUE_TEXT,
    LADDERS,
    TOP_DV,
    PoolChoice,
    acting_for,
    character,
    fe_view,
    odds,
    parse_faces,
    pool_parts,
    pool_size,
)
from .play import (
    after_roll_actions,
    awaiting_contest,
    contest_card,
    contest_line,
    dice_abilities,
    dice_ability_chips,
    given_next,
    ladder_help,
    power_buttons,
    set_dv,
    set_dv_note,
)


def roll_call(
    f: Form,
    who: str | None,
    gm_dv: int | None = None,
    physical: tuple[list[int], list[int]] | None = None,
) -> CommandCall:
    """The ``roll.pool`` call for what the form holds, or ``roll.enter`` with the
    ``physical`` dice's faces and re-rolled faces; without a DV when the GM set one: the
    host applies it (a roll that names its DV, even 0, keeps it)."""
    roll = partial(
        ROLL_POOL if physical is None else ROLL_ENTER,
        attribute=f["attribute"],
        skill=f["skill"],
        ladder=f["ladder"],
        player=who,
        use=list(f["use"]),
        label=f["label"].strip(),
        follower=f["follower"],
        gear=f["gear"],
        helper=f["helper"],
        bonus=int(f["bonus"]),
        penalty=int(f["penalty"]),
    )
    if f.get("asset"):  # left out unless leveraged: the call's JSON as before
        roll = partial(roll, asset=f["asset"], asset_dice=int(f["asset_dice"]))
    if physical is not None:
        roll = partial(roll, faces=physical[0], rerolls=physical[1])
    if gm_dv is None:
        return roll(dv=int(f["dv"]))
    return roll(dv=0) if gm_dv == 0 else roll()


def ladder_buttons(
    f: Form, size: int, dv: int, on_pick: Any, *, helper: bool = False
) -> ft.Control:
    """One button per ladder step, each with its exact odds (chosen before the roll)."""
    rows: list[ft.Control] = []
    for key, name, what in LADDERS:
        seen = odds(size, dv, key)
        chosen = key == f["ladder"]
        line = f"{name} ({what})"
        detail = seen.text(dv) if seen else ""
        kind = ft.FilledButton if chosen else ft.FilledTonalButton
        rows.append(
            kind(
                content=ft.Column(
                    [
                        ft.Text(
                            line,
                            size=15,
                            weight=ft.FontWeight.BOLD,
                            semantics_label=f"{name} ladder" + (" (chosen)" if chosen else ""),
                        ),
                        ft.Text(detail, size=13, semantics_label=detail),
                    ],
                    spacing=0,
                    tight=True,
                ),
                on_click=lambda e, key=key: on_pick(key),
                height=64,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=14, vertical=6),
                    shape=ft.RoundedRectangleBorder(radius=12),
                ),
                expand=True,
            )
        )
    note = "Odds leave out the helper's dice." if helper else ""
    return ft.Column(
        [*(ft.Row([r]) for r in rows), *([muted(note, 13)] if note else [])], spacing=6
    )


@component
def roll_result(model: AppModel, roll: dict[str, Any], pid: str | None) -> ft.Control:
    """The last roll: every die (tappable to spend a Boon when it's yours), the outcome."""
    sheet = character(fe_view(model), model.is_gm, pid)
    mine = roll.get("player") == (pid or model.player_id)
    boons = sheet["boons"] if mine and sheet is not None else 0
    physical = bool(roll.get("physical"))
    face_form = use_form({"face": ""})

    def on_die(index: int) -> Any:
        async def reroll(_: Any) -> None:
            call = partial(BOON_REROLL, die=index, player=acting_for(pid, model.is_gm))
            if physical:
                try:
                    faces = parse_faces(face_form["face"])
                except ValueError as err:
                    model.refuse(str(err))
                    return
                if len(faces) != 1:
                    model.refuse("This roll was made with physical dice: enter the one new face.")
                    return
                call = partial(call, face=faces[0])
            await model.send(call())

        return reroll

    who = model.seat_name(str(roll.get("player")))
    parts_text = " + ".join(f"{p['label']} {p['dice']:+d}" for p in roll.get("parts", [])[2:])
    what = roll.get("label") or " + ".join(str(p["label"]) for p in roll.get("parts", [])[:2])
    lines: list[ft.Control] = [
        ft.Text(
            f"{who}: {what} · {roll.get('pool')}d10 · {str(roll.get('ladder', '')).title()}",
            size=15,
        ),
    ]
    if parts_text:
        lines.append(muted(parts_text, 13))
    tappable = mine and boons > 0
    if tappable:  # said before the dice, where the eye goes first (it sat at the foot)
        lines.append(
            ft.Text(
                f"Boons: {boons}. Tap a die to spend a Boon and re-roll it.",
                size=15,
                color=ft.Colors.PRIMARY,
            )
        )
    lines.append(dice_row(list(roll.get("dice", [])), on_die if tappable else None))
    lines.append(outcome_banner(roll))
    if roll.get("cancelled"):
        lines.append(muted(f"{roll['cancelled']} CP erased by a talent or item.", 13))
    lines += contest_line(model, roll)
    lines += after_roll_actions(model, roll, pid)
    if roll.get("guidance"):
        lines.append(muted(str(roll["guidance"]), 14))
    if roll.get("bargain"):
        lines.append(ft.Text(f"Devil's Bargain: {roll['bargain']}", size=14))
    if roll.get("flourish"):
        lines.append(ft.Text("Intricate success: add a flourish!", size=14))
    if roll.get("fatigue_rerolls"):
        lines.append(muted(f"Fatigue forced {roll['fatigue_rerolls']} success(es) to re-roll.", 13))
    if mine:
        if tappable:
            if physical:
                lines.append(
                    text_field(
                        face_form,
                        "face",
                        label="New face for the Boon re-roll",
                        keyboard_type=ft.KeyboardType.NUMBER,
                    )
                )
        else:
            lines.append(
                muted(
                    "No Boons to re-roll a die. The GM gives one when a failure has teeth "
                    "(Failure's Gift) or a bond is called upon.",
                    14,
                )
            )
    return card("Last roll", *lines)


@component
def roll_panel(model: AppModel, pid: str | None = None) -> ft.Control:
    """Build the pool, pick the ladder and DV with the odds, roll or enter the dice."""
    view = fe_view(model)
    sheet = character(view, model.is_gm, pid)
    you = view.get("you")  # the player's own parts (the GM's view has none)
    skills = sorted(sheet["skills"] if sheet is not None else {})
    f = use_kept_form(
        model.forms,
        f"fe-roll:{pid or model.player_id}",
        {
            "attribute": "body",
            "skill": skills[0] if skills else "",
            "ladder": "basic",
            "dv": 2,
            "label": "",
            "follower": "",
            "gear": "",
            "asset": "",
            "asset_dice": 0,
            "helper": "",
            "bonus": 0,
            "penalty": 0,
            "physical": False,
            "faces": "",
            "rerolls": "",
            "more": False,
            "use": [],
        },
    )
    if not sheet:
        return muted("No character yet.", 16)
    put = f.put
    choice = PoolChoice(
        f["attribute"],
        f["skill"],
        f["follower"],
        f["gear"],
        int(f["bonus"]),
        int(f["penalty"]),
        f["asset"],
        int(f["asset_dice"]),
    )
    parts = pool_parts(sheet, choice)
    chosen = [a for a in dice_abilities(sheet) if a["key"] in f["use"] and a.get("left") != 0]
    parts += [(str(a["name"]), int(a["amount"])) for a in chosen if int(a["amount"])]
    parts += [(str(a["name"]), int(a["amount"])) for a in given_next(sheet)]
    size = pool_size(parts)
    gm_dv = set_dv(you)
    if awaiting_contest(model, pid):
        gm_dv = 0  # a contest is judged against the other side, not a DV
    dv = gm_dv if gm_dv is not None else int(f["dv"])
    who = acting_for(pid, model.is_gm)

    def toggle(key: str) -> None:
        use = list(f["use"])
        put(use=[k for k in use if k != key] if key in use else [*use, key])

    async def roll(_: Any) -> None:
        # A talent or gear tapped on earlier may since have left the sheet (broken
        # gear does nothing): the host would refuse the whole roll for its key.
        acting = {str(a["key"]) for a in dice_abilities(sheet)}
        if any(k not in acting for k in f["use"]):
            put(use=[k for k in f["use"] if k in acting])
        if f["physical"]:
            try:
                faces, rerolls = parse_faces(f["faces"]), parse_faces(f["rerolls"])
            except ValueError as err:
                model.refuse(str(err))
                return
            if len(faces) != size:
                model.refuse(f"The pool is {size} dice: enter {size} faces.")
                return
            sent = await model.send(roll_call(f, who, gm_dv, (faces, rerolls)))
            if isinstance(sent, Applied):  # recorded: the next roll starts with empty faces
                put(faces="", rerolls="")
        else:
            await model.send(roll_call(f, who, gm_dv))
        put(use=[])

    fatigue = sheet["fatigue"]
    forced = you["fatigue_effect"]["forced_rerolls"] if you is not None else 0
    out: list[ft.Control] = []
    contest = contest_card(model)
    if contest is not None:
        out.append(contest)
    if fatigue >= 4:
        out.append(ft.Text(FATIGUE_TEXT[4], size=16, color=ft.Colors.ERROR))
    pool_parts_text = " ".join(
        f"{'+ ' if i and n >= 0 else '- ' if n < 0 else ''}{label} {abs(n)}"
        for i, (label, n) in enumerate(parts)
    )
    form: list[ft.Control] = [
        muted("Attribute"),
        pick_row(
            [(a, f"{a.title()} {sheet['attributes'].get(a, 0)}") for a in ATTRIBUTES],
            f["attribute"],
            lambda a: put(attribute=a),
        ),
        muted("Skill"),
        pick_row(
            [("", "No skill"), *((s, f"{s.title()} {sheet['skills'][s]}") for s in skills)],
            f["skill"],
            lambda s: put(skill=s),
        ),
        *_dv_controls(you, dv, put, awaiting_contest(model, pid)),
        ft.Text(
            f"Pool: {size}d10 ({pool_parts_text})",
            size=17,
            weight=ft.FontWeight.BOLD,
            semantics_label=f"Pool: {size}d10",
        ),
        muted("Description ladder (choose before rolling)"),
        ladder_help(),
        ladder_buttons(f, size, dv, lambda k: put(ladder=k), helper=bool(f["helper"])),
        *dice_ability_chips(sheet, list(f["use"]), toggle),
        *(
            ft.Text(f"{a['name']}: +{a['amount']} die on this roll ({a['when']}).", size=15)
            for a in given_next(sheet)
        ),
    ]
    if forced:
        form.append(
            ft.Text(
                f"Fatigue: {forced} of your successes will be re-rolled (not in the odds).",
                size=14,
                color=ft.Colors.ERROR,
            )
        )
    form.append(
        ft.Switch(
            padding=SWITCH_PADDING,
            label="More: label, assistant, gear, bonus dice",
            value=bool(f["more"]),
            on_change=lambda e: put(more=bool(e.control.value)),
        )
    )
    if f["more"]:
        form += _more(model, sheet, f, pid)
    form.append(
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Enter physical dice",
            value=bool(f["physical"]),
            on_change=lambda e: put(physical=bool(e.control.value)),
        )
    )
    if f["physical"]:
        form += [
            text_field(f, "faces", label=f"The {size} faces rolled"),
            text_field(f, "rerolls", label="Re-roll faces (ladder first, then Fatigue)"),
        ]
    ladder = next(name for key, name, _ in LADDERS if key == f["ladder"])
    verb = "Record" if f["physical"] else "Roll"
    form.append(
        button(
            f"{verb} {size}d10 {ladder}",
            roll,
            icon=ft.Icons.CASINO,
            filled=True,
            disabled=fatigue >= 4,
        )
    )
    out.append(card("Roll", *form, actions=boons_note(you)))
    # The result lands right under the Roll button, where the thumb just was.
    last = view["last_roll"]
    if last is not None:
        out.append(roll_result(model, last, pid))
    powers = power_buttons(model, sheet, pid)
    if powers is not None:
        out.append(powers)
    return ft.Column(out, spacing=10)


def boons_note(you: FeYou | None) -> list[ft.Control]:
    """Beside the Roll card's title: the Boons the player holds and what one does (a
    new player found neither: the hint sat under the last roll, below the fold). One
    short line in the title's row, so the Roll button stays in view."""
    if you is None or not you["boons"]:
        return []
    return [
        ft.Text(
            f"{plural(you['boons'], 'Boon')}: tap a die after you roll",
            size=15,
            color=ft.Colors.PRIMARY,
        )
    ]


def _dv_controls(you: FeYou | None, dv: int, put: Any, contest: bool) -> list[ft.Control]:
    """The DV the GM set (shown big), or the player's own pick when none is set."""
    if contest:
        return [muted("Contest: no DV — more successes than the other side win.", 15)]
    note = set_dv_note(you)
    if note is not None:
        return [note]
    return [
        muted(
            f"Difficulty: {dict(DVS)[min(dv, TOP_DV)]}" + (f", {dv} successes needed" if dv else "")
        ),
        pick_row(
            [(str(n), str(n) if n else "None") for n, _ in DVS], str(dv), lambda d: put(dv=int(d))
        ),
    ]


def _more(model: AppModel, sheet: FeSheet, f: Form, pid: str | None) -> list[ft.Control]:
    """One assistant (a follower or another player), gear used, an asset leveraged (with
    the GM's dice for it), bonus and penalty dice."""
    put = f.put
    me = pid or model.player_id
    followers = [
        (fid, f"{x['name']} (Cap {x['cap']})")
        for fid, x in sheet["followers"].items()
        if x.get("condition") != "compromised" and not x.get("pinned")
    ]
    helpers = [(p["player"], p["name"]) for p in fe_view(model)["party"] if p["player"] != me]
    gear = [(gid, g["name"]) for gid, g in sheet["gear"].items() if g["condition"] != "broken"]
    controls: list[ft.Control] = [text_field(f, "label", label="What is the roll for?")]
    if followers or helpers:
        controls += [
            muted("One assistant: a follower or a helper"),
            choice_chips(
                [("", "None"), *followers, *(("h:" + p, f"Helper {n}") for p, n in helpers)],
                f["follower"] or ("h:" + f["helper"] if f["helper"] else ""),
                lambda k: (
                    put(follower="", helper=k[2:])
                    if k.startswith("h:")
                    else put(follower=k, helper="")
                ),
            ),
        ]
    if gear:
        controls += [
            muted("Gear used"),
            choice_chips([("", "None"), *gear], f["gear"], lambda g: put(gear=g)),
        ]
    # "+1–2 dice when you personally leverage them on-screen" (the GM says how many);
    # a Compromised asset can't be leveraged (the host refuses it).
    assets = [
        (aid, a["name"]) for aid, a in sheet["assets"].items() if a["condition"] != "compromised"
    ]
    if assets:
        controls += [
            muted("An asset leveraged on-screen"),
            choice_chips(
                [("", "None"), *assets],
                f["asset"],
                lambda a: put(asset=a, asset_dice=int(f["asset_dice"]) if a else 0),
            ),
        ]
    if f["asset"]:
        controls.append(
            stepper(
                "Dice the GM grants for it",
                int(f["asset_dice"]),
                lambda n: put(asset_dice=n),
                0,
                MAX_ASSET_DICE,
            )
        )
    controls += [
        stepper("Bonus dice", int(f["bonus"]), lambda n: put(bonus=n), 0, MAX_EXTRA_DICE),
        stepper("Penalty dice", int(f["penalty"]), lambda n: put(penalty=n), 0, MAX_EXTRA_DICE),
    ]
    return controls
