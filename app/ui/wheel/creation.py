"""Guided character creation on the phone, one step at a time, in the text's order.

The steps and what each still misses come from the host (``me.steps``); the checks
(attribute split, the 1d warning, pool totals, the word count) are the domain's own,
so the phone warns before sending exactly what the host would refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.domain.wheel.creation import (
    CHAR_ANSWER,
    CHAR_ASPECT,
    CHAR_ATTRIBUTES,
    CHAR_CONNECTION,
    CHAR_FINISH,
    CHAR_POOLS,
    CHAR_SUMMARY,
    CHAR_WENT_WRONG,
)
from app.domain.wheel.sheet import (
    MAX_ATTRIBUTE,
    attribute_problem,
    attribute_warnings,
    pool_problem,
)
from app.domain.wheel.state import ATTRIBUTES
from app.domain.wheel.view_types import Sheet, Step, StepKey

from ..component import component
from ..model import AppModel
from ..theme import TARGET
from ..widgets import button, card, muted, text_field, use_form
from .common import SUMMARY_WORDS_UNDER, me, missing_words, names, wheel_view, word_count
from .controls import stepper

#: The text's words for each attribute level ("What's Normal?").
SCALE = {
    0: "incapable",
    1: "impeded",
    2: "normal",
    3: "talented",
    4: "exceptional",
    5: "awesome",
    6: "paragon",
}


def settings(model: AppModel) -> dict[str, Any]:
    found = model.table.get("settings")
    return found if isinstance(found, dict) else {}


def _written(model: AppModel, text: str, what: str) -> bool:
    """Whether ``text`` has words in it; else says so in the step's words (the host's
    refusal of an empty text names the argument, e.g. "'text' can't be empty")."""
    if text.strip():
        return True
    model.refuse(f"Write {what} first.")
    return False


def summary_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    # Until a name is saved the view names the character after the seat; the field
    # starts empty then, so a name shown in it is one the player typed.
    f.setdefault("name", "" if "name" in record["missing"] else record["name"])
    f.setdefault("summary", record["summary"])
    words = word_count(f["summary"])

    async def save(_: Any) -> None:
        if words >= SUMMARY_WORDS_UNDER:
            model.refuse(f"The summary must be under {SUMMARY_WORDS_UNDER} words (it has {words}).")
            return
        if not _written(model, f["name"], "your character's name") or not _written(
            model, f["summary"], "who they are"
        ):
            return
        await model.send(CHAR_SUMMARY(name=f["name"], summary=f["summary"]))

    return [
        text_field(f, "name", label="Character name"),
        text_field(
            f, "summary", label="Who they are, in under 50 words", multiline=True, min_lines=3
        ),
        ft.Text(
            f"{words} / {SUMMARY_WORDS_UNDER - 1} words",
            color=ft.Colors.ERROR if words >= SUMMARY_WORDS_UNDER else ft.Colors.ON_SURFACE_VARIANT,
        ),
        button("Save name and summary", save, icon=ft.Icons.SAVE, filled=True),
    ]


def connections_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    who = names(wheel_view(model), model.table.get("seats", []))
    others = [str(s["player_id"]) for s in model.table.get("seats", [])]
    others = [p for p in others if p != model.player_id]
    if not others:
        return [muted("No one else has joined yet: come back when they have.")]
    rows: list[ft.Control] = [muted("How does your character know each of the others?")]
    for pid in others:
        key = f"connection:{pid}"
        f.setdefault(key, record["connections"].get(pid, ""))

        async def save(_: Any, pid: str = pid, key: str = key) -> None:
            if not _written(model, f[key], f"how your character knows {who.get(pid, pid)}"):
                return
            await model.send(CHAR_CONNECTION(other=pid, text=f[key]))

        rows += [
            text_field(f, key, label=f"Connection to {who.get(pid, pid)}", multiline=True),
            button(f"Save connection to {who.get(pid, pid)}", save, icon=ft.Icons.LINK),
        ]
    return rows


def attributes_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    total = int(settings(model).get("attribute_dice", 8))
    have = record["attributes"]
    values: dict[str, int] = {a: int(f.setdefault(a, have.get(a, 0))) for a in ATTRIBUTES}
    left = total - sum(values.values())
    problem = attribute_problem(values, total)
    rows: list[ft.Control] = [
        muted(
            f"Split {total}d among Physical, Mental and Social "
            f"(at least 1d, at most {MAX_ATTRIBUTE}d)."
        ),
        *[stepper(a.title(), values[a], f.setter(a), 0, MAX_ATTRIBUTE) for a in ATTRIBUTES],
        ft.Text(
            f"{left}d left to place" if left else "All dice placed",
            size=16,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ERROR if left < 0 else None,
        ),
        muted(
            " · ".join(f"{a.title()} {values[a]}d {SCALE.get(values[a], '')}" for a in ATTRIBUTES)
        ),
        *[ft.Text(w, color=ft.Colors.ERROR) for w in attribute_warnings(values)],
    ]

    async def save(_: Any) -> None:
        if problem:
            model.refuse(problem)
            return
        await model.send(
            CHAR_ATTRIBUTES(
                physical=values["physical"], mental=values["mental"], social=values["social"]
            )
        )

    rows.append(button("Save attributes", save, icon=ft.Icons.SAVE, filled=not problem))
    return rows


def questions_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    questions = wheel_view(model)["questions"]
    rows: list[ft.Control] = [muted("Answer each question, then turn the answer into an aspect.")]
    for n, question in enumerate(questions, start=1):
        a_key, s_key = f"answer:{n}", f"aspect:{n}"
        f.setdefault(a_key, record["answers"].get(str(n), ""))
        f.setdefault(s_key, record["aspects"].get(str(n), ""))

        async def save(_: Any, n: int = n, a_key: str = a_key, s_key: str = s_key) -> None:
            if f[a_key].strip():
                await model.send(CHAR_ANSWER(number=n, text=f[a_key].strip()))
            if f[s_key].strip():
                await model.send(CHAR_ASPECT(number=n, text=f[s_key].strip()))

        rows += [
            ft.Text(f"{n}. {question}", size=16, weight=ft.FontWeight.BOLD),
            text_field(f, a_key, label=f"Answer {n}", multiline=True),
            text_field(f, s_key, label=f"Aspect {n}"),
            button(f"Save answer and aspect {n}", save, icon=ft.Icons.SAVE),
        ]
    return rows


def pools_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    table_pools = wheel_view(model)["pools"]
    if not table_pools:
        return [muted("The GM hasn't listed any pools for this table: nothing to do here.")]
    s = settings(model)
    total, cap = int(s.get("pool_dice", 3)), int(s.get("pool_max", 3))
    have = record["pools"]
    dice = {
        p["name"]: int(f.setdefault(f"pool:{p['name']}", have.get(p["name"], 0)))
        for p in table_pools
    }
    problem = pool_problem(dice, dice, total, cap)
    rows: list[ft.Control] = [
        muted(f"Distribute {total} dice among the GM's pools (up to {cap} each).")
    ]
    for p in table_pools:
        label = p["name"] + (" (special: the GM rules on it)" if p["special"] else "")
        rows.append(stepper(label, dice[p["name"]], f.setter(f"pool:{p['name']}"), 0, cap))
    left = total - sum(dice.values())
    rows.append(
        ft.Text(
            f"{left} dice left to place" if left else "All dice placed",
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ERROR if left < 0 else None,
        )
    )

    async def save(_: Any) -> None:
        if problem:
            model.refuse(problem)
            return
        await model.send(CHAR_POOLS(dice={k: v for k, v in dice.items() if v}))

    rows.append(button("Save pools", save, icon=ft.Icons.SAVE, filled=not problem))
    return rows


def went_wrong_step(model: AppModel, f: Any, record: Sheet) -> list[ft.Control]:
    f.setdefault("went_wrong", record["went_wrong"])

    async def save(_: Any) -> None:
        if _written(model, f["went_wrong"], "what just went wrong"):
            await model.send(CHAR_WENT_WRONG(text=f["went_wrong"]))

    return [
        ft.Text(wheel_view(model)["last_question"], size=17),
        text_field(f, "went_wrong", label="What just went wrong?", multiline=True),
        button(
            "Save the answer",
            save,
            icon=ft.Icons.SAVE,
        ),
    ]


STEP_BUILDERS: dict[StepKey, Callable[[AppModel, Any, Sheet], list[ft.Control]]] = {
    "summary": summary_step,
    "connections": connections_step,
    "attributes": attributes_step,
    "questions": questions_step,
    "pools": pools_step,
    "went_wrong": went_wrong_step,
}


def save_label(item: str, who: dict[str, str]) -> str:
    """The Save button of the step where ``item`` (a text's form key) is written."""
    key, _, arg = item.partition(":")
    if key == "connection":
        return f"Save connection to {who.get(arg, arg)}"
    if key in ("answer", "aspect"):
        return f"Save answer and aspect {arg}"
    return "Save the answer" if key == "went_wrong" else "Save name and summary"


def missing_line(item: str, f: Any, record: Sheet, who: dict[str, str], questions: Any) -> str:
    """One gap in words. The list is what the host has saved, so a text the player has
    typed but not saved yet says so, with the button to tap, rather than "missing"
    (the text items' names are the form's keys)."""
    words = "• " + missing_words(item, who, questions)
    typed = f.get(item)
    if not isinstance(typed, str) or not typed.strip():
        return words
    step = next((s["step"] for s in record["steps"] if item in s["missing"]), None)
    where = f" (step {step})" if step is not None else ""
    return f"{words}: typed, not saved yet: tap “{save_label(item, who)}”{where}"


def missing_card(model: AppModel, f: Any, record: Sheet) -> ft.Control:
    """What creation still needs, in words, and the button to declare it done."""
    todo = record["missing"]
    view = wheel_view(model)
    who = names(view, model.table.get("seats", []))
    questions = view["questions"]

    async def finish(_: Any) -> None:
        await model.send(CHAR_FINISH())

    rows: list[ft.Control] = [ft.Text(missing_line(m, f, record, who, questions)) for m in todo]
    if not todo:
        rows.append(ft.Text("Nothing: your character is ready.", color=ft.Colors.GREEN))
    rows.append(button("Finish character", finish, icon=ft.Icons.DONE_ALL, filled=not todo))
    return card("What's missing", *rows)


def step_button(step: Step, current: bool, on_click: Any) -> ft.Control:
    """A numbered step; finished steps have a green ring (the font has no check mark)."""
    done = not step["missing"]
    label = f"Step {step['step']}: {step['title']}" + (", done" if done else "")
    return (ft.FilledButton if current else ft.FilledTonalButton)(
        content=ft.Column(
            [ft.Text(str(step["step"]), size=18, semantics_label=label)],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            tight=True,
        ),
        height=TARGET + 4,
        width=TARGET + 4,
        on_click=on_click,
        style=ft.ButtonStyle(
            padding=ft.Padding.all(0),
            side=ft.BorderSide(3, ft.Colors.GREEN) if done else None,
        ),
    )


@component
def creation_flow(model: AppModel) -> ft.Control:
    """The six steps, one on screen at a time, with Back / Next and what's missing."""
    record = me(wheel_view(model))
    steps = record["steps"] if record is not None else []
    first = next((i for i, s in enumerate(steps) if s["missing"]), 0)
    f = use_form({"step": first})  # open on the first step with something to do
    index = min(int(f["step"]), max(len(steps) - 1, 0))
    if record is None or not steps:
        return muted("Waiting for the table…")
    step = steps[index]
    tabs = ft.Row(
        [step_button(s, i == index, lambda e, i=i: f.put(step=i)) for i, s in enumerate(steps)],
        spacing=6,
        wrap=True,
    )
    body = STEP_BUILDERS[step["key"]](model, f, record)
    nav = ft.Row(
        [
            button(
                "Back",
                lambda e: f.put(step=index - 1),
                icon=ft.Icons.ARROW_BACK,
                disabled=index == 0,
                expand=True,
            ),
            button(
                "Next",
                lambda e: f.put(step=index + 1),
                icon=ft.Icons.ARROW_FORWARD,
                disabled=index >= len(steps) - 1,
                expand=True,
                tonal=True,
            ),
        ],
        spacing=8,
    )
    status = "done" if not step["missing"] else f"{len(step['missing'])} to do"
    return ft.Column(
        [
            ft.Text("Create your character", size=22, weight=ft.FontWeight.BOLD),
            tabs,
            card(f"Step {step['step']} of {len(steps)}: {step['title']} ({status})", *body),
            nav,
            missing_card(model, f, record),
        ],
        spacing=12,
    )
