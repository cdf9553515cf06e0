"""Reading a Bottlecaps table's view (Savage Worlds with caps) for the screens: pure.

The view's shape is declared once in the domain (``view_types.CapsView``); the screens
read it through ``caps_view`` and index the keys the declaration says are always there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, cast

from app.domain.bottlecaps.caps import BLUE, RED, WHITE
from app.domain.bottlecaps.dice import DIE_SIDES
from app.domain.bottlecaps.view_types import CapsView, CharacterView, GmView, Roll, Sheet
from app.domain.errors import DomainError
from app.domain.odds import savage_odds

from ..widgets import pct

if TYPE_CHECKING:
    from ..model import AppModel

#: The trait dice a sheet may hold, as the sheet writes them ("d8").
DICE = tuple(f"d{sides}" for sides in DIE_SIDES)


def die_sides(die: str) -> tuple[int, int]:
    """'d8' -> (8, 0); 'd12+2' -> (12, 2)."""
    text = die.strip().lower().removeprefix("d")
    sides, _, bonus = text.partition("+")
    try:
        return int(sides), int(bonus or 0)
    except ValueError:
        return 4, 0


def caps_view(model: AppModel) -> CapsView:
    """The table's Bottlecaps part, typed.

    The cast is safe: the screens show Bottlecaps only at a Bottlecaps table, whose
    ``rules`` the host built with ``view.view`` (mypy checks it returns a CapsView), and
    the JSON round-trip to this page keeps that shape (test_bottlecaps_view_types.py
    validates real views after one).
    """
    return cast(CapsView, model.rules)


def gm_part(view: CapsView) -> GmView:
    """The GM's part of the view (always there for the GM; empty for anyone else)."""
    empty: GmView = {"caps": {WHITE: 0, RED: 0, BLUE: 0}, "players": {}, "wild_cards": []}
    return view.get("gm", empty)


def character(view: CapsView, viewer_is_gm: bool, cid: str | None) -> CharacterView | None:
    """The block (sheet, roll, hit, greatness, options) of one character this viewer
    sees: a player's own (None without a seat), or the player or NPC the GM picked."""
    if not viewer_is_gm:
        return view.get("you")
    gm = gm_part(view)
    found = gm["players"].get(cid) if cid else None
    return found or next((npc for npc in gm["wild_cards"] if npc["id"] == cid), None)


class Who(TypedDict, total=False):
    """Whom a command is for (``ForWho``'s arguments): empty when a player acts."""

    player: str
    npc: str


def who_args(cid: str | None, viewer_is_gm: bool) -> Who:
    """How a command names the character: nothing for yourself, player/npc for the GM."""
    if not viewer_is_gm or cid is None:
        return {}
    return {"npc": cid} if cid.startswith("npc") else {"player": cid}


class SpendExtras(TypedDict, total=False):
    """What a cap's spend adds, only when it applies (else the host's defaults)."""

    edge: str
    pool: str


def trait_die(sheet: Sheet | None, trait: str) -> str:
    """The die of an attribute or skill on the sheet (d4 when it has none)."""
    if sheet is None:
        return "d4"
    for group in (sheet["attributes"], sheet["skills"]):
        for name, die in group.items():
            if name.lower() == trait.lower():
                return die
    return "d4"


def odds_text(die: str, tn: int, modifier: int, effort_aces: bool = True) -> str:
    """'d8 + Wild d6 vs 4: 75% (Extra Effort 92%), snake eyes 2%'."""
    sides, bonus = die_sides(die)
    try:
        base = savage_odds(sides, tn, 6, modifier + bonus)
        effort = savage_odds(
            sides, tn, 6, modifier + bonus, extra_effort=True, effort_aces=effort_aces
        )
    except (DomainError, ValueError):
        return ""
    return (
        f"{die} + Wild d6 vs {tn}: {pct(base.p_success)} success "
        f"(with Extra Effort {pct(effort.p_success)}), snake eyes {pct(base.p_snake_eyes)}."
    )


def faces_text(faces: list[int]) -> str:
    return "+".join(str(f) for f in faces)


def parse_chain(text: str) -> list[int]:
    """'6+3' -> [6, 3] (one acing die as entered)."""
    try:
        return [int(f) for f in text.replace(" ", "").split("+") if f]
    except ValueError:
        raise ValueError(f"'{text}' is not a die: write faces like 6+3") from None


def faces_on(faces: list[int], sides: int, die: str) -> list[int]:
    """``faces`` if each can be rolled on a ``sides``-sided ``die`` ("A d6"), else a
    ValueError in the player's words (the host's is "Every entry of 'trait_faces' ...")."""
    for face in faces:
        if not 1 <= face <= sides:
            raise ValueError(f"{die} shows 1 to {sides}: {face} can't be rolled on it.")
    return faces


def parse_damage(text: str) -> list[str]:
    """'d8, d6' -> ['d8', 'd6']."""
    dice = [d.strip().lower() for d in text.replace("+", ",").split(",") if d.strip()]
    if not dice or any(not d.startswith("d") for d in dice):
        raise ValueError("Write the damage dice like d8, d6")
    return dice


def roll_summary(roll: Roll | None) -> str:
    if not roll:
        return "no roll"
    if roll["kind"] == "damage":
        return f"Damage {'+'.join(roll['dice'])}: {roll['total']}"
    successes = roll["successes"]
    if roll["snake_eyes"]:
        verdict = "snake eyes (critical failure)"
    elif successes == 0:
        verdict = "failure"
    elif successes == 1:
        verdict = "success"
    else:
        verdict = f"success, {successes - 1} raise{'s' * (successes > 2)}"
    what = "Soak" if roll["kind"] == "soak" else roll["trait"]
    return f"{what} {roll['die']} vs {roll['tn']}: {roll['total']} — {verdict}"


def health_text(sheet: Sheet | None) -> str:
    if sheet is None:
        return "fine"
    parts = []
    if sheet["shaken"]:
        parts.append("Shaken")
    wounds = sheet["wounds"]
    if wounds:
        parts.append(f"{wounds} Wound{'s' * (wounds > 1)}")
    if sheet["incapacitated"]:
        parts.append("Incapacitated")
    return ", ".join(parts) or "fine"
