"""A new player's first minute: what their game needs before the first roll, on top.

After joining, the phone leads to it rather than opening on an empty sheet:

- Fate's Edge: a character is needed to roll at all. The card offers the pregens, then
  the one free kit; taking the kit finishes creation, so two taps land on a pool that
  is ready to roll (building from XP stays on the Sheet and More tabs).
- Deadlands / Spacelands: a fresh sheet rolls 1d6 for every trait. The card says so
  and, on the Hand tab the player lands on, offers ready-made archetypes ("Play the
  Gunslinger": its traits and one aptitude, one tap, allowed during play on a blank
  sheet; other tabs keep the card short and point there), or leads to the Sheet tab
  (or the player waits for the sheet their Marshal fills in from the GM's Sheets tab,
  or a prepared seat taken with its seat link).
- Bottlecaps: the same for a fresh sheet (every attribute d4, no skills), with
  ready-made starters (``caps/quick.py``) taken by one ``sheet.update``, even during
  play: a blank character may be made once mid-session (a late joiner), a made one is
  changed between sessions.
- Wheel of Fate: a roll needs attributes: "Quick start" splits the table's attribute
  dice evenly (8d: Physical 3d, Mental 3d, Social 2d) so the player rolls at once, and
  the card then says how much creation is left (aspects, which compels need) and
  leads to the Character tab.

Each card hides once its need is met; the Deadlands / Bottlecaps ones can be put away
("Not now") for players who roll with the defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import flet as ft

from app.client.outcomes import Applied
from app.domain.bottlecaps.arguments import SHEET_UPDATE as CAPS_SHEET_UPDATE
from app.domain.bottlecaps.sheet import is_blank as is_caps_blank
from app.domain.fatechips.quick_start import SHEET_QUICK, Key
from app.domain.fatechips.starting import ARCHETYPES, is_blank
from app.domain.fatesedge.creation import CHARACTER_FINISH, CHARACTER_KIT, CHARACTER_PREGEN, Kit
from app.domain.wheel.creation import CHAR_ATTRIBUTES
from app.domain.wheel.wargs import Attribute

from ..caps.common import caps_view
from ..caps.quick import STARTERS
from ..component import component
from ..fatesedge.bits import sender
from ..fatesedge.common import fe_view
from ..forms import one_of
from ..model import AppModel
from ..widgets import button, card, muted, plural

Go = Callable[[str], None]

FIRST_STEPS = "Before your first roll"


def fates_edge_steps(
    model: AppModel, go: Go, tab: str, put_away: Callable[[], None] = lambda: None
) -> ft.Control | None:
    """Pick a pregen, then take a kit (which finishes the character); "Not now" puts the
    card away for a player who plays on without the kit (it stayed on every tab after
    she had rolled in a contest)."""
    not_now = button("Not now", lambda _: put_away(), icon=ft.Icons.CLOSE)
    view = fe_view(model)
    you = view.get("you")
    if you is None or you["status"] != "creating" or tab == "Sheet":
        return None
    ref = view["reference"]
    fresh = not you["xp"]["spent"] and not you["followers"]
    if fresh:
        return card(
            FIRST_STEPS,
            ft.Text("Pick a ready-made character:", size=16),
            *[
                ft.Column(
                    [
                        button(
                            f"Play {pregen['name']}",
                            sender(model, CHARACTER_PREGEN(pregen=key)),
                            icon=ft.Icons.PERSON_ADD,
                            filled=True,
                        ),
                        muted(pregen["title"], 16),
                    ],
                    spacing=2,
                )
                for key, pregen in ref["pregens"].items()
            ],
            muted("Or build your own from XP on the Sheet tab.", 16),
            not_now,
        )
    has_kit = any(g.get("tier") == "kit" for g in you["gear"].values())

    async def finish(_: Any = None) -> None:
        await model.send(CHARACTER_FINISH())

    if has_kit:
        return card(
            FIRST_STEPS,
            button("Finish my character", finish, icon=ft.Icons.CHECK, filled=True),
        )

    def take(key: str) -> Callable[[Any], Any]:
        async def handler(_: Any) -> None:
            if isinstance(await model.send(CHARACTER_KIT(kit=one_of(key, get_args(Kit)))), Applied):
                await finish()

        return handler

    return card(
        FIRST_STEPS,
        ft.Text(f"{you['name']} is ready. Take your one free kit and play:", size=16),
        *[
            ft.Column(
                [
                    button(f"Take the {kit['name']}", take(key), icon=ft.Icons.BACKPACK),
                    muted(kit["effect"], 16),
                ],
                spacing=2,
            )
            for key, kit in ref["kits"].items()
        ],
        not_now,
    )


def quick_starts(model: AppModel) -> list[ft.Control]:
    """Ready-made characters, one button each with its dice below it: Deadlands /
    Spacelands archetypes (``sheet.quick``), Bottlecaps starters (a ``sheet.update``),
    both even during play: they only go on a blank sheet, a character not made yet."""
    offers: list[tuple[str, str, Any]] = [
        (
            arch.title,
            f"{arch.pitch} {arch.trait_words()}; {arch.aptitude_words()}.",
            sender(model, SHEET_QUICK(archetype=one_of(key, get_args(Key)))),
        )
        for key, arch in ARCHETYPES.get(model.ruleset or "", {}).items()
    ]
    if model.ruleset == "bottlecaps":
        offers = [
            (
                starter.title,
                f"{starter.words()}.",
                sender(
                    model,
                    CAPS_SHEET_UPDATE(
                        attributes=dict(starter.attributes), skills=dict(starter.skills)
                    ),
                ),
            )
            for starter in STARTERS.values()
        ]
    if not offers:
        return []
    # During play a made character waits for the session's end to change (house rule).
    playing = bool(model.table.get("session", {}).get("active"))
    later = "change it between sessions" if playing else "change it later"
    return [
        ft.Text(f"Play a ready-made character (one tap, {later}):", size=16),
        *[
            ft.Column(
                [
                    button(f"Play the {title}", send, icon=ft.Icons.BOLT, filled=True),
                    muted(words, 16),
                ],
                spacing=2,
            )
            for title, words, send in offers
        ],
    ]


def made_in_play(model: AppModel) -> list[ft.Control]:
    """For the Sheet tab during play: a blank character can still be made (one tap on
    a ready-made one), a made one waits for the session's end."""
    blank = BLANK.get(model.ruleset or "")
    what = blank(model) if blank is not None else None
    if not what:
        return [muted("The sheet can be edited between sessions (or by the GM).", 15)]
    return [
        muted(
            "Your character isn't made yet: during play, take a ready-made one here (the "
            "GM can fill in the rest); you change your sheet yourself between sessions.",
            15,
        ),
        *quick_starts(model),
    ]


#: The tab a new player lands on, where the ready-made characters are offered in full.
LANDING = {"deadlands": "Hand", "spacelands": "Hand", "bottlecaps": "Caps"}


def blank_sheet_card(
    model: AppModel, what: str, go: Go, put_away: Callable[[], None], tab: str
) -> ft.Control:
    """The blank-sheet card: in full (the ready-made characters) on the landing tab;
    elsewhere as short as it was, so the tab's own controls stay in view."""
    offered = quick_starts(model)
    landing = LANDING.get(model.ruleset or "", "")
    if offered and tab != landing:
        offered = []
        hint = f"Ready-made characters are on the {landing} tab; or fill in the Sheet tab"
    else:
        hint = "Or fill it in on the Sheet tab" if offered else "Fill it in on the Sheet tab"
    return card(
        FIRST_STEPS,
        ft.Text(what, size=16),
        *offered,
        muted(f"{hint}, or wait for the sheet your GM prepared for you.", 16),
        ft.Row(
            [
                button("Fill in my sheet", lambda _: go("Sheet"), icon=ft.Icons.EDIT),
                button("Not now", lambda _: put_away(), icon=ft.Icons.CLOSE),
            ],
            wrap=True,
        ),
    )


def chips_blank(model: AppModel) -> str | None:
    """Deadlands / Spacelands: every trait 1d6 and no aptitudes is a sheet not filled in."""
    pid = model.player_id or ""
    sheet = model.rules.get("players", {}).get(pid, {}).get("sheet", {})
    if is_blank(sheet):
        return "Your sheet is still blank: every trait rolls 1d6 until you fill it in."
    return None


def caps_blank(model: AppModel) -> str | None:
    """Bottlecaps: every attribute d4 and no skills is a sheet not filled in."""
    you = caps_view(model).get("you")
    if you is None:
        return None
    sheet = you["sheet"]
    if is_caps_blank(sheet):
        return "Your sheet is still blank: every attribute is d4 and you have no skills yet."
    return None


def even_split(total: int) -> tuple[int, int, int]:
    """``total`` attribute dice split as evenly as they go: (Physical, Mental, Social),
    the first ones one more (8d: 3/3/2)."""
    physical, mental, social = (total // 3 + (1 if i < total % 3 else 0) for i in range(3))
    return physical, mental, social


def wheel_steps(model: AppModel, go: Go, tab: str) -> ft.Control | None:
    """Wheel of Fate: a roll needs attributes. A quick start splits them evenly so the
    player can roll at once; the rest of creation (aspects for compels) follows."""
    me = model.rules.get("me")
    if not isinstance(me, dict) or me.get("complete") or tab == "Character":
        return None
    left = len(me.get("missing", []))
    make = button(
        "Make my character", lambda _: go("Character"), icon=ft.Icons.PERSON, filled=False
    )
    if me.get("attributes"):
        return card(
            "Your character isn't finished",
            ft.Text(
                f"You can roll now. {plural(left, 'thing')} to go, aspects among them: the "
                "GM compels aspects, so write them when there's a pause.",
                size=16,
            ),
            make,
        )
    settings = model.table.get("settings")
    total = int(settings.get("attribute_dice", 8)) if isinstance(settings, dict) else 8
    physical, mental, social = even_split(total)
    names: tuple[Attribute, ...] = get_args(Attribute)
    dice = (physical, mental, social)
    words = ", ".join(f"{n.title()} {d}d" for n, d in zip(names, dice, strict=True))
    return card(
        FIRST_STEPS,
        ft.Text(f"Make your character first: {plural(left, 'thing')} to go.", size=16),
        button(
            "Quick start",
            sender(
                model,
                CHAR_ATTRIBUTES(physical=physical, mental=mental, social=social),
            ),
            icon=ft.Icons.BOLT,
            filled=True,
        ),
        muted(
            f"{words}: roll now with an even split; change it and write the rest on Character.", 16
        ),
        make,
    )


BLANK: dict[str, Callable[[AppModel], str | None]] = {
    "deadlands": chips_blank,
    "spacelands": chips_blank,
    "bottlecaps": caps_blank,
}


@component
def first_steps(model: AppModel, go: Go, tab: str) -> ft.Control:
    """The card for this game's first steps, or nothing once they are done."""
    put_away, set_put_away = ft.use_state(False)
    found: ft.Control | None = None
    if model.ruleset == "fates-edge" and not put_away:
        found = fates_edge_steps(model, go, tab, lambda: set_put_away(True))
    elif model.ruleset == "wheel-of-fate":
        found = wheel_steps(model, go, tab)
    elif model.ruleset in BLANK and not put_away and tab != "Sheet":
        what = BLANK[model.ruleset](model)
        if what:
            found = blank_sheet_card(model, what, go, lambda: set_put_away(True), tab)
    return found if found is not None else ft.Container(visible=False)
