"""The GM's table-driving tools: set the DV before a player rolls, Failure's Gift after
a failed roll, contests and group rolls."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.domain.fatesedge.awards_args import BOON_AWARD
from app.domain.fatesedge.contests import CONTEST_CANCEL, CONTEST_START, ROLL_GROUP
from app.domain.fatesedge.gm_table import BOON_DECLINE, ROLL_DV

from ..component import component, keyed
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, stepper, text_field, use_form
from .common import ATTRIBUTES, DVS, fe_view


def _party(model: AppModel) -> list[tuple[str, str]]:
    return [(p["player"], p["name"]) for p in fe_view(model)["party"]]


@component
def dv_card(model: AppModel) -> ft.Control:
    """'Difficulty Ladder (Set Before the Roll)': pick who, pick the DV, send."""
    party = _party(model)
    f = use_form({"player": "all", "dv": 2, "label": ""})

    async def send(_: Any) -> None:
        # An empty label is the model's default (none).
        await model.send(ROLL_DV(player=f["player"], dv=int(f["dv"]), label=f["label"].strip()))
        f.put(label="")

    pending = fe_view(model).get("dv_set", {})
    waiting = [
        f"{model.seat_name(pid)}: DV {v['dv']}" for pid, v in pending.items() if isinstance(v, dict)
    ]
    return card(
        "Set the DV before the roll",
        choice_chips(
            [("all", "Everyone"), *party], f["player"], lambda p: f.put(player=p), name="DV for"
        ),
        choice_chips(
            [(str(n), f"{n} {name}") for n, name in DVS if n],
            str(f["dv"]),
            lambda d: f.put(dv=int(d)),
        ),
        text_field(f, "label", label="What are they attempting? (optional)"),
        button(f"Set DV {f['dv']}", send, icon=ft.Icons.FLAG, filled=True),
        muted("Waiting to roll: " + ", ".join(waiting) if waiting else "No DV waiting."),
    )


@component
def boon_offer_card(model: AppModel) -> ft.Control | None:
    """A failed roll offers Failure's Gift: award it with its complication, or pass."""
    f = use_form({"complication": ""})
    offer = fe_view(model).get("boon_offer")
    if offer is None:
        return None
    who = model.seat_name(str(offer["player"]))

    async def award(_: Any) -> None:
        note = f["complication"].strip()
        if not note:
            model.refuse("Name the complication the failure brings (its narrative teeth).")
            return
        await model.send(BOON_AWARD(player=offer["player"], reason="failure", complication=note))
        f.put(complication="")

    async def decline(_: Any) -> None:
        await model.send(BOON_DECLINE())

    return card(
        "Failure's Gift",
        ft.Text(f"{who}'s roll: {offer.get('outcome')}. Did it move the fiction forward?", size=16),
        text_field(f, "complication", label="The complication the failure brings"),
        ft.Row(
            [
                button(f"Award {who} a Boon", award, icon=ft.Icons.STAR, filled=True),
                button("No Boon (fishing)", decline, icon=ft.Icons.BLOCK),
            ],
            wrap=True,
            spacing=8,
        ),
    )


@component
def contest_gm_card(model: AppModel) -> ft.Control:
    """Open a contest between two players, or a player and an opposition pool."""
    party = _party(model)
    first = party[0][0] if party else ""
    f = use_form(
        {"a": first, "b": "", "pool": 3, "npc": "The opposition", "holds": "b", "label": ""}
    )
    contest = fe_view(model)["contest"]
    if contest is not None and not contest.get("result"):

        async def cancel(_: Any) -> None:
            await model.send(CONTEST_CANCEL())

        return card(
            f"Contest: {contest.get('label')}",
            muted("Open: each side rolls on their phone."),
            button("Call off the contest", cancel, icon=ft.Icons.CLOSE),
        )

    async def start(_: Any) -> None:
        contest = partial(CONTEST_START, a=f["a"], holds=f["holds"])
        if f["label"].strip():  # left out: the rules' own name for it
            contest = partial(contest, label=f["label"].strip())
        if f["b"]:
            await model.send(contest(b=f["b"]))
        elif not f["npc"].strip():  # else the host's "'npc_label' can't be empty."
            model.refuse("Name who opposes first (e.g. The opposition).")
        else:
            await model.send(contest(npc_pool=int(f["pool"]), npc_label=f["npc"].strip()))

    controls: list[ft.Control] = [
        text_field(f, "label", label="What is contested?"),
        muted("Side A"),
        choice_chips(party, f["a"], lambda p: f.put(a=p), name="Side A"),
        muted("Side B"),
        choice_chips(
            [("", "Opposition pool"), *((p, f"against {n}") for p, n in party)],
            f["b"],
            lambda p: f.put(b=p),
        ),
    ]
    if not f["b"]:
        controls += [
            text_field(f, "npc", label="Who opposes"),
            stepper("Opposition dice", int(f["pool"]), lambda v: f.put(pool=v), 1, 30),
        ]
    controls += [
        muted("On a tie the status quo holds for"),
        choice_chips([("a", "Side A"), ("b", "Side B")], f["holds"], lambda h: f.put(holds=h)),
        button("Open the contest", start, icon=ft.Icons.SPORTS_KABADDI, filled=True),
    ]
    return card("Contest", *controls)


@component
def group_card(model: AppModel) -> ft.Control:
    """A group roll: everyone's Attribute + Skill pooled against one DV."""
    f = use_form({"attribute": "wits", "skill": "survival", "dv": 2, "forage": False})

    async def roll(_: Any) -> None:
        players = [pid for pid, _ in _party(model)]
        await model.send(
            ROLL_GROUP(
                players=players,
                attribute=f["attribute"],
                skill=f["skill"].strip(),
                dv=int(f["dv"]),
                forage=bool(f["forage"]),
                label="Group roll",
            )
        )

    last = fe_view(model)["group_last"]
    shown = []
    if last is not None:
        verdict = last.get("outcome_name") or ""
        shown.append(
            muted(f"Last group roll: {last['successes']} successes, {last['cp']} CP. {verdict}")
        )
    return card(
        "Group roll (everyone)",
        choice_chips(
            [(a, a.title()) for a in ATTRIBUTES], f["attribute"], lambda a: f.put(attribute=a)
        ),
        text_field(f, "skill", label="Skill"),
        stepper("DV (pooled successes)", int(f["dv"]), lambda v: f.put(dv=v), 0, 20),
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Foraging (a success clears a Supply segment)",
            value=bool(f["forage"]),
            on_change=lambda e: f.put(forage=bool(e.control.value)),
        ),
        button("Roll for the group", roll, icon=ft.Icons.GROUPS),
        *shown,
    )


def gm_play_cards(model: AppModel) -> list[ft.Control]:
    """The cards, most urgent first: a Boon to decide, the DV, contest, group."""
    offer = keyed("fe-boon-offer", boon_offer_card, model)
    cards: list[ft.Control] = [offer] if offer is not None else []
    return [
        *cards,
        keyed("fe-dv", dv_card, model),
        keyed("fe-contest", contest_gm_card, model),
        keyed("fe-group", group_card, model),
    ]
