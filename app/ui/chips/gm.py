"""The GM's Fate-chip tools: the pot and the GM's hand, awards, wounds, trades, sheets."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.client.outcomes import Applied
from app.domain.fatechips.advancement import ADVANCE_DECIDE
from app.domain.fatechips.awards import (
    ARC_END,
    BOUNTY_CREW,
    CHIPS_AWARD,
    JOKER_BLACK,
    JOKER_RED,
    LEGEND_AWARD,
    MARSHAL_SPEND,
)
from app.domain.fatechips.dice import FIREARM
from app.domain.fatechips.rolls import ROLL_POWER
from app.domain.fatechips.system import LEGEND, MAX_WOUND, ChipSystem
from app.domain.fatechips.trade import TRADE_APPROVE, TRADE_DENY
from app.domain.fatechips.view_types import Roll
from app.domain.fatechips.wounds import WIND_LOSE, WOUNDS_ACCEPT, WOUNDS_ASSIGN

from ..component import component
from ..model import AppModel
from ..widgets import (
    button,
    card,
    choice_chips,
    muted,
    plural,
    stepper,
    text_field,
    token_counts,
    use_form,
)
from .common import chips_view, gm_title, location_name, roll_summary, seat_entry, wounds_text
from .roller import gm_roller_panel, roll_view
from .sheet import sheet_panel


def seats(model: AppModel) -> list[tuple[str, str]]:
    return [(s["player_id"], s["name"]) for s in model.table.get("seats", [])]


def pot_card(model: AppModel, system: ChipSystem) -> ft.Control:
    """The pot by colour and the GM's own hand (the players never see its mix)."""
    rules = chips_view(model)
    pot = rules["pot"]
    gm_hand = rules["gm_hand"]
    parts: list[ft.Control] = [
        ft.Text(f"Pot: {pot['total']} chips", size=16, weight=ft.FontWeight.BOLD),
        token_counts(pot["chips"], total=pot["total"]),
        ft.Text(
            f"{gm_title(rules, True)}'s hand (hidden from players)",
            size=16,
            weight=ft.FontWeight.BOLD,
        ),
        token_counts(gm_hand["chips"], total=gm_hand["total"], size=36),
    ]
    removed = {c: n for c, n in rules["removed"].items() if n}
    if removed:
        parts.append(muted("Out of the game: " + ", ".join(f"{n} {c}" for c, n in removed.items())))
    if "bounty_pool" in rules:
        parts.append(muted(f"Crew bounty to share: {rules['bounty_pool']}"))
    if "arc" in rules:
        parts.append(muted(f"Story arc {rules['arc']}"))
    return card("The pot", *parts)


def seat_summary(model: AppModel, pid: str) -> ft.Control:
    """A seat at a glance: chips, wounds and Wind, the roll in progress, Bounty."""
    entry = seat_entry(chips_view(model), pid)
    if entry is None:  # a seat that has left the table
        return ft.Column([], spacing=4)
    lines: list[ft.Control] = [token_counts(entry["hand"], size=32)]
    health = wounds_text(entry["wounds"])
    if "sheet" in entry:  # the GM sees every sheet
        wind = entry["sheet"]["wind"]
        health += f" · Wind {wind['current']}/{wind['max']}"
    lines.append(ft.Text(health, size=16))
    if entry["roll"]:
        lines.append(ft.Text(f"Roll: {roll_summary(entry['roll'])}", size=16))
    if entry["over_limit"]:
        lines.append(
            ft.Text(f"{plural(entry['over_limit'], 'chip')} over the limit", color=ft.Colors.ERROR)
        )
    if "bounty" in entry:
        lines.append(muted(f"Bounty {entry['bounty']['available']} to spend", 16))
    return ft.Column(lines, spacing=4)


@component
def awards_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """Award or spend chips, with a reason for the log."""
    f = use_form(
        {"player": "", "colour": system.colours[0], "reason": "", "points": 1, "to": "pot"}
    )
    people = seats(model)
    who = f["player"] or (people[0][0] if people else "")

    put = f.put

    def clear_reason() -> None:
        # A new key mounts a new field: the browser keeps typed text in a field whose
        # value the host never changed, so setting the value back to "" alone shows
        # nothing (the host's last value was "" already).
        put(reason="", cleared=int(f.get("cleared", 0)) + 1)

    async def award(_: Any) -> None:
        sent = await model.send(
            CHIPS_AWARD(player=f["player"] or who, colour=f["colour"], reason=f["reason"])
        )
        if isinstance(sent, Applied):  # the reason is in the log now: not for the next one
            clear_reason()

    async def gm_spend(_: Any) -> None:
        sent = await model.send(MARSHAL_SPEND(colour=f["colour"], purpose=f["reason"]))
        if isinstance(sent, Applied):
            clear_reason()

    parts: list[ft.Control] = [
        muted("Who"),
        choice_chips(people, who, lambda p: put(player=p), name="Award to"),
        muted("Chip"),
        choice_chips(
            [(c, c.capitalize()) for c in system.colours if c != LEGEND],
            f["colour"],
            lambda c: put(colour=c),
        ),
        text_field(f, "reason", label="Reason (for the log)", key=f"reason-{f.get('cleared', 0)}"),
        ft.Row(
            [
                button("Award from the pot", award, icon=ft.Icons.CARD_GIFTCARD, filled=True),
                button(
                    f"{gm_title(chips_view(model), True)} spends one",
                    gm_spend,
                    icon=ft.Icons.REMOVE,
                ),
            ],
            wrap=True,
        ),
    ]
    out: list[ft.Control] = [card("Award chips", *parts)]
    if system.legends:

        async def legend(_: Any) -> None:
            sent = await model.send(LEGEND_AWARD(to=f["to"], reason=f["reason"]))
            if isinstance(sent, Applied):
                clear_reason()

        out.append(
            card(
                "Legend chip",
                choice_chips(
                    [("pot", "Into the pot"), *people],
                    f["to"],
                    lambda t: put(to=t),
                    name="Legend chip to",
                ),
                button("A Legend chip enters the game", legend, icon=ft.Icons.STAR, filled=True),
            )
        )
    if system.jokers:

        async def red(_: Any) -> None:
            await model.send(JOKER_RED(player=f["player"] or who))

        async def black(_: Any) -> None:
            await model.send(JOKER_BLACK())

        out.append(
            card(
                "Jokers",
                button(f"Red Joker: {model.seat_name(who)} draws a chip", red, icon=ft.Icons.STYLE),
                button(
                    f"Black Joker: {gm_title(chips_view(model))} draws", black, icon=ft.Icons.STYLE
                ),
            )
        )
    if system.crew_bounty:

        async def crew(_: Any) -> None:
            await model.send(BOUNTY_CREW(points=int(f["points"])))

        out.append(
            card(
                "Crew bounty",
                stepper("Points", int(f["points"]), lambda n: put(points=n), 1, 99),
                button("Give the crew a bounty", crew, icon=ft.Icons.PAID, filled=True),
            )
        )
    if "arc" in chips_view(model):

        async def end_arc(_: Any) -> None:
            await model.send(ARC_END())

        out.append(card("Story arc", button("End the story arc", end_arc, icon=ft.Icons.FLAG)))
    return ft.Column(out, spacing=10)


@component
def wounds_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """Assign one attack's wounds (players may then negate them with chips), or Wind."""
    f = use_form({"player": "", "wounds": {}, "wind": 1})
    people = seats(model)
    who = f["player"] or (people[0][0] if people else "")

    async def assign(_: Any) -> None:
        wounds = {k: v for k, v in f["wounds"].items() if v}
        if not wounds:  # the host would refuse an empty map in its own (shape) words
            model.refuse("Add a wound to at least one location first.")
            return
        await model.send(WOUNDS_ASSIGN(player=f["player"] or who, wounds=wounds))
        f.put(wounds={})

    async def lose(_: Any) -> None:
        await model.send(WIND_LOSE(player=f["player"] or who, amount=int(f["wind"])))

    async def accept(_: Any) -> None:
        await model.send(WOUNDS_ACCEPT(player=f["player"] or who))

    def wound(loc: str, n: int) -> None:
        f.put(wounds={**f["wounds"], loc: n})

    entry = seat_entry(chips_view(model), who)
    rows = [
        stepper(
            location_name(loc),
            int(f["wounds"].get(loc, 0)),
            partial(wound, loc),
            0,
            MAX_WOUND,
        )
        for loc in system.locations
    ]
    parts: list[ft.Control] = [
        choice_chips(people, who, lambda p: f.put(player=p, wounds={}), name="Wounds of"),
        ft.Text(
            f"{model.seat_name(who)}: {wounds_text(entry['wounds'] if entry else {})}", size=15
        ),
        *rows,
        button("Assign these wounds", assign, icon=ft.Icons.BOLT, filled=True),
    ]
    if entry and entry["negatable"]:
        parts.append(
            muted(
                "Fresh wounds can still be negated with chips: "
                + ", ".join(f"{location_name(k)} {v}" for k, v in entry["negatable"].items())
            )
        )
        parts.append(button("Let the wounds stand", accept, icon=ft.Icons.CHECK))
    parts += [
        ft.Divider(),
        stepper("Wind lost", int(f["wind"]), lambda n: f.put(wind=n), 1, 99),
        button("Lose Wind", lose, icon=ft.Icons.AIR),
    ]
    return card("Wounds and Wind", *parts)


def power_switch(model: AppModel, system: ChipSystem, pid: str, roll: Roll) -> list[ft.Control]:
    """On a firearm damage roll: "unless a supernatural power says otherwise" — the GM
    lets chips go on it (Deadlands)."""
    if not system.firearm_powers or roll["kind"] != FIREARM or roll["finished"]:
        return []
    if roll.get("power"):  # once the GM allowed chips
        return [muted(f"Chips allowed: {roll['power']} says so.")]

    async def allow(_: Any) -> None:
        await model.send(ROLL_POWER(player=pid, power="a supernatural power"))

    return [
        muted("Firearm damage takes no chips, unless a supernatural power says otherwise."),
        button("A power says so: allow chips", allow, icon=ft.Icons.AUTO_FIX_HIGH),
    ]


def rolls_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """Every player's roll in progress, then the GM's own roller."""
    parts: list[ft.Control] = []
    for pid, name in seats(model):
        entry = seat_entry(chips_view(model), pid)
        roll = entry["roll"] if entry else None
        if roll:
            parts.append(
                card(f"{name}'s roll", roll_view(roll), *power_switch(model, system, pid, roll))
            )
    parts.append(gm_roller_panel(model, system))
    return ft.Column(parts, spacing=10)


def approvals_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """Trades and Edge/Hindrance requests waiting for the GM."""
    parts: list[ft.Control] = []
    for tid, trade in chips_view(model)["trades"].items():

        async def approve(_: Any, tid: str = tid) -> None:
            await model.send(TRADE_APPROVE(trade=tid))

        async def deny(_: Any, tid: str = tid) -> None:
            await model.send(TRADE_DENY(trade=tid))

        pay = ", ".join(f"{n} {c}" for c, n in trade["payment"].items())
        parts.append(
            card(
                f"Trade: {model.seat_name(trade['from'])} to {model.seat_name(trade['to'])}",
                ft.Text(
                    f"A {trade['colour']} chip, paying the pot {pay}: “{trade['fiction']}”", size=15
                ),
                ft.Row(
                    [
                        button("Approve trade", approve, icon=ft.Icons.CHECK, filled=True),
                        button("Deny trade", deny, icon=ft.Icons.CLOSE),
                    ],
                    wrap=True,
                ),
            )
        )
    for rid, req in chips_view(model)["requests"].items():

        async def yes(_: Any, rid: str = rid) -> None:
            await model.send(ADVANCE_DECIDE(request=rid, approve=True))

        async def no(_: Any, rid: str = rid) -> None:
            await model.send(ADVANCE_DECIDE(request=rid, approve=False))

        parts.append(
            card(
                f"{model.seat_name(req['player'])}: {req['what']} {req['name']}",
                ft.Text(f"{req['cost']} Bounty Points. {req['story']}", size=15),
                ft.Row(
                    [
                        button("Approve", yes, icon=ft.Icons.CHECK, filled=True),
                        button("Deny", no, icon=ft.Icons.CLOSE),
                    ],
                    wrap=True,
                ),
            )
        )
    if not parts:
        parts.append(muted("No trades or requests waiting.", 16))
    return ft.Column(parts, spacing=10)


@component
def sheets_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """Any player's sheet, editable by the GM at any time."""
    pick, set_pick = ft.use_state("")
    people = seats(model)
    who = pick or (people[0][0] if people else "")
    if not who:
        return muted("No players yet.")
    return ft.Column(
        [choice_chips(people, who, set_pick, name="Sheet of"), sheet_panel(model, system, who)],
        spacing=10,
    )
