"""Bottlecaps panels for one character (a player's own, or any for the GM): the caps and
what each can buy now, the Trait/damage roller, and the Savage Worlds sheet."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Literal

import flet as ft

from app.domain.bottlecaps.arguments import (
    CAP_SPEND,
    ROLL_DAMAGE,
    ROLL_TRAIT,
    SHEET_UPDATE,
    TURN_START,
    is_rank,
)
from app.domain.bottlecaps.caps import COLOURS, CapColour
from app.domain.bottlecaps.dice import WILD_DIE
from app.domain.bottlecaps.rolls import MODIFIER_RANGE
from app.domain.bottlecaps.sheet import ATTRIBUTES, DRAW_MODIFIER_RANGE, MAX_WOUNDS, RANKS
from app.domain.bottlecaps.view_types import CharacterView, Roll, UseOption
from app.domain.command_types import CommandCall

from ..component import component, keyed
from ..model import AppModel
from ..theme import SWITCH_PADDING
from ..views.first_steps import made_in_play
from ..widgets import (
    act,
    button,
    card,
    choice_chips,
    icon_button,
    muted,
    option_card,
    spend_button,
    stepper,
    text_field,
    token_button,
    use_form,
    use_kept_form,
)
from .common import (
    DICE,
    SpendExtras,
    caps_view,
    character,
    die_sides,
    faces_on,
    faces_text,
    health_text,
    odds_text,
    parse_chain,
    parse_damage,
    roll_summary,
    trait_die,
    who_args,
)
from .hit import take_hit


def _me(model: AppModel, cid: str | None) -> CharacterView | None:
    return character(caps_view(model), model.is_gm, cid)


@component
def use_card(
    model: AppModel, cid: str | None, colour: CapColour, use: UseOption, pool: str | None
) -> ft.Control:
    """One use of a cap: its label, whether it is allowed, and the extra it needs."""
    f = use_form({"edge": ""})
    allowed = use["allowed"]
    reason = use["reason"]

    async def spend(_: Any) -> None:
        if not allowed:
            model.refuse(reason or "The rules don't allow that now.")
            return
        name = use["use"]
        extras = SpendExtras()
        if name == "greatness":
            if not f["edge"].strip():  # else the host's "'edge' can't be empty."
                model.refuse("Name the Combat Edge the Moment of Greatness gives first.")
                return
            extras["edge"] = f["edge"].strip()
        if pool:
            extras["pool"] = pool
        await model.send(CAP_SPEND(use=name, cap=colour, **who_args(cid, model.is_gm), **extras))

    parts: list[ft.Control] = [ft.Text(use["label"], size=16, weight=ft.FontWeight.BOLD)]
    parts.append(muted(f"The {colour} cap goes back to the pot."))
    if not allowed and reason:
        parts.append(ft.Text(f"Not now: {reason}", size=14, color=ft.Colors.ERROR))
    if use["use"] == "greatness" and allowed:
        parts.append(text_field(f, "edge", label="Combat Edge gained"))
    parts.append(
        spend_button(f"{use['label'].split(':')[0]}: {colour} cap", spend, allowed=allowed)
    )
    return option_card(parts, allowed=allowed)


ROLL_USES = ("reroll", "reroll_damage", "extra_effort")


def roll_spends(model: AppModel, cid: str | None, me: CharacterView) -> list[ft.Control]:
    """Spend where you roll: each use of a cap on the roll just made, paid with the
    cheapest cap in hand that may pay (a reason shows when the rules say not now)."""
    cards: list[ft.Control] = []
    for name in ROLL_USES:
        for colour in COLOURS:
            option = me["options"][colour]
            use = next((u for u in option["uses"] if u["use"] == name), None)
            if use is not None and option["count"] and use["allowed"]:
                cards.append(keyed(f"roll-{name}", use_card, model, cid, colour, use, None))
                break
    if not cards:
        cards.append(muted("No cap in hand can change this roll now."))
    return cards


@component
def caps_panel(model: AppModel, cid: str | None = None) -> ft.Control:
    """The caps in hand (or an NPC's pool) and, for the one tapped, what it buys now."""
    selected, set_selected = ft.use_state(None)
    me = _me(model, cid)
    options = me["options"] if me else None
    target = cid or model.player_id or ""
    is_npc = bool(cid and cid.startswith("npc"))
    pool, set_pool = ft.use_state("own")
    parts: list[ft.Control] = []
    if not model.session_active:
        parts.append(muted("Between sessions: caps are handed out when a session starts.", 15))
    parts.append(
        ft.Row(
            [
                token_button(
                    c,
                    options[c]["count"] if options else 0,
                    noun="cap",
                    family="caps",
                    size=72,
                    selected=c == selected,
                    on_click=lambda e, c=c: set_selected(None if c == selected else c),
                )
                for c in COLOURS
            ],
            alignment=ft.MainAxisAlignment.SPACE_EVENLY,
            wrap=True,
        )
    )
    greatness = me["greatness"] if me else None
    parts.append(
        ft.Text(
            f"{me['name'] if me else ''}: {health_text(me['sheet'] if me else None)}"
            + (f" · Moment of Greatness: {greatness['edge']}" if greatness else ""),
            size=15,
        )
    )
    if me and me["roll"]:
        parts.append(ft.Text(f"Roll: {roll_summary(me['roll'])}", size=15))
    if is_npc:
        parts.append(
            choice_chips([("own", "Its own caps"), ("gm", "GM's general caps")], pool, set_pool)
        )
    chosen = next((c for c in COLOURS if c == selected), None)  # the cap tapped, typed
    if chosen:
        parts.append(ft.Text(f"A {chosen} cap can, right now:", size=18, weight=ft.FontWeight.BOLD))
        for use in options[chosen]["uses"] if options else []:
            key = f"{cid}-{chosen}-{use['use']}"
            parts.append(keyed(key, use_card, model, cid, chosen, use, pool if is_npc else None))
        parts.append(muted("Caps still in hand when the session ends are lost."))
    else:
        parts.append(muted("Tap a cap to see what it can do right now.", 15))

    async def my_turn(_: Any) -> None:
        await model.send(TURN_START(**who_args(cid, model.is_gm)))

    turn = caps_view(model)["turn"]
    parts.append(
        card(
            "Combat",
            muted(
                "It's your turn."
                if turn == target
                else "Mark the start of each turn "
                "(a Moment of Greatness lasts until your next one)."
            ),
            button(
                "Start of my turn" if not model.is_gm else "Start of their turn",
                my_turn,
                icon=ft.Icons.PLAY_CIRCLE,
                # The host refuses a player re-marking their own turn (the GM runs rounds).
                disabled=turn == target and not model.is_gm,
            ),
            take_hit(model, cid),
        )
    )
    return ft.Column(parts, spacing=12)


def dice_row(label: str, faces: list[int]) -> ft.Control:
    return ft.Row(
        [
            ft.Text(label, size=15, width=90),
            ft.Container(
                ft.Text(
                    str(sum(faces)),
                    size=22,
                    weight=ft.FontWeight.BOLD,
                    semantics_label=f"{label} {faces_text(faces)}",
                ),
                padding=ft.Padding.symmetric(horizontal=14, vertical=6),
                border_radius=10,
                bgcolor=ft.Colors.TERTIARY_CONTAINER
                if len(faces) > 1
                else ft.Colors.SURFACE_CONTAINER_HIGH,
            ),
            muted(faces_text(faces) + (" (aced)" if len(faces) > 1 else "")),
        ]
    )


def roll_view(roll: Roll) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(roll_summary(roll), size=17, weight=ft.FontWeight.BOLD)]
    if roll["kind"] == "damage":
        for die, faces in zip(roll["dice"], roll["faces"], strict=False):
            rows.append(dice_row(die, faces))
    else:
        if roll["trait_dice"]:
            rows.append(dice_row(f"Trait {roll['die']}", roll["trait_dice"]))
        if roll["wild_dice"]:
            rows.append(dice_row("Wild d6", roll["wild_dice"]))
        if roll["effort"]:
            rows.append(dice_row("Effort d6", roll["effort"]))
    if roll["modifier"]:
        rows.append(muted(f"Modifier {roll['modifier']:+d}"))
    if roll["rerolls"]:
        rows.append(muted(f"Rerolled {roll['rerolls']}x, kept the better"))
    return ft.Column(rows, spacing=6)


@component
def roll_panel(model: AppModel, cid: str | None = None) -> ft.Control:
    """Trait rolls (with the Wild Die) and damage rolls; host dice or entered faces."""
    me = _me(model, cid)
    sheet = me["sheet"] if me else None
    default_tn = int(model.table.get("settings", {}).get("target_number", 4))
    f = use_kept_form(
        model.forms,
        f"caps-roll:{cid or model.player_id}",
        {
            "trait": "Agility",
            "modifier": 0,
            "tn": default_tn,
            "enter": False,
            "trait_faces": "",
            "wild_faces": "",
            "damage": "d6",
            "damage_mod": 0,
            "damage_faces": "",
        },
    )

    put = f.put

    async def roll(_: Any) -> None:
        who = who_args(cid, model.is_gm)
        trait, modifier, tn = f["trait"], int(f["modifier"]), int(f["tn"])
        if not f["enter"]:  # the host rolls
            await model.send(ROLL_TRAIT(trait=trait, modifier=modifier, tn=tn, **who))
            return
        try:
            sides = die_sides(trait_die(sheet, trait))[0]
            trait_faces = faces_on(parse_chain(f["trait_faces"]), sides, f"A d{sides}")
            wild_faces = faces_on(parse_chain(f["wild_faces"]), WILD_DIE, "The Wild Die")
        except ValueError as err:
            model.refuse(str(err))
            return
        await model.send(
            ROLL_TRAIT(
                trait=trait,
                modifier=modifier,
                tn=tn,
                **who,
                trait_faces=trait_faces,
                wild_faces=wild_faces,
            )
        )

    async def damage(_: Any) -> None:
        who = who_args(cid, model.is_gm)
        modifier = int(f["damage_mod"])
        try:
            dice = parse_damage(f["damage"])
            faces = (
                [parse_chain(x) for x in f["damage_faces"].split(",")]
                if f["enter"] and f["damage_faces"].strip()
                else None  # none entered: the host rolls, and no "faces" is sent
            )
            if faces is not None:  # else the host's "'faces' must hold one list ..."
                if len(faces) != len(dice):
                    raise ValueError(f"Enter faces for each of the {len(dice)} damage dice.")
                for die, chain in zip(dice, faces, strict=True):
                    sides = die_sides(die)[0]
                    faces_on(chain, sides, f"A d{sides}")
        except ValueError as err:
            model.refuse(str(err))
            return
        if faces is None:
            await model.send(ROLL_DAMAGE(dice=dice, modifier=modifier, **who))
        else:
            await model.send(ROLL_DAMAGE(dice=dice, modifier=modifier, **who, faces=faces))

    parts: list[ft.Control] = []
    if me and me["roll"]:
        parts.append(card("The roll", roll_view(me["roll"]), *roll_spends(model, cid, me)))
    traits = [*sheet["attributes"], *sheet["skills"]] if sheet else []
    traits = traits or list(ATTRIBUTES)
    die = trait_die(sheet, f["trait"])
    effort_aces = bool(model.table.get("settings", {}).get("extra_effort_aces", True))
    trait_parts: list[ft.Control] = [
        choice_chips(
            [(t, f"{t} {trait_die(sheet, t)}") for t in traits], f["trait"], lambda t: put(trait=t)
        ),
        stepper("Modifier", int(f["modifier"]), lambda n: put(modifier=n), *MODIFIER_RANGE),
        stepper("TN", int(f["tn"]), lambda n: put(tn=n), 1, 20),
        ft.Text(
            odds_text(die, int(f["tn"]), int(f["modifier"]), effort_aces),
            size=15,
            color=ft.Colors.PRIMARY,
        ),
        ft.Switch(
            padding=SWITCH_PADDING,
            label="Enter dice rolled at the table",
            value=f["enter"],
            on_change=lambda e: put(enter=bool(e.control.value)),
        ),
    ]
    if f["enter"]:
        trait_parts += [
            text_field(f, "trait_faces", label=f"Trait die {die} faces (aces joined with +)"),
            text_field(f, "wild_faces", label="Wild Die d6 faces"),
        ]
    trait_parts.append(button(f"Roll {f['trait']}", roll, icon=ft.Icons.CASINO, filled=True))
    parts.append(card("Trait roll", *trait_parts))
    damage_parts: list[ft.Control] = [
        text_field(f, "damage", label="Damage dice (e.g. d8, d6)"),
        stepper(
            "Damage modifier", int(f["damage_mod"]), lambda n: put(damage_mod=n), *MODIFIER_RANGE
        ),
    ]
    if f["enter"]:
        damage_parts.append(
            text_field(f, "damage_faces", label="Faces per die, comma separated (6+2, 3)")
        )
    damage_parts.append(button("Roll damage", damage, icon=ft.Icons.FLASH_ON))
    parts.append(card("Damage roll", *damage_parts))
    return ft.Column(parts, spacing=10)


@component
def sheet_panel(model: AppModel, cid: str | None = None) -> ft.Control:
    """The Savage Worlds sheet; players edit it between sessions, the GM any time."""
    me = _me(model, cid)
    sheet = me["sheet"] if me else None
    editable = model.is_gm or not model.session_active
    draft = use_form(
        {
            "character": sheet["character"] if sheet else "",
            "edges": sheet["edges"] if sheet else "",
            "hindrances": sheet["hindrances"] if sheet else "",
            "skill": "",
            "skill_die": "d6",
        }
    )
    who = who_args(cid, model.is_gm)

    #: ``sheet.update`` for this character: a call names only the fields it changes.
    for_sheet = partial(SHEET_UPDATE, **who)

    def update(call: CommandCall) -> Callable[..., Awaitable[None]]:
        """A handler sending ``call`` (or called bare)."""

        async def go(_: Any = None) -> None:
            await model.send(call)

        return go

    def set_die(
        group: Literal["attributes", "skills"], name: str
    ) -> Callable[[str], Awaitable[None]]:
        """The chip handler setting trait ``name`` of ``group`` to the die picked."""
        if group == "attributes":
            return lambda die: update(for_sheet(attributes={name: die}))()
        return lambda die: update(for_sheet(skills={name: die}))()

    async def set_rank(rank: str) -> None:
        if not is_rank(rank):  # the chips offer only the five Ranks
            model.refuse("Choose one of the five Ranks.")
            return
        await update(for_sheet(rank=rank))()

    put = draft.put

    if not me or not sheet:
        return muted("No sheet to show.")
    parts: list[ft.Control] = []
    if not editable:
        parts += made_in_play(model)  # a late joiner's blank sheet: a ready-made one
    health: list[ft.Control] = [ft.Text(health_text(sheet), size=18, weight=ft.FontWeight.BOLD)]
    if editable:
        health += [
            ft.Switch(
                padding=SWITCH_PADDING,
                label="Shaken",
                value=sheet["shaken"],
                on_change=act(lambda e: update(for_sheet(shaken=bool(e.control.value)))(None)),
            ),
            stepper(
                "Wounds", sheet["wounds"], lambda n: update(for_sheet(wounds=n))(), 0, MAX_WOUNDS
            ),
            ft.Switch(
                padding=SWITCH_PADDING,
                label="Incapacitated",
                value=sheet["incapacitated"],
                on_change=act(
                    lambda e: update(for_sheet(incapacitated=bool(e.control.value)))(None)
                ),
            ),
        ]
    parts.append(card("Health", *health))
    if editable:
        parts.append(
            card(
                "Character",
                text_field(draft, "character", label="Name"),
                button(
                    "Save name", update(for_sheet(character=draft["character"])), icon=ft.Icons.SAVE
                ),
                muted("Rank"),
                choice_chips([(r, r) for r in RANKS], sheet["rank"], set_rank),
                ft.Switch(
                    padding=SWITCH_PADDING,
                    label="No Mercy Edge",
                    value=sheet["no_mercy"],
                    on_change=act(
                        lambda e: update(for_sheet(no_mercy=bool(e.control.value)))(None)
                    ),
                ),
                *(
                    [
                        stepper(
                            "Caps drawn beyond 3",
                            sheet["draw_modifier"],
                            lambda n: update(for_sheet(draw_modifier=n))(),
                            *DRAW_MODIFIER_RANGE,
                        )
                    ]
                    if model.is_gm
                    else []
                ),
            )
        )
    else:
        parts.append(
            card(
                "Character",
                ft.Text(f"{sheet['character'] or me['name']} · {sheet['rank']}", size=16),
            )
        )
    attrs: list[ft.Control] = []
    for name, die in sheet["attributes"].items():
        attrs.append(ft.Text(f"{name} {die}", size=16, weight=ft.FontWeight.BOLD))
        if editable:
            attrs.append(
                choice_chips([(d, d) for d in DICE], die, set_die("attributes", name), name=name)
            )
    parts.append(card("Attributes", *attrs))
    skills: list[ft.Control] = []
    for name, die in sorted(sheet["skills"].items()):
        row: list[ft.Control] = [ft.Text(f"{name} {die}", size=16, expand=True)]
        if editable:
            row.append(
                icon_button(
                    ft.Icons.DELETE, f"Remove {name}", update(for_sheet(skills={name: None}))
                )
            )
        skills.append(ft.Row(row))
        if editable:
            skills.append(
                choice_chips([(d, d) for d in DICE], die, set_die("skills", name), name=name)
            )
    if editable:
        skills += [
            text_field(draft, "skill", label="New skill"),
            choice_chips(
                [(d, d) for d in DICE],
                draft["skill_die"],
                lambda d: put(skill_die=d),
                name="New skill",
            ),
            button(
                "Add skill",
                update(for_sheet(skills={draft["skill"].strip(): draft["skill_die"]}))
                if draft["skill"].strip()
                else None,
                icon=ft.Icons.ADD,
                disabled=not draft["skill"].strip(),
            ),
        ]
    parts.append(card("Skills", *(skills or [muted("No skills yet.")])))
    saves = {
        "edges": update(for_sheet(edges=draft["edges"])),
        "hindrances": update(for_sheet(hindrances=draft["hindrances"])),
    }
    texts: tuple[tuple[Literal["edges", "hindrances"], str], ...] = (
        ("edges", "Edges"),
        ("hindrances", "Hindrances"),
    )
    for field, title in texts:
        if editable:
            parts.append(
                card(
                    title,
                    text_field(draft, field, multiline=True, min_lines=2, label=title),
                    button(f"Save {title}", saves[field], icon=ft.Icons.SAVE),
                )
            )
        else:
            parts.append(card(title, ft.Text(sheet[field] or "—", size=15)))
    return ft.Column(parts, spacing=10)
