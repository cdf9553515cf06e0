"""The GM's damage flow in one form: hit location (rolled, entered or named, with
raises, shift, fighting, height, point-blank, prone) → damage (dice, armour,
Penetration, hand-to-hand Strength, brawling) → wounds; then the attacks waiting on a
player's chips or the GM's, Wind entered at the table, stun checks and surprise."""

from __future__ import annotations

from typing import Any, get_args

import flet as ft

from app.domain.combat.damage import LADDER as DAMAGE_DICE  # the dice a damage roll may use
from app.domain.combat.damage import MAX_ARMOUR
from app.domain.combat.draw import COMBAT_SURPRISE
from app.domain.combat.events.flow import (
    COMBAT_DAMAGED,
    COMBAT_MISSED,
    COMBAT_NEGATED,
    COMBAT_NEGATION_CLOSED,
    COMBAT_WIND_EVENT,
)
from app.domain.combat.events.stun import (
    COMBAT_RECOVERED,
    COMBAT_RECOVERY_FAILED,
    COMBAT_STUN_EVENT,
)
from app.domain.combat.fight_args import Sides
from app.domain.combat.flow_args import COMBAT_ACCEPT, COMBAT_DAMAGE, COMBAT_NEGATE, COMBAT_WIND
from app.domain.combat.stun import COMBAT_STUN
from app.domain.combat.view_types import CombatAttack, CombatEntry, CombatView
from app.domain.command_types import CommandCall
from app.domain.fatechips.events.wounds import CHIPS_NEGATED

from ..chips.common import chips_view, location_name
from ..component import component, keyed
from ..forms import one_of
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..widgets import button, card, choice_chips, muted, readable, text_field, use_form
from .common import combat_of, fighters, plain_cards, table_dice
from .controls import stepper

FLOW_EVENTS = tuple(
    t.name
    for t in (
        COMBAT_DAMAGED,
        COMBAT_MISSED,
        COMBAT_NEGATION_CLOSED,
        CHIPS_NEGATED,
        COMBAT_NEGATED,
        COMBAT_WIND_EVENT,
        COMBAT_STUN_EVENT,
        COMBAT_RECOVERED,
        COMBAT_RECOVERY_FAILED,
    )
)


def targets(model: AppModel) -> list[tuple[str, str]]:
    """(id, name) of everyone who can be hit: every seat, and NPCs."""
    combat = combat_of(model.rules)
    return [(cid, e["name"]) for cid, e in fighters(combat)]


def switch(label: str, value: bool, on_change: Any) -> ft.Control:
    return ft.Switch(
        padding=SWITCH_PADDING,
        label=label,
        value=value,
        on_change=lambda e: on_change(bool(e.control.value)),
    )


def damage_call(f: dict[str, Any]) -> CommandCall:
    """The ``combat.damage`` call the form describes (ValueError: bad dice text)."""
    named = f["where"] == "named"
    armour = int(f["armour"])
    return COMBAT_DAMAGE(
        who=f["who"],
        dice=int(f["dice"]),
        sides=one_of(int(f["sides"]), get_args(Sides)),
        location=f["location"] if named else None,
        location_face=int(f["face"]) if f["where"] == "table" else None,
        raises=0 if named else int(f["raises"]),
        shift=0 if named else int(f["shift"]),
        fighting=bool(f["fighting"]) and not named,
        height=bool(f["height"]) and not named,
        prone=bool(f["prone"]) and not named,
        point_blank=0 if named else one_of(int(f["point_blank"]), (-1, 0, 1)),
        faces=table_dice(f["faces"]) if f["faces"].strip() else None,
        bonus=int(f["bonus"]),
        armour=armour,
        penetration=int(f["penetration"]) if armour and int(f["penetration"]) else None,
        extra_dice=bool(f["extra_dice"]),
        hand_to_hand=bool(f["hand_to_hand"]),
        attacker=f["attacker"] if f["hand_to_hand"] else None,
        brawling=bool(f["brawling"]),
    )


@component
def damage_form(model: AppModel) -> ft.Control:
    """One attack on anyone, from the hit location to the wounds."""
    people = targets(model)
    locations = [str(loc) for loc in model.rules.get("locations", [])]
    f = use_form(
        {
            "who": "",
            "where": "roll",
            "face": 10,
            "location": locations[0] if locations else "",
            "raises": 0,
            "shift": 0,
            "fighting": False,
            "height": False,
            "prone": False,
            "point_blank": 0,
            "dice": 2,
            "sides": 6,
            "faces": "",
            "bonus": 0,
            "armour": 0,
            "penetration": 0,
            "extra_dice": True,
            "hand_to_hand": False,
            "attacker": "",
            "brawling": False,
        }
    )
    put = f.put
    who = f["who"] if any(p == f["who"] for p, _ in people) else (people[0][0] if people else "")
    attacker = f["attacker"] or next((p for p, _ in people if p != who), who)
    name = dict(people).get(who, "")

    async def hit(_: Any) -> None:
        if not who:
            model.refuse("Choose who is hit.")
            return
        try:
            call = damage_call({**f.snapshot(), "who": who, "attacker": attacker})
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(call)
        put(faces="")

    if not people:
        return card("Apply an attack", muted("Nobody to hit yet: start a fight or add NPCs."))
    parts: list[ft.Control] = [
        muted("Who is hit", 14),
        choice_chips(people, who, lambda p: put(who=p)),
        muted("Hit location", 14),
        choice_chips(
            [("roll", "Roll the d20"), ("table", "d20 rolled at the table"), ("named", "Name it")],
            f["where"],
            lambda w: put(where=w),
        ),
    ]
    if f["where"] == "named":
        parts.append(
            choice_chips(
                [(loc, location_name(loc)) for loc in locations],
                f["location"],
                lambda v: put(location=v),
            )
        )
    else:
        if f["where"] == "table":
            parts.append(stepper("d20 face", int(f["face"]), lambda n: put(face=n), 1, 20))
        raises = int(f["raises"])
        parts += [
            stepper(
                "Raises",
                raises,
                lambda n: put(raises=n, shift=max(-n, min(n, int(f["shift"])))),
                0,
                10,
            ),
            stepper("Shift", int(f["shift"]), lambda n: put(shift=n), -raises, raises),
            ft.Row(
                [
                    switch("Fighting +2", f["fighting"], lambda v: put(fighting=v)),
                    switch("Height +2", f["height"], lambda v: put(height=v)),
                    switch("Prone target", f["prone"], lambda v: put(prone=v)),
                ],
                wrap=True,
                spacing=16,
            ),
            muted("Point-blank", 14),
            choice_chips(
                [("0", "No"), ("1", "+2 point-blank"), ("-1", "−2 from below")],
                str(f["point_blank"]),
                lambda v: put(point_blank=int(v)),
            ),
        ]
    parts += [
        ft.Divider(),
        stepper("Damage dice", int(f["dice"]), lambda n: put(dice=n), 1, 12),
        choice_chips(
            [(str(s), f"d{s}") for s in DAMAGE_DICE], str(f["sides"]), lambda v: put(sides=int(v))
        ),
        text_field(
            f,
            "faces",
            redraw=False,
            label="Damage dice rolled at the table",
            hint_text="Optional, e.g. 6+6+2, 4 (else the host rolls)",
        ),
        stepper("Bonus damage", int(f["bonus"]), lambda n: put(bonus=n), 0, 60),
        stepper("Armour", int(f["armour"]), lambda n: put(armour=n), 0, MAX_ARMOUR),
    ]
    if int(f["armour"]):
        parts.append(
            stepper("Penetration", int(f["penetration"]), lambda n: put(penetration=n), 0, 12)
        )
    parts.append(
        ft.Row(
            [
                switch("Extra dice (gizzards, head)", f["extra_dice"], lambda v: put(extra_dice=v)),
                switch(
                    "Hand to hand (+Strength)", f["hand_to_hand"], lambda v: put(hand_to_hand=v)
                ),
                switch("Brawling", f["brawling"], lambda v: put(brawling=v)),
            ],
            wrap=True,
            spacing=16,
        )
    )
    if f["hand_to_hand"]:
        parts += [
            muted("Whose Strength", 14),
            choice_chips(people, attacker, lambda p: put(attacker=p)),
        ]
    parts.append(button(f"Hit {name}", hit, icon=ft.Icons.GPS_FIXED, filled=True))
    return card("Apply an attack", *parts)


def pending_row(model: AppModel, cid: str, attack: CombatAttack, entry: CombatEntry) -> ft.Control:
    """One attack in progress: who decides, and the GM's buttons to settle it."""
    name = entry["name"]
    where = location_name(attack["location"])
    rows: list[ft.Control] = []
    buttons: list[ft.Control] = []

    async def stand(_: Any) -> None:
        await model.send(COMBAT_ACCEPT(who=cid))

    if attack["stage"] == "negate":
        fresh = ", ".join(f"{location_name(k)} {v}" for k, v in attack["negatable"].items())
        if entry["npc"]:
            rows.append(ft.Text(f"{name}: {fresh} fresh. Spend one of your chips?", size=15))
            gm_hand = chips_view(model)["gm_hand"]["chips"] or {}
            for colour, n in gm_hand.items():
                if not n:
                    continue

                async def spend(_: Any, colour: str = colour) -> None:
                    await model.send(COMBAT_NEGATE(who=cid, colour=colour))

                buttons.append(
                    button(
                        f"{colour.capitalize()} chip ({n}) for {name}", spend, icon=ft.Icons.SHIELD
                    )
                )
        else:
            rows.append(
                ft.Text(
                    f"Waiting for {name}'s phone: negate with a chip or take it ({fresh}).",
                    size=15,
                )
            )
        buttons.append(button(f"{name}'s wounds stand", stand, icon=ft.Icons.CHECK))
    elif attack["stage"] == "wind":
        rows.append(
            ft.Text(
                f"{name}: hit in the {where}; roll {attack.get('wind_dice', 0)}d6 Wind "
                "at the table.",
                size=15,
            )
        )
        rows.append(keyed(f"wind-{cid}", wind_entry, model, cid))
    return ft.Column([*rows, ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)], spacing=6)


@component
def wind_entry(model: AppModel, cid: str) -> ft.Control:
    """The Wind dice rolled at the table (setting ``wind_dice: table``)."""
    f = use_form({"faces": ""})

    async def enter(_: Any) -> None:
        try:
            faces = table_dice(f["faces"])
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(COMBAT_WIND(who=cid, faces=faces))

    return ft.Row(
        [
            text_field(f, "faces", redraw=False, label="Wind d6s (e.g. 6+3, 2)", expand=True),
            button("Enter Wind", enter, icon=ft.Icons.AIR),
        ]
    )


def recent_hits(model: AppModel, limit: int = 5) -> list[str]:
    """The damage flow's latest log lines (newest first)."""
    return [
        plain_cards(readable(str(e.get("text", ""))))
        for e in model.log
        if e.get("type") in FLOW_EVENTS
    ][:limit]


def attacks_card(model: AppModel, combat: CombatView) -> ft.Control:
    """Attacks waiting to be settled, stun checks due, and what the last hits did."""
    found = combat["combatants"]
    parts: list[ft.Control] = []
    for cid, attack in combat.get("attacks", {}).items():
        if cid in found:  # the GM's view lists every combatant
            parts.append(pending_row(model, cid, attack, found[cid]))
    for cid, entry in fighters(combat):
        tn = entry.get("stun_due")
        if isinstance(tn, int):

            async def stun(_: Any, cid: str = cid) -> None:
                await model.send(COMBAT_STUN(who=cid))

            label = f"Stun check for {entry['name']} (Vigor vs {tn})"
            parts.append(button(label, stun, icon=ft.Icons.CASINO))
    hits = recent_hits(model)
    if hits:
        parts.append(ft.Text("Latest", size=15, weight=ft.FontWeight.BOLD))
        parts += [ft.Text(line, size=14) for line in hits]
    if not parts:
        parts.append(muted("No attack in progress.", 15))
    return card("Attacks", *parts)


@component
def surprise_card(model: AppModel) -> ft.Control:
    """Surprise: a Guts check (Fair 5 expecting trouble, Incredible 11 if not)."""
    people = targets(model)
    f = use_form({"who": "", "expecting": True})
    who = f["who"] or (people[0][0] if people else "")

    async def check(_: Any) -> None:
        await model.send(COMBAT_SURPRISE(who=who, expecting=bool(f["expecting"])))

    if not people:
        return card("Surprise", muted("Nobody in the fight yet."))
    return card(
        "Surprise",
        choice_chips(people, who, lambda p: f.put(who=p)),
        switch(
            "Expecting trouble (TN 5; otherwise 11)", f["expecting"], lambda v: f.put(expecting=v)
        ),
        button(f"Guts check for {dict(people).get(who, '')}", check, icon=ft.Icons.PSYCHOLOGY),
        muted("A surprised character gets no cards until an Easy (3) Guts check passes.", 14),
    )
