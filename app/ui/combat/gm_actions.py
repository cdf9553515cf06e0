"""The GM's "GM actions", folded by default: what happens to anyone, seat or NPC, that
no card plays: a fall, smoke or rough water (once, or every round until out of it), a
fire burning every round, Wind taken, bleeding while rounds pass,
stunned or unconscious set by hand, no cards next draw, a card taken away."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import flet as ft

from app.domain.combat import falling, hazards
from app.domain.combat.actions import COMBAT_LOSE_CARD
from app.domain.combat.falling import COMBAT_FALL, Landing
from app.domain.combat.hazards import COMBAT_BLEED, COMBAT_HAZARD, COMBAT_WIND_LOSS, Hazard
from app.domain.combat.npcs import COMBAT_CONDITION
from app.domain.combat.ongoing import COMBAT_HAZARD_ON, FIRE_DICE, Fire, Kind
from app.domain.command_types import CommandCall

from ..component import component
from ..forms import one_of
from ..model import AppModel
from ..widgets import button, card, choice_chips, muted, text_field, use_kept_form
from .common import combat_of
from .damage import switch, targets

#: Where a fall ends (the rules' landings, in their order) and the hazards' names.
LANDINGS = tuple(zip(falling.LANDINGS, ("Ground", "Water", "Soft landing"), strict=True))
HAZARDS = (("smoke", "Smoke"), *((w, w.replace("_", " ").capitalize()) for w in hazards.WATER))
DEFAULTS: dict[str, Any] = {
    "open": False,
    "who": "",
    "meters": "10",
    "landing": "ground",
    "kind": "smoke",
    "wet_cloth": False,
    "amount": "1",
    "reason": "",
    "rounds": "1",
    "no_cards": "",
    "fire": "small",
    "fire_at": "",
}
FIRES = tuple((size, f"{size.capitalize()} ({n}d12)") for size, n in FIRE_DICE.items())


def _whole(text: Any, what: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what} is a whole number.") from None


def _who(f: Any) -> str:
    if not f["who"]:
        raise ValueError("Choose who it happens to.")
    return str(f["who"])


# Each GM action's call from the form (ValueError: a field to fix, who first).
def fall(f: Any) -> CommandCall:
    landing: Landing = one_of(f["landing"], get_args(Landing))
    return COMBAT_FALL(who=_who(f), meters=_whole(f["meters"], "The fall"), landing=landing)


def hazard(f: Any) -> CommandCall:
    kind: Hazard = one_of(f["kind"], get_args(Hazard))
    return COMBAT_HAZARD(who=_who(f), kind=kind, wet_cloth=bool(f["wet_cloth"]))


def stays(f: Any) -> CommandCall:
    """In the smoke or water until out of it: checked every round."""
    kind: Kind = one_of(f["kind"], get_args(Kind))
    return COMBAT_HAZARD_ON(who=_who(f), kind=kind, wet_cloth=bool(f["wet_cloth"]))


def out_of(f: Any) -> CommandCall:
    kind: Kind = one_of(f["kind"], get_args(Kind))
    return COMBAT_HAZARD_ON(who=_who(f), kind=kind, off=True)


def on_fire(f: Any) -> CommandCall:
    size: Fire = one_of(f["fire"], get_args(Fire))
    where = str(f["fire_at"]).strip().lower().replace(" ", "_") or None
    return COMBAT_HAZARD_ON(who=_who(f), kind="fire", fire=size, location=where)


def wind_loss(f: Any) -> CommandCall:
    who = _who(f)
    amount = _whole(f["amount"], "Wind")
    return COMBAT_WIND_LOSS(who=who, amount=amount, reason=str(f["reason"]).strip() or "the GM")


def no_cards(f: Any) -> CommandCall:
    why = str(f["no_cards"]).strip() or "the GM says so"
    return COMBAT_CONDITION(who=_who(f), no_cards=why)


def lose_card(f: Any) -> CommandCall:
    return COMBAT_LOSE_CARD(who=_who(f))


def bleed(f: Any) -> CommandCall:
    return COMBAT_BLEED(rounds=_whole(f["rounds"], "Rounds"))


@component
def gm_actions_card(model: AppModel) -> ft.Control:
    """Folded: one switch. Unfolded: who, then each thing that can happen to them."""
    f = use_kept_form(model.forms, "combat-gm-actions", DEFAULTS)
    people = targets(model)
    fold = switch("Show GM actions", f["open"], lambda v: f.put(open=v))
    if not f["open"]:
        return card("GM actions", fold)
    entry = combat_of(model.rules)["combatants"].get(f["who"])
    body = entry.get("body") if entry is not None else None
    name = dict(people).get(f["who"], "…")

    def send(build: Callable[[Any], CommandCall]) -> Any:
        async def go(_: Any) -> None:
            try:
                call = build(f)
            except ValueError as err:
                model.refuse(str(err))
                return
            await model.send(call)

        return go

    def field(label: str, key: str, width: int) -> ft.Control:
        return text_field(f, key, redraw=False, label=label, width=width)

    def row(*controls: ft.Control) -> ft.Control:
        return ft.Row(list(controls), wrap=True, spacing=8, run_spacing=8)

    stunned = body is not None and body["stunned"]
    out = body is not None and body["unconscious"]
    return card(
        "GM actions",
        fold,
        muted("Who", 14),
        choice_chips(people, f["who"], lambda v: f.put(who=v)),
        row(
            field("Fall (m)", "meters", 120),
            choice_chips(list(LANDINGS), f["landing"], lambda v: f.put(landing=v)),
        ),
        button(f"{name} falls", send(fall), icon=ft.Icons.SOUTH),
        choice_chips(list(HAZARDS), f["kind"], lambda v: f.put(kind=v)),
        switch(
            "Wet cloth over the face (+2 in smoke)", f["wet_cloth"], lambda v: f.put(wet_cloth=v)
        ),
        row(
            button(f"{name}: hazard check", send(hazard), icon=ft.Icons.AIR),
            button(f"{name} stays in it (every round)", send(stays), icon=ft.Icons.REPEAT),
            button(f"{name} is out of it", send(out_of)),
        ),
        choice_chips(list(FIRES), f["fire"], lambda v: f.put(fire=v)),
        row(
            field("Area on fire (small, large)", "fire_at", 220),
            button(f"Set {name} on fire", send(on_fire), icon=ft.Icons.LOCAL_FIRE_DEPARTMENT),
            button(
                f"Put out {name}'s fire",
                send(lambda f: COMBAT_HAZARD_ON(who=_who(f), kind="fire", off=True)),
            ),
        ),
        row(field("Wind", "amount", 100), field("Why (for the log)", "reason", 220)),
        button(f"Take Wind from {name}", send(wind_loss), icon=ft.Icons.WATER_DROP),
        row(
            button(
                f"{'Unstun' if stunned else 'Stun'} {name}",
                send(lambda f: COMBAT_CONDITION(who=_who(f), stunned=not stunned)),
            ),
            button(
                f"{'Wake' if out else 'Knock out'} {name}",
                send(lambda f: COMBAT_CONDITION(who=_who(f), unconscious=not out)),
            ),
        ),
        row(
            field("No cards next draw: why", "no_cards", 240),
            button("No cards next draw", send(no_cards)),
            button("Cards again", send(lambda f: COMBAT_CONDITION(who=_who(f), no_cards=""))),
        ),
        button(f"{name} loses the highest card", send(lose_card), icon=ft.Icons.LAYERS_CLEAR),
        muted("Rounds passing outside the countdown: everyone bleeding loses Wind.", 14),
        row(
            field("Rounds", "rounds", 100),
            button("Rounds pass: bleeding", send(bleed), icon=ft.Icons.TIMER),
        ),
    )
