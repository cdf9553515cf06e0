"""The GM's decks (consequences, dividends, the adventure generator) and the
end-of-session XP checklist, Failure's Gift and milestones."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.event_types import AnyEventType
from app.domain.fatesedge.adventure import ADVENTURE_DRAW
from app.domain.fatesedge.awards_args import BOON_AWARD, XP_MILESTONE, XP_SESSION, ItemXp
from app.domain.fatesedge.costs import PACING
from app.domain.fatesedge.decks import DECK_DIVIDEND, DECK_DRAW, DECK_SHUFFLE
from app.domain.fatesedge.events.adventure import ADVENTURE_GENERATED
from app.domain.fatesedge.events.decks import DECK_CONSEQUENCE
from app.domain.fatesedge.view_types import FeChecklist

from ..component import component
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, readable, stepper, text_field, use_form
from .bits import sender, small_button
from .common import fe_view, people
from .gm import bank


def _latest(model: AppModel, kind: AnyEventType) -> dict[str, Any] | None:
    """The newest event of a type."""
    return next((e for e in model.log if e.get("type") == kind.name), None)


@component
def decks_panel(model: AppModel) -> ft.Control:
    """Deck of Consequences draws (one card per CP), dividends, the adventure generator."""
    f = use_form({"cp": 1, "reveal": False, "procedure": "quick", "apply": True, "player": ""})
    n = bank(model)
    drawn = _latest(model, DECK_CONSEQUENCE)
    seed = _latest(model, ADVENTURE_GENERATED)
    seats = people(model.table)

    cp = min(int(f["cp"]), n)  # never more than the bank holds

    async def draw(_: Any) -> None:
        await model.send(DECK_DRAW(cp=cp, reveal=bool(f["reveal"])))

    parts: list[ft.Control] = [
        stepper("CP to spend (0: a free draw)", cp, lambda v: f.put(cp=v), 0, max(n, 0)),
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Show the draw to the table",
            value=bool(f["reveal"]),
            on_change=lambda e: f.put(reveal=bool(e.control.value)),
        ),
        button(
            f"Draw {max(cp, 1)} consequence card{'s' if cp > 1 else ''}",
            draw,
            icon=ft.Icons.STYLE,
            filled=True,
        ),
    ]
    if drawn:
        parts.append(ft.Text(readable(str(drawn.get("text"))), size=15))
        data = drawn.get("data", {})
        payers = [
            (c, x)
            for c, x in zip(data.get("cards", []), data.get("dividend", []), strict=False)
            if x
        ]
        if payers and seats:
            who = f["player"] or seats[0][0]
            parts += [
                muted("Complication Dividend: a player takes a high card as drawn"),
                choice_chips(seats, who, lambda p: f.put(player=p), name="Dividend for"),
                ft.Row(
                    [
                        small_button(
                            f"Dividend {c} (+{x} XP)",
                            sender(model, DECK_DIVIDEND(player=who, card=c)),
                        )
                        for c, x in payers
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ]

    async def generate(_: Any) -> None:
        # f["procedure"] is a key of the chips below: one of Procedure.
        await model.send(ADVENTURE_DRAW(procedure=f["procedure"], apply=bool(f["apply"])))

    adventure: list[ft.Control] = [
        choice_chips(
            [("quick", "Quick Hook"), ("seed", "Full Seed"), ("act", "Act Builder")],
            f["procedure"],
            lambda p: f.put(procedure=p),
        ),
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Start its clocks and apply its links",
            value=bool(f["apply"]),
            on_change=lambda e: f.put(apply=bool(e.control.value)),
        ),
        button("Generate adventure", generate, icon=ft.Icons.AUTO_STORIES),
    ]
    if seed:
        adventure.append(ft.Text(readable(str(seed.get("text"))), size=15))
    return ft.Column(
        [
            card("Deck of Consequences", *parts),
            card("Adventure generator", *adventure),
            card(
                "Decks",
                ft.Row(
                    [
                        small_button(
                            "Shuffle consequences",
                            sender(model, DECK_SHUFFLE(deck="consequence")),
                        ),
                        small_button(
                            "Shuffle adventure",
                            sender(model, DECK_SHUFFLE(deck="adventure")),
                        ),
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ),
        ],
        spacing=10,
    )


@component
def xp_panel(model: AppModel) -> ft.Control:
    """End of session: the checklist, each player's awards within the pace, Boons."""
    f = use_form({"player": "", "boon_note": "", "milestone": 10})
    # the GM's view always has the checklist; the fallback is an empty one at standard pace
    empty: FeChecklist = {"questions": [], "awards": [], "pace": list(PACING["standard"])}
    checklist = fe_view(model).get("checklist", empty)
    awards = checklist["awards"]
    lo, hi = checklist["pace"]
    seats = people(model.table)
    who = f["player"] or (seats[0][0] if seats else "")
    if not who:
        return muted("No players yet.", 16)
    usual = {a["id"]: a["usual"] for a in awards}
    # 'Table Attendance: +2 XP' is ticked from the start: everyone present earns it.
    mine: dict[str, int] = f.setdefault(f"awards:{who}", {"attendance": usual.get("attendance", 2)})
    total = sum(mine.values())

    async def attendance_all(_: Any) -> None:
        await model.send(XP_SESSION(awards={pid: {"attendance": True} for pid, _ in seats}))

    async def award(_: Any) -> None:
        items: dict[str, ItemXp] = {k: v for k, v in mine.items() if v}
        if not items:
            model.refuse("Tick at least one award first.")
            return
        await model.send(XP_SESSION(awards={who: items}))
        f.put(**{f"awards:{who}": {"attendance": 0}})

    async def boon(_: Any) -> None:
        sent = await model.send(
            BOON_AWARD(player=who, reason="failure", complication=f["boon_note"])
        )
        if isinstance(sent, Applied):
            f.put(boon_note="")

    def set_award(key: str, v: str) -> None:
        f.put(**{f"awards:{who}": {**mine, key: int(v)}})

    rows: list[ft.Control] = []
    for item in awards:
        key, label, low, high = item["id"], item["label"], int(item["lo"]), int(item["hi"])
        value = int(mine.get(key, 0))
        options = [("0", "—"), *((str(x), f"+{x}") for x in range(max(low, 1), high + 1))]
        rows += [
            ft.Text(f"{label} ({low}–{high} XP)", size=15),
            choice_chips(options, str(value), partial(set_award, key), name=label),
        ]
    pace = "" if lo <= total <= hi else f" (pace is {lo}–{hi})"
    return ft.Column(
        [
            card("End-of-session checklist", *[muted(q, 14) for q in checklist["questions"]]),
            card(
                "Session XP",
                button(
                    f"Table Attendance: +{usual.get('attendance', 2)} XP to everyone",
                    attendance_all,
                    icon=ft.Icons.GROUPS,
                ),
                choice_chips(seats, who, lambda p: f.put(player=p), name="XP for"),
                *rows,
                button(
                    f"Award {total} XP to {dict(seats)[who]}{pace}",
                    award,
                    icon=ft.Icons.STAR,
                    filled=True,
                ),
            ),
            card(
                "Boons",
                muted(
                    "A Boon re-rolls one die of its holder's roll. Failure's Gift: a failure "
                    "with narrative teeth (name them). Or a backstory bond called upon in "
                    "play, when it shapes the scene.",
                    14,
                ),
                text_field(f, "boon_note", label="The failure's narrative teeth"),
                button(f"Award a Boon to {dict(seats)[who]}", boon, icon=ft.Icons.REDEEM),
                button(
                    f"A bond called upon: a Boon to {dict(seats)[who]}",
                    sender(model, BOON_AWARD(player=who, reason="bond")),
                    icon=ft.Icons.HANDSHAKE,
                ),
            ),
            card(
                "Arc milestone",
                stepper("XP to all", int(f["milestone"]), lambda v: f.put(milestone=v), 8, 12),
                button(
                    f"Milestone: {f['milestone']} XP to all (+2 to {dict(seats)[who]})",
                    sender(model, XP_MILESTONE(xp=int(f["milestone"]), signature=who)),
                    icon=ft.Icons.EMOJI_EVENTS,
                ),
            ),
        ],
        spacing=10,
    )
