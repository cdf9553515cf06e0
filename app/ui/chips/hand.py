"""The player's hand: big chips; tap one to see what it can do right now, and do it.

Every use shows its consequence from the host's own rule text (``options`` in the
view: effect, allowed, why), so the screen and the rules never disagree. A use the
rules refuse stays tappable and says why instead of sending anything.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.domain.command_types import CommandCall
from app.domain.fatechips.session import CHIPS_CASH, CHIPS_CONVERT_EXCESS
from app.domain.fatechips.spending_args import CHIPS_SPEND
from app.domain.fatechips.system import WHITE, ChipSystem
from app.domain.fatechips.trade import TRADE_CANCEL, TRADE_PROPOSE
from app.domain.fatechips.view_types import ChipOption, ChipsView, PlayerView, UseName
from app.domain.fatechips.wounds import CHIPS_NEGATE, WOUNDS_ACCEPT

from ..component import component, keyed
from ..model import AppModel
from ..widgets import (
    button,
    card,
    muted,
    option_card,
    plural,
    sentence,
    spend_button,
    stepper,
    text_field,
    token_button,
    use_form,
)
from .common import (
    USE_TITLES,
    chip_odds_line,
    chips_view,
    colours,
    gm_title,
    negation_plan,
    outlook,
    plan_text,
    roll_summary,
    seat_entry,
)


def consequence(
    system: ChipSystem, rules: ChipsView, me: PlayerView, colour: str, use: UseName
) -> str:
    """The extra line under a use: odds before → after, wounds negated, Bounty worth."""
    roll = me["roll"]
    if use == "roll" and roll:
        seen = outlook(roll, cancels_bust=bool(system.after_bust))
        line = None if seen is None else chip_odds_line(seen, colour, lead="Chance ")
        if line:
            return line
    if use == "negate":
        plan = negation_plan(me["negatable"], rules["negation"][colour]["wounds"])
        return f"Negates: {plan_text(plan)}" if plan else ""
    if use in ("cash", "trade"):
        return f"Worth {plural(rules['bounty_values'][colour], 'Bounty Point')}"
    if use == "roll" and colour in system.tithe_colours:
        return f"{gm_title(rules, True)} draws a chip from the pot."
    return ""


def spend_call(
    rules: ChipsView, me: PlayerView, colour: str, use: UseName, extra: dict[str, Any]
) -> CommandCall:
    """The command a use sends."""
    if use == "roll":
        return CHIPS_SPEND(colour=colour, use="roll")
    if use == "impetus":
        return CHIPS_SPEND(colour=colour, use="impetus")
    if use == "reroll":
        if extra.get("label"):
            return CHIPS_SPEND(colour=colour, use="reroll", label=extra["label"])
        return CHIPS_SPEND(colour=colour, use="reroll")
    if use == "negate":
        wounds = rules["negation"][colour]["wounds"]
        return CHIPS_NEGATE(colour=colour, wounds=negation_plan(me["negatable"], wounds))
    if use == "wind":
        return CHIPS_NEGATE(colour=colour, wind=True)
    if use == "cash":
        return CHIPS_CASH(chips={colour: 1})
    return TRADE_PROPOSE(
        colour=colour,
        to=extra.get("to"),
        payment=extra.get("payment") or {colour: 1},
        fiction=extra.get("fiction", ""),
    )


@component
def trade_form(model: AppModel, system: ChipSystem, colour: str) -> ft.Control:
    """Give a chip: to whom, what you pay the pot (at least its worth), and the story."""
    f = use_form({"to": "", "pay": {colour: 1}, "fiction": ""})
    others = [s for s in model.table.get("seats", []) if s["player_id"] != model.player_id]

    def pay(chip: str, n: int) -> None:
        f.put(pay={**f["pay"], chip: n})

    async def offer(_: Any) -> None:
        if not f["to"]:
            model.refuse("Choose who gets the chip.")
            return
        await model.send(
            TRADE_PROPOSE(
                colour=colour,
                to=f["to"],
                payment={c: n for c, n in f["pay"].items() if n},
                fiction=f["fiction"],
            )
        )

    return ft.Column(
        [
            muted("Give it to:"),
            ft.Row(
                [
                    (ft.FilledButton if s["player_id"] == f["to"] else ft.OutlinedButton)(
                        content=s["name"],
                        height=48,
                        on_click=lambda e, p=s["player_id"]: f.put(to=p),
                    )
                    for s in others
                ],
                wrap=True,
            ),
            muted("Pay the pot (at least the chip's Bounty value):"),
            *[
                stepper(
                    f"{c} chips paid",
                    int(f["pay"].get(c, 0)),
                    partial(pay, c),
                    0,
                    10,
                )
                for c in system.colours
            ],
            text_field(f, "fiction", label="How your character helps theirs"),
            button(f"Offer the {colour} chip", offer, icon=ft.Icons.HANDSHAKE, filled=True),
        ]
    )


@component
def reroll_form(
    model: AppModel, colour: str, me: PlayerView, allowed: bool, why: str | None
) -> ft.Control:
    f = use_form({"label": ""})

    async def go(_: Any) -> None:
        if not allowed:
            model.refuse(why or "Not now.")
            return
        label = f["label"].strip()
        if label:
            await model.send(CHIPS_SPEND(colour=colour, use="reroll", label=label))
        else:
            await model.send(CHIPS_SPEND(colour=colour, use="reroll"))

    return ft.Column(
        [
            text_field(f, "label", label="Or a roll made off the app (e.g. damage)"),
            button(
                f"Reroll {'your roll' if me['roll'] and not f['label'].strip() else 'it'} "
                f"with the {colour} chip",
                go,
                icon=ft.Icons.REPLAY,
                filled=allowed,
            ),
        ]
    )


def use_row(
    model: AppModel,
    system: ChipSystem,
    me: PlayerView,
    colour: str,
    use: UseName,
    option: ChipOption,
) -> ft.Control:
    """One thing the chip can do: the effect, the consequence, and a button (or why not)."""
    allowed = option["allowed"]
    why = option["why"]
    rules = chips_view(model)
    lines: list[ft.Control] = [
        ft.Text(USE_TITLES.get(use, use.capitalize()), size=17, weight=ft.FontWeight.BOLD),
        ft.Text(sentence(option["effect"]), size=15),
    ]
    extra = consequence(system, rules, me, colour, use)
    if extra:
        lines.append(ft.Text(extra, size=15, color=ft.Colors.PRIMARY))
    if not allowed and why:
        lines.append(ft.Text(f"Not now: {why}", size=14, color=ft.Colors.ERROR))
    if use == "trade" and allowed:
        lines.append(keyed(f"trade-{colour}", trade_form, model, system, colour))
    elif use == "reroll":
        lines.append(keyed(f"reroll-{colour}", reroll_form, model, colour, me, allowed, why))
    else:

        async def act(_: Any) -> None:
            if not allowed:
                model.refuse(why or "The rules don't allow that now.")
                return
            await model.send(spend_call(rules, me, colour, use, {}))

        lines.append(
            spend_button(f"{USE_TITLES.get(use, use)}: {colour} chip", act, allowed=allowed)
        )
    return option_card(lines, allowed=allowed)


@component
def excess_form(model: AppModel, system: ChipSystem, me: PlayerView) -> ft.Control:
    """Over the hand limit: choose which chips become Bounty Points."""
    over = me["over_limit"]
    pick = use_form({})

    async def convert(_: Any) -> None:
        chips = {c: int(n) for c, n in pick.items() if n}
        if not chips:  # the host would refuse an empty map in its own (shape) words
            model.refuse(f"Choose exactly {plural(over, 'chip')} to convert.")
            return
        await model.send(CHIPS_CONVERT_EXCESS(chips=chips))

    held = me["hand"]
    return card(
        f"{plural(over, 'chip')} over the limit",
        muted("Choose which chips to convert into Bounty Points before spending any."),
        *[
            stepper(
                f"{c} chips",
                int(pick.get(c, 0)),
                pick.setter(c),
                0,
                held[c],
            )
            for c in system.colours
        ],
        button("Convert to Bounty", convert, filled=True, icon=ft.Icons.STAR),
    )


def help_crew(model: AppModel, system: ChipSystem, me: PlayerView) -> list[ft.Control]:
    """Spacelands: spend on a crewmate's roll, or to soak their damage."""
    if not system.help_others:
        return []
    rows: list[ft.Control] = []
    rules = chips_view(model)
    for pid, other in rules["players"].items():
        if pid == model.player_id:
            continue
        roll = other["roll"]
        if roll and not roll["finished"]:
            for colour in system.colours:
                if me["hand"][colour] < 1 or colour not in (
                    WHITE,
                    *system.bonus_colours,
                ):
                    continue

                async def help_roll(_: Any, pid: str = pid, colour: str = colour) -> None:
                    await model.send(CHIPS_SPEND(colour=colour, roll_of=pid))

                rows.append(
                    button(
                        f"{colour.capitalize()} chip on {other['name']}'s roll",
                        help_roll,
                        icon=ft.Icons.VOLUNTEER_ACTIVISM,
                    )
                )
        if other["negatable"]:
            for colour in system.colours:
                if me["hand"][colour] < 1:
                    continue
                wounds = rules["negation"][colour]["wounds"]
                plan = negation_plan(other["negatable"], wounds)

                async def soak(
                    _: Any, pid: str = pid, colour: str = colour, plan: dict[str, int] = plan
                ) -> None:
                    await model.send(CHIPS_NEGATE(colour=colour, for_=pid, wounds=plan))

                rows.append(
                    button(
                        f"{colour.capitalize()} chip: {other['name']}'s wounds ({plan_text(plan)})",
                        soak,
                        icon=ft.Icons.HEALING,
                    )
                )
    if not rows:
        return []
    return [card("Help the crew", *rows)]


@component
def hand_panel(model: AppModel, system: ChipSystem) -> ft.Control:
    """The hand tab."""
    selected, set_selected = ft.use_state(None)
    rules = chips_view(model)
    me = seat_entry(rules, model.player_id)
    if me is None:
        return muted("No seat of yours at this table.", 15)
    hand = me["hand"]
    chips = ft.Row(
        [
            token_button(
                c,
                hand[c],
                size=72 if len(colours(rules)) < 4 else 58,
                selected=c == selected,
                on_click=lambda e, c=c: set_selected(None if c == selected else c),
            )
            for c in colours(rules)
        ],
        alignment=ft.MainAxisAlignment.SPACE_EVENLY,
        wrap=True,
    )
    parts: list[ft.Control] = []
    if not model.session_active:
        parts.append(muted("Between sessions: chips can't be spent on rolls now.", 15))
    if me["over_limit"]:
        parts.append(excess_form(model, system, me))
    parts.append(chips)
    if me["roll"]:
        parts.append(ft.Text(f"Your roll: {roll_summary(me['roll'])}", size=15))
    if selected:
        # options: the private part, there in the viewer's own entry
        options = me.get("options", {}).get(selected, {})
        order: list[UseName] = ["roll", "reroll", "impetus", "negate", "wind", "trade", "cash"]
        parts.append(
            ft.Text(
                f"{selected.capitalize()} chip: what it can do now",
                size=18,
                weight=ft.FontWeight.BOLD,
            )
        )
        parts += [
            use_row(model, system, me, selected, use, options[use])
            for use in sorted(options, key=order.index)
        ]
    else:
        parts.append(muted("Tap a chip to see what it can do right now.", 15))
    recorded = {c: n for c, n in me["recorded"].items() if n}
    if recorded:
        parts.append(
            muted(
                "Written down from last session: "
                + ", ".join(f"{n} {c}" for c, n in recorded.items())
            )
        )
    parts += pending_here(model, me)
    parts += help_crew(model, system, me)
    return ft.Column(parts, spacing=12)


def pending_here(model: AppModel, me: PlayerView) -> list[ft.Control]:
    """Fresh wounds to accept (or negate above) and this player's offers awaiting the GM."""
    out: list[ft.Control] = []
    if me["negatable"]:

        async def accept(_: Any) -> None:
            await model.send(WOUNDS_ACCEPT())

        out.append(
            card(
                "Fresh wounds",
                muted("Negate them with a chip (tap one), or let them stand."),
                button("Let the wounds stand", accept, icon=ft.Icons.CHECK),
            )
        )
    for tid, trade in chips_view(model)["trades"].items():
        if trade["from"] != model.player_id:
            continue

        async def cancel(_: Any, tid: str = tid) -> None:
            await model.send(TRADE_CANCEL(trade=tid))

        out.append(
            card(
                f"Your offer to {model.seat_name(trade['to'])}",
                muted(f"A {trade['colour']} chip, waiting for the GM."),
                button("Withdraw the offer", cancel, icon=ft.Icons.CANCEL),
            )
        )
    return out
