"""The GM's table set-up (pool list, creation questions), GM-side characters, and the
GM's own rolls (bare dice, a GM-side character, or for a player)."""

from __future__ import annotations

from typing import Any

import flet as ft

from app.domain.wheel.creation import CREATION_POOLS, CREATION_QUESTIONS
from app.domain.wheel.npcs import MAX_DICE as NPC_MAX_DICE
from app.domain.wheel.npcs import NPC_ADD, NPC_REMOVE
from app.domain.wheel.state import ASPECT_SLOTS, ATTRIBUTES
from app.domain.wheel.table_gm import LIMIT_MAX, POOLS_LIMITS

from ..component import component, keyed
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_form
from .common import Roller, last_roll, names, wheel_view
from .controls import stepper
from .results import roll_result
from .roller import Who, roll_form

#: The creation questions' numbers: one question for each aspect made at creation.
QUESTIONS = range(1, ASPECT_SLOTS + 1)


def split_names(text: str) -> list[str]:
    """'Guns, Horses ,  ' -> ['Guns', 'Horses']."""
    return [n.strip() for n in text.split(",") if n.strip()]


@component
def setup_panel(model: AppModel) -> ft.Control:
    """The table's pool list and the five creation questions."""
    view = wheel_view(model)
    pools = view["pools"]
    f = use_form(
        {
            "normal": ", ".join(p["name"] for p in pools if not p["special"]),
            "special": ", ".join(p["name"] for p in pools if p["special"]),
            **{f"q{i}": q for i, q in enumerate(view["questions"], start=1)},
        }
    )

    async def save_pools(_: Any) -> None:
        await model.send(
            CREATION_POOLS(normal=split_names(f["normal"]), special=split_names(f["special"]))
        )

    settings = model.table.get("settings", {})
    limits = use_form(
        {
            "pool_dice": int(settings.get("pool_dice", 3)),
            "pool_max": int(settings.get("pool_max", 3)),
        }
    )

    async def save_limits(_: Any) -> None:
        dice, most = int(limits["pool_dice"]), int(limits["pool_max"])
        now = int(settings.get("pool_dice", 3)), int(settings.get("pool_max", 3))
        if (dice, most) == now:  # else the host's "Name a new 'pool_dice' or 'pool_max' ..."
            model.refuse(
                f"The pool limits are unchanged ({dice} pool dice, at most {most} in one pool): "
                "change one first."
            )
            return
        await model.send(POOLS_LIMITS(pool_dice=dice, pool_max=most))

    async def save_questions(_: Any) -> None:
        questions = [f[f"q{i}"].strip() for i in QUESTIONS]
        empty = [str(i) for i, q in zip(QUESTIONS, questions, strict=True) if not q]
        if empty:  # else the host's "Every entry of 'questions' can't be empty."
            model.refuse(f"Write every question first (empty: {', '.join(empty)}).")
            return
        await model.send(CREATION_QUESTIONS(questions=questions))

    return ft.Column(
        [
            card(
                "Pools",
                muted(
                    "Players distribute their pool dice among these. Normal pools roll as "
                    "bonus dice; special ones you rule on."
                ),
                text_field(f, "normal", label="Normal pools (comma separated)"),
                text_field(f, "special", label="Special pools (comma separated)"),
                button("Save the pool list", save_pools, icon=ft.Icons.SAVE, filled=True),
            ),
            card(
                "Pool limits",
                muted("Pool dice each character distributes, and the most one pool may hold."),
                stepper(
                    "Pool dice",
                    int(limits["pool_dice"]),
                    lambda n: limits.put(pool_dice=n),
                    0,
                    LIMIT_MAX,
                ),
                stepper(
                    "Most in one pool",
                    int(limits["pool_max"]),
                    lambda n: limits.put(pool_max=n),
                    0,
                    LIMIT_MAX,
                ),
                button("Save the pool limits", save_limits, icon=ft.Icons.SAVE),
            ),
            card(
                "Creation questions",
                *[text_field(f, f"q{i}", label=f"Question {i}") for i in QUESTIONS],
                button("Save the questions", save_questions, icon=ft.Icons.SAVE),
            ),
        ],
        spacing=12,
    )


@component
def npc_form(model: AppModel) -> ft.Control:
    f = use_form({"name": "", "physical": 2, "mental": 2, "social": 2})

    async def add(_: Any) -> None:
        if not f["name"].strip():
            model.refuse("Give the character a name.")
            return
        await model.send(
            NPC_ADD(
                name=f["name"].strip(),
                physical=int(f["physical"]),
                mental=int(f["mental"]),
                social=int(f["social"]),
            )
        )
        f.put(name="")

    return card(
        "Add a GM-side character",
        text_field(f, "name", label="Name"),
        *[stepper(a.title(), int(f[a]), f.setter(a), 0, NPC_MAX_DICE) for a in ATTRIBUTES],
        button("Add the character", add, icon=ft.Icons.PERSON_ADD, filled=True),
    )


def npc_list(model: AppModel) -> ft.Control:
    rows: list[ft.Control] = []
    for nid, npc in wheel_view(model).get("npcs", {}).items():

        async def remove(_: Any, nid: str = nid) -> None:
            await model.send(NPC_REMOVE(npc=nid))

        attrs = ", ".join(f"{a.title()} {npc['attributes'].get(a, 0)}d" for a in ATTRIBUTES)
        stress = npc["stress"]
        out = ", ".join(npc["out"])
        text = f"{npc['name']}: {attrs}" + (f" · stress {stress}d" if stress else "")
        rows.append(
            ft.Row(
                [
                    ft.Text(text + (f" ({out})" if out else ""), size=15, expand=True),
                    button(f"Remove {npc['name']}", remove, icon=ft.Icons.DELETE),
                ],
                wrap=True,
            )
        )
    return card("GM-side characters", *(rows or [muted("None yet.")]))


def cast_panel(model: AppModel) -> ft.Control:
    return ft.Column([npc_list(model), keyed("npc-form", npc_form, model)], spacing=12)


@component
def rolls_panel(model: AppModel) -> ft.Control:
    """The GM rolls bare dice, for a GM-side character, or for a player."""
    view = wheel_view(model)
    who = names(view, model.table.get("seats", []))
    f = use_form({"who": ""})
    npcs = view.get("npcs", {})
    sheets = view.get("sheets", {})
    options = [("", "Just dice"), *[(n, who.get(n, n)) for n in npcs]]
    options += [(p, who.get(p, p)) for p, s in sheets.items() if s["attributes"]]
    cid = f["who"] or None
    record: Roller | None = None  # None: the GM's bare dice
    args: Who = {}
    if cid is not None and cid in npcs:
        record, args = npcs[cid], {"npc": cid}
    elif cid is not None:
        record, args = sheets.get(cid), {"player": cid}
    parts: list[ft.Control] = [
        muted("Roll for:"),
        choice_chips(options, f["who"], lambda c: f.put(who=c), name="Roll for"),
    ]
    last = last_roll(model.log, cid)
    if last is not None:
        parts.append(card("Last roll", roll_result(last, with_text=True)))
    fate = sheets[cid]["fate"] if cid is not None and cid in sheets else 0
    parts.append(keyed(f"gm-roll-{cid}", roll_form, model, cid, record, args, fate))
    return ft.Column(parts, spacing=12)
