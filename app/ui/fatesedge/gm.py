"""The GM's Fate's Edge tools: the CP bank and its spend menu, clocks and Supply, the
decks, and the end-of-session XP checklist."""

from __future__ import annotations

from typing import Any

import flet as ft

from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, plural, readable, stepper, use_form
from .bits import small_button
from .common import FATIGUE_TEXT, clock_text, people, roll_headline
from .roll import roll_result
from .table import clock_views, supply_view

PILLARS = ("combat", "stealth", "social", "travel", "arcana")
#: Options whose effect needs a target: which one, and what the GM picks.
TARGETS = {
    "fatigue": "player",
    "threat": "clock",
    "faction": "clock",
    "compromise": "gear",
    "combat-2": "gear",
    "gear-breaks": "gear",
}


def bank(model: AppModel) -> int:
    return int(model.rules.get("cp_bank", 0))


def bank_card(model: AppModel) -> ft.Control:
    """The side bar: the CP bank big, Supply and the decks at a glance."""
    rules = model.rules
    decks = rules.get("decks", {})
    supply = rules.get("supply", {})
    n = bank(model)
    return card(
        "Complication Points",
        ft.Text(
            f"{n} CP banked",
            size=28,
            weight=ft.FontWeight.BOLD,
        ),
        muted("Players don't see the bank unless you tell them."),
        ft.Text(f"Supply {supply.get('filled', 0)}/4: {supply.get('state', '')}", size=15),
        muted(
            f"Consequence deck {decks.get('consequence', {}).get('remaining', 0)} left · "
            f"adventure deck {decks.get('adventure', {}).get('remaining', 0)} left"
        ),
    )


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    """A seat at a glance: character, XP, Boons, Fatigue, last roll."""
    sheet = model.rules.get("characters", {}).get(pid, {})
    if not sheet:
        return muted("No character yet.")
    xp = sheet.get("xp", {})
    lines: list[ft.Control] = [
        ft.Text(
            f"{sheet.get('name')} · {xp.get('unspent', 0)} XP · "
            + plural(int(sheet.get("boons", 0)), "Boon"),
            size=15,
            weight=ft.FontWeight.BOLD,
        ),
        muted(FATIGUE_TEXT.get(int(sheet.get("fatigue", 0)), "")),
    ]
    if sheet.get("status") == "creating":
        lines.append(muted("Still creating their character."))
    last = model.rules.get("last_roll")
    if isinstance(last, dict) and last.get("player") == pid:
        lines.append(ft.Text(f"Last roll: {roll_headline(last)}", size=14))
    return ft.Column(lines, spacing=4)


@ft.component
def cp_panel(model: AppModel) -> ft.Control:
    """The spend menu (universal and by pillar), each option with its cost; grant, reveal."""
    f = use_form({"pillar": "universal", "note": "", "reveal": False, "target": "", "grant": 1})
    menu = model.rules.get("menu", {})
    n = bank(model)
    rows = (
        menu.get("universal", [])
        if f["pillar"] == "universal"
        else menu.get("pillars", {}).get(f["pillar"], [])
    )

    def targets(kind: str) -> list[tuple[str, str]]:
        if kind == "player":
            return people(model.table)
        if kind == "clock":
            return [(cid, clock_text(c)) for cid, c in model.rules.get("clocks", {}).items()]
        return [
            (f"{pid}/{gid}", f"{sheet['name']}: {g['name']}")
            for pid, sheet in model.rules.get("characters", {}).items()
            for gid, g in sheet.get("gear", {}).items()
        ]

    def spend(row: dict[str, Any]) -> Any:
        async def go(_: Any) -> None:
            args: dict[str, Any] = {"option": row["id"], "reveal": bool(f["reveal"])}
            if f["note"].strip():
                args["note"] = f["note"].strip()
            kind = TARGETS.get(row["id"])
            if kind:
                target = str(f["target"])
                if not target or target not in dict(targets(kind)):
                    model.refuse(f"Pick the {kind} this option acts on first.")
                    return
                if kind == "gear":
                    args["player"], args["gear"] = target.split("/", 1)
                else:
                    args[kind] = target
            await model.send("cp.spend", args)

        return go

    async def grant(_: Any) -> None:
        await model.send("cp.grant", {"cp": int(f["grant"]), "reason": f["note"] or "GM's call"})

    async def reveal_bank(_: Any) -> None:
        await model.send("cp.reveal")

    options: list[ft.Control] = []
    for row in rows:
        cost = int(row["cost"])
        ok = cost <= n
        kind = ft.FilledTonalButton if ok else ft.OutlinedButton
        options.append(
            kind(
                content=f"{cost} CP: {readable(row['text'])}"
                + (f" (on a {TARGETS[row['id']]})" if row["id"] in TARGETS else ""),
                icon=ft.Icons.BOLT if ok else ft.Icons.BLOCK,
                on_click=spend(row) if ok else _refuse(model, cost, n),
                height=52,
            )
        )
    needed = {TARGETS[r["id"]] for r in rows if r["id"] in TARGETS}
    pickers: list[ft.Control] = []
    for kind in sorted(needed):
        found = targets(kind)
        pickers += [
            muted(f"The {kind} an option marked 'on a {kind}' acts on:"),
            choice_chips(found, f["target"], lambda t: f.put(target=t))
            if found
            else muted(f"No {kind} to target yet."),
        ]
    ladder = [muted(f"{r['cost']}: {r['text']}", 13) for r in menu.get("ladder", [])]
    return ft.Column(
        [
            card(
                f"Spend CP ({n} banked)",
                choice_chips(
                    [("universal", "Universal"), *((p, p.title()) for p in PILLARS)],
                    f["pillar"],
                    lambda p: f.put(pillar=p),
                ),
                ft.Row(options, wrap=True, spacing=8, run_spacing=8),
                *pickers,
                ft.TextField(
                    label="Complication note (optional)",
                    value=f["note"],
                    on_change=lambda e: f.put(note=e.control.value),
                ),
                ft.Switch(
                    label="Show this spend to the table",
                    value=bool(f["reveal"]),
                    on_change=lambda e: f.put(reveal=bool(e.control.value)),
                ),
            ),
            card(
                "Bank",
                stepper("Free CP", int(f["grant"]), lambda v: f.put(grant=v), 1, 10),
                ft.Row(
                    [
                        button("Bank free CP", grant, icon=ft.Icons.SAVINGS),
                        button("Tell the table the bank", reveal_bank, icon=ft.Icons.CAMPAIGN),
                    ],
                    wrap=True,
                ),
            ),
            card("CP spend ladder", *ladder),
        ],
        spacing=10,
    )


def _refuse(model: AppModel, cost: int, have: int) -> Any:
    async def go(_: Any) -> None:
        model.refuse(f"That costs {cost} CP; the bank holds {have}.")

    return go


def _send(model: AppModel, type_: str, args: dict[str, Any] | None = None) -> Any:
    async def go(_: Any = None) -> None:
        await model.send(type_, args or {})

    return go


@ft.component
def clocks_panel(model: AppModel) -> ft.Control:
    """Start clocks (shown or GM-only), tick them, show/hide; Supply and Fatigue."""
    f = use_form({"name": "", "size": 6, "visible": True, "full": ""})

    async def create(_: Any) -> None:
        if not f["name"].strip():
            model.refuse("Name the clock's danger first.")
            return
        await model.send(
            "clock.create",
            {
                "name": f["name"].strip(),
                "size": int(f["size"]),
                "visible": bool(f["visible"]),
                "full": f["full"].strip(),
            },
        )
        f.put(name="", full="")

    def actions(cid: str, clock: dict[str, Any]) -> list[ft.Control]:
        name = str(clock.get("name"))
        shown = bool(clock.get("visible", True))
        return [
            small_button(
                f"Tick {name}",
                _send(model, "clock.tick", {"clock": cid, "ticks": 1}),
                icon=ft.Icons.ADD,
            ),
            small_button(
                f"Untick {name}",
                _send(model, "clock.tick", {"clock": cid, "ticks": -1}),
                icon=ft.Icons.REMOVE,
            ),
            small_button(
                f"{'Hide' if shown else 'Show'} {name}",
                _send(model, "clock.reveal", {"clock": cid, "visible": not shown}),
                icon=ft.Icons.VISIBILITY_OFF if shown else ft.Icons.VISIBILITY,
            ),
            small_button(
                f"Clear {name}", _send(model, "clock.remove", {"clock": cid}), icon=ft.Icons.DELETE
            ),
        ]

    supply_actions = [
        small_button("Supply +1", _send(model, "supply.tick", {"ticks": 1}), icon=ft.Icons.ADD),
        small_button("Supply -1", _send(model, "supply.tick", {"ticks": -1}), icon=ft.Icons.REMOVE),
        small_button(
            "Resupplied", _send(model, "supply.tick", {"reset": True}), icon=ft.Icons.STORE
        ),
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
                            _send(model, "fatigue.change", {"player": "all", "levels": 1}),
                        ),
                        small_button("Night's rest", _send(model, "fatigue.rest")),
                        small_button("End the scene", _send(model, "scene.end")),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                ),
            ),
            card(
                "New clock",
                ft.TextField(
                    label="Clock name",
                    value=f["name"],
                    on_change=lambda e: f.put(name=e.control.value),
                ),
                choice_chips(
                    [(str(s), f"{s} segments") for s in (4, 6, 8, 10)],
                    str(f["size"]),
                    lambda s: f.put(size=int(s)),
                ),
                ft.Switch(
                    label="Visible to everyone",
                    value=bool(f["visible"]),
                    on_change=lambda e: f.put(visible=bool(e.control.value)),
                ),
                ft.TextField(
                    label="When it fills",
                    value=f["full"],
                    on_change=lambda e: f.put(full=e.control.value),
                ),
                button("Start clock", create, icon=ft.Icons.TIMER, filled=True),
            ),
        ],
        spacing=10,
    )


def _latest(model: AppModel, type_: str) -> dict[str, Any] | None:
    """The newest event of a type (the rules prefix their events: "fe.deck.consequence")."""
    return next((e for e in model.log if str(e.get("type", "")).endswith(type_)), None)


@ft.component
def decks_panel(model: AppModel) -> ft.Control:
    """Deck of Consequences draws (one card per CP), dividends, the adventure generator."""
    f = use_form({"cp": 1, "reveal": False, "procedure": "quick", "apply": True, "player": ""})
    n = bank(model)
    drawn = _latest(model, "deck.consequence")
    seed = _latest(model, "adventure.generated")
    seats = people(model.table)

    cp = min(int(f["cp"]), n)  # never more than the bank holds

    async def draw(_: Any) -> None:
        await model.send("deck.draw", {"cp": cp, "reveal": bool(f["reveal"])})

    parts: list[ft.Control] = [
        stepper("CP to spend (0: a free draw)", cp, lambda v: f.put(cp=v), 0, max(n, 0)),
        ft.Switch(
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
                choice_chips(seats, who, lambda p: f.put(player=p)),
                ft.Row(
                    [
                        small_button(
                            f"Dividend {c} (+{x} XP)",
                            _send(model, "deck.dividend", {"player": who, "card": c}),
                        )
                        for c, x in payers
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ]

    async def generate(_: Any) -> None:
        await model.send("adventure.draw", {"procedure": f["procedure"], "apply": bool(f["apply"])})

    adventure: list[ft.Control] = [
        choice_chips(
            [("quick", "Quick Hook"), ("seed", "Full Seed"), ("act", "Act Builder")],
            f["procedure"],
            lambda p: f.put(procedure=p),
        ),
        ft.Switch(
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
                            _send(model, "deck.shuffle", {"deck": "consequence"}),
                        ),
                        small_button(
                            "Shuffle adventure", _send(model, "deck.shuffle", {"deck": "adventure"})
                        ),
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ),
        ],
        spacing=10,
    )


@ft.component
def xp_panel(model: AppModel) -> ft.Control:
    """End of session: the checklist, each player's awards within the pace, Boons."""
    f = use_form({"player": "", "boon_note": "", "milestone": 10})
    checklist = model.rules.get("checklist", {})
    awards = checklist.get("awards", [])
    lo, hi = checklist.get("pace", [6, 10])
    seats = people(model.table)
    who = f["player"] or (seats[0][0] if seats else "")
    if not who:
        return muted("No players yet.", 16)
    mine: dict[str, int] = f.setdefault(f"awards:{who}", {})
    total = sum(mine.values())

    async def award(_: Any) -> None:
        items = {k: v for k, v in mine.items() if v}
        if not items:
            model.refuse("Tick at least one award first.")
            return
        await model.send("xp.session", {"awards": {who: items}})
        f.put(**{f"awards:{who}": {}})

    async def boon(_: Any) -> None:
        await model.send(
            "boon.award", {"player": who, "reason": "failure", "complication": f["boon_note"]}
        )

    rows: list[ft.Control] = []
    for item in awards:
        key, label, low, high = item["id"], item["label"], int(item["lo"]), int(item["hi"])
        value = int(mine.get(key, 0))
        options = [("0", "—"), *((str(x), f"+{x}") for x in range(max(low, 1), high + 1))]
        rows += [
            ft.Text(f"{label} ({low}–{high} XP)", size=15),
            choice_chips(
                options,
                str(value),
                lambda v, key=key: f.put(**{f"awards:{who}": {**mine, key: int(v)}}),
            ),
        ]
    pace = "" if lo <= total <= hi else f" (pace is {lo}–{hi})"
    return ft.Column(
        [
            card(
                "End-of-session checklist", *[muted(q, 14) for q in checklist.get("questions", [])]
            ),
            card(
                "Session XP",
                choice_chips(seats, who, lambda p: f.put(player=p)),
                *rows,
                button(
                    f"Award {total} XP to {dict(seats)[who]}{pace}",
                    award,
                    icon=ft.Icons.STAR,
                    filled=True,
                ),
            ),
            card(
                "Failure's Gift",
                ft.TextField(
                    label="The failure's narrative teeth",
                    value=f["boon_note"],
                    on_change=lambda e: f.put(boon_note=e.control.value),
                ),
                button(f"Award a Boon to {dict(seats)[who]}", boon, icon=ft.Icons.REDEEM),
            ),
            card(
                "Arc milestone",
                stepper("XP to all", int(f["milestone"]), lambda v: f.put(milestone=v), 8, 12),
                button(
                    f"Milestone: {f['milestone']} XP to all (+2 to {dict(seats)[who]})",
                    _send(model, "xp.milestone", {"xp": int(f["milestone"]), "signature": who}),
                    icon=ft.Icons.EMOJI_EVENTS,
                ),
            ),
        ],
        spacing=10,
    )


@ft.component
def rolls_panel(model: AppModel) -> ft.Control:
    """The last roll at the table, a Devil's Bargain on a Miss, opposition pools."""
    f = use_form({"bargain": "", "pool": 3, "label": "Opposition", "hidden": False})
    last = model.rules.get("last_roll")
    parts: list[ft.Control] = []
    if isinstance(last, dict):
        parts.append(roll_result(model, last, str(last.get("player"))))
        if last.get("outcome") == "miss":

            async def bargain(_: Any) -> None:
                await model.send("roll.bargain", {"complication": f["bargain"]})

            parts.append(
                card(
                    "Devil's Bargain",
                    ft.TextField(
                        label="The complication they accept",
                        value=f["bargain"],
                        on_change=lambda e: f.put(bargain=e.control.value),
                    ),
                    button("Offer the bargain", bargain, icon=ft.Icons.HANDSHAKE),
                )
            )
    else:
        parts.append(muted("No roll yet.", 16))

    async def npc(_: Any) -> None:
        await model.send(
            "roll.npc",
            {"pool": int(f["pool"]), "label": f["label"] or "Opposition", "hidden": f["hidden"]},
        )

    parts.append(
        card(
            "Opposition pool",
            ft.TextField(
                label="Who rolls",
                value=f["label"],
                on_change=lambda e: f.put(label=e.control.value),
            ),
            stepper("Dice", int(f["pool"]), lambda v: f.put(pool=v), 1, 30),
            ft.Switch(
                label="Hidden from players",
                value=bool(f["hidden"]),
                on_change=lambda e: f.put(hidden=bool(e.control.value)),
            ),
            button(f"Roll {f['pool']}d10", npc, icon=ft.Icons.CASINO),
        )
    )
    return ft.Column(parts, spacing=10)
