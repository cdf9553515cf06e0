"""The player's Combat tab (phone, portrait): the nudge when it's their turn, the
negation and stun prompts, their cards (draw, keep two, act, sleeve, pass), their body
diagram with Wind, and who else is in the fight."""

from __future__ import annotations

from typing import Any, get_args

import flet as ft

from app.domain.combat.countdown import COMBAT_ACT, COMBAT_PASS, COMBAT_SLEEVE
from app.domain.combat.draw import COMBAT_DRAW, COMBAT_HOLD, COMBAT_KEEP
from app.domain.combat.hazards import COMBAT_HAZARD, WATER, Hazard
from app.domain.combat.stun import COMBAT_RECOVER
from app.domain.combat.view_types import CombatEntry, CombatMe, CombatView

from ..chips.common import chips_view, seat_entry
from ..component import component, keyed
from ..forms import one_of
from ..model import AppModel
from ..widgets import button, card, muted, text_field, use_form
from .attack_form import attack_card, defence_buttons, reach_lines
from .body import body_card_content
from .cards import CALLED, backs, card_face, card_row
from .common import (
    acting_lines,
    card_long,
    card_name,
    combat_of,
    fighters,
    me_of,
    plain_cards,
    step_text,
    table_dice,
)
from .more_actions import actions_card
from .prompts import negation_prompt, stun_prompt
from .weapons import weapons_card

NUDGE_BG = "#6B4A00"


def nudge_banner(me: CombatMe) -> ft.Control | None:
    """The sentence the host sends when this phone should prompt, big and bright."""
    text = me.get("nudge")
    if not text:
        return None
    up = bool(me.get("acting_now"))
    return ft.Container(
        ft.Row(
            [
                ft.Icon(ft.Icons.NOTIFICATIONS_ACTIVE if up else ft.Icons.INFO, color="#FFFFFF"),
                ft.Text(
                    ("Your turn! " if up else "") + plain_cards(str(text)),
                    size=19 if up else 16,
                    weight=ft.FontWeight.BOLD,
                    color="#FFFFFF",
                    expand=True,
                ),
            ],
            spacing=10,
        ),
        padding=14,
        border_radius=14,
        bgcolor=NUDGE_BG if up else ft.Colors.SECONDARY_CONTAINER,
        border=ft.Border.all(3, CALLED) if up else None,
    )


def turn_card(combat: CombatView) -> ft.Control:
    """The round, the step called and who acts now (the same for everyone)."""
    lines = acting_lines(combat)
    shown: list[ft.Control] = [ft.Text(step_text(combat), size=16, weight=ft.FontWeight.BOLD)]
    if lines:
        shown += [ft.Text(f"Acting now: {line}", size=15) for line in lines]
    return ft.Container(shown[0] if len(shown) == 1 else ft.Column(shown, spacing=4), padding=4)


def may_draw(me: CombatMe) -> bool:
    """Whether the rules let this hero draw now (Winded, out cold, surprised or
    catatonic: no)."""
    body = me.get("body")
    down = body is not None and (body["winded"] or body["unconscious"])
    return not (down or me.get("surprise") or me.get("nerve") == "catatonic")


def held_back(me: CombatEntry) -> bool:
    """Surprised or catatonic: the host refuses every act (``nerve.py``), so the phone
    offers none; the nudge says why."""
    return me.get("nerve") in ("surprised", "recovering", "catatonic")


@component
def cards_card(model: AppModel, me: CombatMe, combat: CombatView) -> ft.Control:
    """The player's cards and what they can do with them right now."""
    f = use_form({"keep": [], "action": "", "faces": "", "aim": ""})
    phase = combat["phase"]
    status = me.get("status")
    hand = list(me.get("hand", []))
    playable = list(me.get("playable", []))
    sleeve = me.get("sleeve")
    body = me.get("body")
    stunned = body is not None and body["stunned"]
    parts: list[ft.Control] = []

    def aim() -> str | None:
        """The Aim value x/y of the weapon in hand: its y is an initiative penalty."""
        return str(f["aim"]).strip() or None

    async def draw(_: Any) -> None:
        await model.send(COMBAT_DRAW(aim=aim()))

    async def draw_from_roll(_: Any) -> None:
        await model.send(COMBAT_DRAW(from_roll=True, aim=aim()))

    async def draw_with_dice(_: Any) -> None:
        try:
            faces = table_dice(f["faces"])
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(COMBAT_DRAW(faces=faces, aim=aim()))
        f.put(faces="")

    async def hold(_: Any) -> None:
        await model.send(COMBAT_HOLD())

    async def keep(_: Any) -> None:
        if len(f["keep"]) != 2:
            model.refuse("Choose exactly two cards to keep.")
            return
        await model.send(COMBAT_KEEP(cards=list(f["keep"])))
        f.put(keep=[])

    def toggle(c: str) -> None:
        chosen = [k for k in f["keep"] if k in me.get("drawn", [])]
        if c in chosen:
            chosen.remove(c)
        elif len(chosen) < 2:
            chosen.append(c)
        else:
            chosen = [chosen[1], c]
        f.put(keep=chosen)

    if phase == "draw" and status == "waiting" and may_draw(me):
        parts.append(button("Draw: roll Quickness", draw, icon=ft.Icons.CASINO, filled=True))
        parts += [
            text_field(
                f,
                "aim",
                redraw=False,
                label="Aim value of the gun in hand (x/y)",
                hint_text="e.g. 3/2: −2 initiative",
                width=300,
            ),
            text_field(
                f,
                "faces",
                redraw=False,
                label="Dice rolled at the table",
                hint_text="Quickness: a comma between dice, e.g. 7, 3 (an ace: 10+4)",
            ),
            button("Draw with these dice", draw_with_dice, icon=ft.Icons.STYLE),
        ]
        if has_roll(model):
            parts.append(
                button(
                    "Draw with my last roll (chips spent on it)", draw_from_roll, icon=ft.Icons.REDO
                )
            )
        if sleeve:
            parts.append(button("Skip the draw, keep my sleeve card", hold, icon=ft.Icons.PAN_TOOL))
    if status == "choosing":
        drawn = list(me.get("drawn", []))
        chosen = [k for k in f["keep"] if k in drawn]
        parts += [
            muted("Tap two cards to keep; the rest are discarded.", 15),
            card_row(drawn, selected=set(chosen), on_pick=toggle, verb="Choose"),
            muted("Keeping: " + (", ".join(card_name(c) for c in chosen) or "none yet"), 14),
            button("Keep these two", keep, icon=ft.Icons.DONE, filled=len(chosen) == 2),
        ]
    if hand:
        if playable:
            parts.append(muted("Highlighted: called now (or playable any time).", 14))
        parts.append(card_row(hand, highlight={c for c in hand if c in playable}))
    if sleeve:
        parts.append(
            ft.Row(
                [
                    card_face(
                        sleeve,
                        highlight=sleeve in playable,
                        label=f"Up your sleeve: {card_long(sleeve)}",
                    ),
                    ft.Text(
                        "Up your sleeve: kept until you can act."
                        if held_back(me) or me.get("nerve") == "terrified"
                        else "Up your sleeve: play it any time.",
                        size=15,
                        expand=True,
                    ),
                ],
                spacing=12,
            )
        )
    if not hand and not sleeve and (phase == "countdown" or status == "drawn"):
        parts.append(muted("No cards this round.", 15))
    due = me.get("hazard_due")
    if phase == "countdown" and due and body_state(me) is None:
        up = [c for c in playable if c != sleeve] or list(playable)
        parts.append(hazard_button(model, str(due), up[0] if up else None))
    if phase == "countdown" and playable:
        parts.append(text_field(f, "action", label="What you do (for the log)"))
        for c in playable:
            parts.append(card_actions(model, me, c, f, stunned))
    down = body_state(me)
    nerve = me.get("nerve")
    if phase == "countdown" and down is None and nerve == "terrified":
        parts.append(muted("Terrified: you can only run your full movement away (Move).", 15))
    elif phase == "countdown" and down is None and held_back(me):
        parts.append(muted(f"{str(nerve).capitalize()}: you can't act this round.", 15))
    elif phase == "countdown" and (hand or sleeve) and down is None:
        parts.append(defence_buttons(model))
    elif phase == "countdown" and down == "stunned":
        parts.append(
            muted("Stunned: only a recovery check (it uses a card) until you shake it.", 15)
        )
    elif phase == "countdown" and down is not None:
        parts.append(muted(f"{down.capitalize()}: you can't act.", 15))
    if not parts:
        parts.append(muted("Nothing to do with cards right now.", 15))
    return card("Your cards", *parts)


def hazard_button(model: AppModel, due: str, card_up: str | None) -> ft.Control:
    """This round's swimming roll or smoke check, before the first action. In rough
    water the swimming roll is that first action: it plays ``card_up`` (none: wait)."""
    kind: Hazard = one_of(due, get_args(Hazard))
    water = kind != "smoke"

    async def check(_: Any) -> None:
        await model.send(COMBAT_HAZARD(kind=kind, card=card_up if water else None))

    if kind == "smoke":
        label = "Vigor check in the smoke (Onerous 7)"
    elif card_up is None:
        return muted(
            "In rough water: your first action is the swimming roll (wait for your card).", 15
        )
    else:
        label = (
            f"Swimming roll ({kind.replace('_', ' ')}, TN {WATER[kind]}) with {card_name(card_up)}"
        )
    return button(label, check, icon=ft.Icons.AIR, filled=True)


def has_roll(model: AppModel) -> bool:
    """Whether this player has a roll to draw or check with (chips spent on it)."""
    seat = seat_entry(chips_view(model), model.player_id)
    return seat is not None and seat["roll"] is not None


def body_state(me: CombatEntry) -> str | None:
    """What stops this hero acting: dead, unconscious, Winded, stunned (or None)."""
    body = me.get("body")
    if body is None:
        return None
    if body["critical"] or body["bled_out"]:
        return "critically injured"
    if body["unconscious"]:
        return "unconscious"
    if body["winded"]:
        return "winded"
    if body["stunned"]:
        return "stunned"
    return None


def card_actions(model: AppModel, me: CombatMe, c: str, f: Any, stunned: bool) -> ft.Control:
    """Act on / sleeve / pass for one playable card (a stunned hero can only recover)."""
    name = card_name(c)
    from_sleeve = c == me.get("sleeve")

    async def act(_: Any) -> None:
        await model.send(COMBAT_ACT(card=c, action=f["action"].strip()))
        f.put(action="")

    async def recover(_: Any) -> None:
        await model.send(COMBAT_RECOVER(card=c))

    async def up_sleeve(_: Any) -> None:
        await model.send(COMBAT_SLEEVE(card=c))

    async def let_go(_: Any) -> None:
        await model.send(COMBAT_PASS(card=c))

    where = " (sleeve)" if from_sleeve else ""
    row: list[ft.Control] = []
    if stunned:
        row.append(
            button(f"Recovery check on {name}{where}", recover, icon=ft.Icons.HEALING, filled=True)
        )
    else:
        row.append(button(f"Act on {name}{where}", act, icon=ft.Icons.BOLT, filled=True))
    if not from_sleeve and c != "RJ" and not me.get("sleeve"):
        row.append(button(f"Sleeve {name}", up_sleeve, icon=ft.Icons.FRONT_HAND))
    if not from_sleeve:
        row.append(button(f"Pass {name}", let_go, icon=ft.Icons.CLOSE))
    return ft.Row(row, wrap=True, spacing=8, run_spacing=8)


def others_card(model: AppModel, combat: CombatView) -> ft.Control | None:
    """Everyone else in the fight: card counts and sleeves (cards stay face down)."""
    rows: list[ft.Control] = []
    for cid, entry in fighters(combat):
        if cid == model.player_id or not entry["in_fight"]:
            continue
        name = entry["name"]
        bits = [backs(int(entry.get("cards", 0)), name)]
        if entry.get("has_sleeve"):
            bits.append(ft.Text("+ sleeve", size=13))
        rows.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BOLT, color=CALLED)
                    if entry.get("acting_now")
                    else ft.Icon(ft.Icons.PERSON),
                    ft.Text(name, size=15, weight=ft.FontWeight.BOLD, width=110),
                    *bits,
                ],
                spacing=8,
                wrap=True,
            )
        )
    rows += [muted(line, 14) for line in reach_lines(combat)]
    return card("In the fight", *rows) if rows else None


@component
def combat_panel(model: AppModel) -> ft.Control:
    """The player's Combat tab."""
    rules = model.rules
    combat = combat_of(rules)
    me = me_of(rules)
    if me is None:  # no seat (a stranger, a seat just removed): nothing of theirs to show
        idle = "A fight is on." if combat["active"] else "No fight right now."
        return ft.Column([muted(idle, 16)], spacing=12)
    locations = chips_view(model)["locations"]
    parts: list[ft.Control] = []
    attack = me["attack"]
    negatable = attack["negatable"] if attack and attack["stage"] == "negate" else None
    if attack and negatable:
        parts.append(keyed(f"negate-{attack['location']}", negation_prompt, model, attack))
    stun_due = me.get("stun_due")
    if isinstance(stun_due, int):
        parts.append(keyed("stun", stun_prompt, model, stun_due, has_roll(model)))
    if combat["active"] and me["in_fight"]:
        banner = nudge_banner(me)
        if banner is not None:
            parts.append(banner)
        parts.append(turn_card(combat))
        # Keyed: the nudge banner above comes and goes, and a component matched by
        # position alone would be rebuilt then, losing dice being typed in.
        parts.append(keyed("cards", cards_card, model, me, combat))
        up = [c for c in me.get("playable", []) if c != me.get("sleeve")] or list(
            me.get("playable", [])
        )
        acting = combat["phase"] == "countdown" and up and body_state(me) is None
        if acting:
            parts.append(keyed("attack", attack_card, model, combat, up[0]))
        elif me.get("second_hand") and body_state(me) is None:
            parts.append(keyed("attack", attack_card, model, combat, None))
        if body_state(me) is None and not held_back(me):
            parts.append(keyed("more", actions_card, model, combat, up[0] if acting else None))
        card_up = up[0] if acting else None
        parts.append(keyed("weapons", weapons_card, model, me["ammo"], True, card_up))
    elif combat["active"]:
        parts.append(muted("A fight is on; you join it at the next draw.", 16))
    else:
        parts.append(muted("No fight right now. Your wounds and Wind:", 16))
        parts.append(keyed("weapons", weapons_card, model, me["ammo"], me["in_fight"], None))
    body = me.get("body")
    if body:
        parts.append(
            card(
                "Your body",
                *body_card_content(body, locations, stun_due=stun_due, negatable=negatable),
            )
        )
    if combat["active"]:
        others = others_card(model, combat)
        if others is not None:
            parts.append(others)
    return ft.Column(parts, spacing=12)
