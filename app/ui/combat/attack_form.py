"""The phone's attack and defence: shoot, throw or fight with the card that is up (the
host computes the TN, the modifiers, the hits and the damage), or roll an active
defence that becomes the attacker's TN."""

from __future__ import annotations

from typing import Any, get_args

import flet as ft

from app.domain.combat import close
from app.domain.combat.actions import COMBAT_DEFEND
from app.domain.combat.attack_args import COMBAT_ATTACK, Maneuver, Mode
from app.domain.combat.attack_args import MODES as ATTACK_MODES
from app.domain.combat.view_types import CombatAmmo, CombatView
from app.domain.command_types import CommandCall

from ..component import component
from ..forms import one_of
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .attack_extras import DEFAULTS, Extras, extra_fields
from .burst import DEFAULTS as BURST_DEFAULTS
from .burst import burst_call, burst_fields, splitting
from .common import card_name, fighter_name, fighters
from .damage import switch

#: The rules' attack modes, in their order, each with its button's word.
MODES = tuple(zip(ATTACK_MODES, ("Shoot", "Throw", "Fight"), strict=True))
MANEUVERS = tuple(zip(close.MANEUVERS, ("Strike", "Close in", "Get clear"), strict=True))


def my_guns(combat: CombatView, me: str | None) -> dict[str, CombatAmmo]:
    """The viewer's own weapons' rounds (none for the GM or a stranger)."""
    found = combat.get("me")
    return found["ammo"] if found is not None and found["who"] == me else {}


def reach_lines(combat: CombatView) -> list[str]:
    """Who has closed in on whom (the close manoeuvre), as the table sees it."""
    names = {cid: e["name"] for cid, e in fighters(combat)}
    return [
        f"{names[cid]} is inside {names.get(t, t)}'s reach."
        for cid, e in fighters(combat)
        for t in e.get("closed", [])
    ]


def guns_of(combat: CombatView, who: str) -> dict[str, CombatAmmo]:
    """Someone's guns and rounds as the GM sees them (the GM's view has everyone's)."""
    return combat.get("ammo", {}).get(who, {})


def _number(text: str, what: str) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what} is a whole number.") from None
    return value


def attack_call(
    f: Any, who: str | None, card_code: str | None, other_hand: str | None = None
) -> CommandCall:
    """The ``combat.attack`` call the form describes (ValueError: a field to fix); no
    card: the other hand's attack on the action just taken, ``other_hand`` ("off" or
    "main", from the view) saying which hand that is. ``who``: the GM acts for this NPC
    or seat (None: the player's own seat)."""
    if not f["target"]:
        raise ValueError("Choose who you attack.")
    mode: Mode = one_of(f["mode"], get_args(Mode))
    melee = mode == "melee"
    unarmed = bool(f["unarmed"]) and melee
    defensive_bonus = (
        _number(f["their_bonus"], "Their Defensive Bonus")
        if melee and f["their_bonus"].strip()
        else None
    )
    # close: get inside their longer weapon; withdraw: get clear of who closed in
    maneuver: Maneuver = one_of(f["maneuver"], get_args(Maneuver)) if melee else "attack"
    weapon_bonus = (
        _number(f["my_bonus"], "Your weapon's Defensive Bonus")
        if maneuver != "attack" and f["my_bonus"].strip() and not f["unarmed"]
        else 0
    )
    distance = None if melee else _number(f["distance"], "The distance")
    ranged = mode == "ranged"
    increment = _number(f["increment"], "The Range Increment") if ranged else None
    extras = Extras(f, melee)
    return COMBAT_ATTACK(
        who=who,
        target=f["target"],
        mode=mode,
        card=card_code,
        skill=f["skill"].strip().lower(),
        unarmed=unarmed,
        damage=None if unarmed else f["damage"].strip(),
        defensive_bonus=defensive_bonus,
        maneuver=maneuver,
        weapon_bonus=weapon_bonus,
        distance=distance,
        range_increment=increment,
        aim=(f["aim"].strip() or None) if ranged else None,
        weapon=f["weapon"] if f["weapon"] and not melee else None,  # its rounds are counted
        running=bool(f["running"]),
        two_weapons=not card_code or bool(f["two_weapons"]),
        # the second attack of a weapon in each hand is the other hand's (the host
        # refuses the same hand twice)
        off_hand=other_hand == "off" if not card_code and other_hand else bool(f["off_hand"]),
        called=f["called"].strip().lower().replace(" ", "_") or None,
        mounted=extras.flag("mounted"),
        target_moving=extras.flag("target_moving"),
        concealed=extras.flag("concealed"),
        related=extras.flag("related"),
        one_handed_rifle=extras.flag("one_handed_rifle"),
        area_effect=extras.flag("area_effect"),
        bystanders=extras.bystanders(),
        rate_of_fire=extras.number("rate_of_fire", 1),
        size=extras.number("size", 0),
        darkness=extras.number("darkness", 0),
        shift=extras.number("shift", 0),
    )


@component
def attack_card(
    model: AppModel, combat: CombatView, card_code: str | None, who: str | None = None
) -> ft.Control:
    """Attack someone with the card that is up (None: with the other hand, on the
    action just taken). ``who``: the GM acts for this NPC (or seat) on the tablet."""
    actor = who or model.player_id
    f = use_kept_form(
        model.forms,
        f"combat-attack-{who}" if who else "combat-attack",
        {
            "target": "",
            "mode": "ranged",
            "skill": "",
            "damage": "3d6",
            "distance": "10",
            "increment": "10",
            "aim": "",
            "called": "",
            "running": False,
            "two_weapons": False,
            "off_hand": False,
            "unarmed": False,
            "maneuver": "attack",
            "weapon": "",
            **DEFAULTS,
            **BURST_DEFAULTS,
            "their_bonus": "",
            "my_bonus": "",
        },
    )
    others = [(cid, e["name"]) for cid, e in fighters(combat) if cid != actor and e["in_fight"]]

    me = combat["combatants"].get(who) if who else combat.get("me")
    body = me.get("body") if me is not None else None
    # a maimed arm is "out of action forever": no weapon in each hand (the host refuses it)
    both_hands = body is None or not any("arm" in loc for loc in body["lost_limbs"])

    async def attack(_: Any) -> None:
        if card_code and not both_hands and f["two_weapons"]:
            f.put(two_weapons=False)  # the switch went with the maimed arm
        try:
            other = me.get("other_hand") if me is not None and not card_code else None
            call = attack_call(f, who, card_code, other)
            if f["mode"] == "ranged" and splitting(f):
                call = burst_call(f, call, _number(f["distance"], "The distance"))
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(call)

    def field(label: str, key: str, hint: str = "", width: int | None = None) -> ft.Control:
        return text_field(f, key, redraw=False, label=label, hint_text=hint, width=width)

    parts: list[ft.Control] = [
        *(muted(line, 14) for line in reach_lines(combat)),
        muted("Who", 14),
        choice_chips(others, f["target"], lambda v: f.put(target=v)),
        choice_chips(list(MODES), f["mode"], lambda v: f.put(mode=v)),
    ]
    entry = combat["combatants"].get(who or "")
    if entry is not None and entry["npc"]:
        parts.append(muted("Rolls the NPC's shooting or fighting dice (NPCs tab).", 14))
    else:
        mine = "the" if who else "your"
        parts.append(field(f"Skill on {mine} sheet", "skill", "e.g. shooting: blasters"))
        # "If he doesn't have it, he can use his Deftness instead, but since this is a
        # 'default' roll, you must halve the total": an empty field (or a skill not on
        # the sheet) rolls so, which the player can't tell from the form alone
        parts.append(
            muted("Not on the sheet, or left empty: a default roll (Deftness, halved).", 14)
        )
    if f["mode"] == "melee":
        parts += [
            choice_chips(list(MANEUVERS), f["maneuver"], lambda v: f.put(maneuver=v)),
            switch("Unarmed (half your Strength die)", f["unarmed"], lambda v: f.put(unarmed=v)),
            field("Their weapon's Defensive Bonus", "their_bonus", "e.g. 1", 260),
        ]
        if f["maneuver"] == "close" and not f["unarmed"]:
            parts.append(field("Your weapon's Defensive Bonus", "my_bonus", "shorter: less", 260))
    if not (f["mode"] == "melee" and f["unarmed"]):
        parts.append(field("Weapon damage", "damage", "e.g. 3d6", 160))
    guns = sorted(guns_of(combat, who) if who else my_guns(combat, actor))
    if f["mode"] != "melee" and guns:
        picks = [("", "No count"), *((g, g.capitalize()) for g in guns)]
        parts.append(choice_chips(picks, f["weapon"], lambda v: f.put(weapon=v)))
    if f["mode"] != "melee":
        parts.append(field("Distance (m)", "distance", "", 160))
    if f["mode"] == "ranged":
        parts.append(field("Range Increment (m)", "increment", "", 200))
        parts.append(field("Aim value x/y (aimed weapons)", "aim", "e.g. 3/2", 240))
    parts += [
        field("Called shot (optional)", "called", "head, guts, left_arm, eyeball…", 260),
        switch("I'm running (-4)", f["running"], lambda v: f.put(running=v)),
        *(
            [switch("A weapon in each hand (-2)", f["two_weapons"], lambda v: f.put(two_weapons=v))]
            if both_hands
            else []
        ),
        switch("Off hand (-4 more)", f["off_hand"], lambda v: f.put(off_hand=v)),
        *extra_fields(f, f["mode"] == "melee", others),
        *(burst_fields(f, others) if f["mode"] == "ranged" and f["more"] else []),
    ]
    target = dict(others).get(f["target"], "…")
    verb = {"close": "Close in on", "withdraw": "Get clear of"}.get(f["maneuver"], "Attack")
    if f["mode"] != "melee":
        verb = "Attack"
    if f["mode"] == "ranged" and splitting(f):
        target = f"{target} and {dict(others).get(f['also'], '…')}"
        verb = "Fire at"
    subject = f"{fighter_name(combat, who)}: " if who else ""
    parts.append(
        button(
            f"{subject}{verb} {target} with "
            + (card_name(card_code) if card_code else "the other hand"),
            attack,
            icon=ft.Icons.GPS_FIXED,
            filled=bool(f["target"]),
        )
    )
    return card("Attack", *parts)


def defence_buttons(model: AppModel) -> ft.Control:
    """Active defence: the best card goes, and the roll becomes the attacker's TN."""

    async def dodge(_: Any) -> None:
        await model.send(COMBAT_DEFEND(skill="dodge"))

    async def parry(_: Any) -> None:
        await model.send(COMBAT_DEFEND(skill="fighting"))

    return ft.Column(
        [
            muted(
                "Active defence: lose your best card; your roll becomes their TN "
                "if it is higher than their usual one.",
                14,
            ),
            ft.Row(
                [
                    button("Dodge", dodge, icon=ft.Icons.SHIELD_MOON),
                    button("Parry (fighting, giving ground)", parry, icon=ft.Icons.SHIELD),
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            ),
        ],
        spacing=6,
    )
