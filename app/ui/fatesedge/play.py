"""Phone pieces that act in play: the description ladder explained, the DV the GM set,
talents and gear as things to tap when they apply (with uses left), and the contest."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from app.domain.fatesedge.uses import ABILITY_USE
from app.domain.fatesedge.view_types import FeAbility, FeSheet, FeYou

from ..model import AppModel
from ..theme import TARGET
from ..widgets import DISABLED, card, muted
from .bits import sender, small_button
from .common import DVS, TOP_DV, acting_for, fe_view

LADDER_HELP = (
    "How vividly you describe the action decides how you treat the 1s (each 1 is a "
    "Complication Point for the GM). Basic: roll the pool as it is. Detailed: a clear, "
    "descriptive flourish lets you re-roll one 1. Intricate: a rich, multi-sensory "
    "description re-rolls every 1, and a success adds a flourish to the scene. Describe "
    "it to the table; the GM decides which step your description earns."
)
PER_WORDS = {
    "scene": "this scene",
    "session": "this session",
    "arc": "this arc",
    "campaign": "this campaign",
}
AFTER_ROLL = {
    "rally",
    "supply",
    "cancel_cp",
    "halve_cp",
    "cp_to_boon",
    "reroll_failed",
    "reroll_one_failed",
    "reroll_ones",
}


def ladder_help() -> ft.Control:
    """The description ladder in a player's words, where they choose it."""
    return muted(LADDER_HELP, 14)


def set_dv(you: FeYou | None) -> int | None:
    """The DV the GM set for the player's next roll, if any (the GM's roller has none)."""
    found = you["dv_set"] if you is not None else None
    return int(found["dv"]) if isinstance(found, dict) and found.get("dv") else None


def set_dv_note(you: FeYou | None) -> ft.Control | None:
    """'The GM set DV 2 (Pressured): Lockpick under watch.'"""
    found = you["dv_set"] if you is not None else None
    if not isinstance(found, dict) or not found.get("dv"):
        return None
    dv = int(found["dv"])
    name = dict(DVS).get(min(dv, TOP_DV), "")
    what = f": {found['label']}" if found.get("label") else ""
    text = f"The GM set DV {dv} ({name}){what}. You need {dv} success{'es' * (dv != 1)}."
    return ft.Text(text, size=16, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)


def uses_text(ability: FeAbility) -> str:
    left = ability["left"]
    if left is None:
        return "every roll"
    per = PER_WORDS.get(ability["per"], "")
    return f"{left} use left {per}" if left else f"used {per}"


def dice_abilities(sheet: FeSheet) -> list[FeAbility]:
    return [a for a in sheet["abilities"] if a["effect"] == "dice"]


def given_next(sheet: FeSheet) -> list[FeAbility]:
    """Dice an ally gave that the next roll takes by itself (a captain's rally)."""
    return [a for a in sheet["abilities"] if a["effect"] == "given_next"]


def dice_ability_chips(sheet: FeSheet, chosen: list[str], on_toggle: Any) -> list[ft.Control]:
    """Talents and gear that add (or cost) dice, tapped on when they apply."""
    found = dice_abilities(sheet)
    if not found:
        return []
    chips: list[ft.Control] = []
    for ab in found:
        amount = ab["amount"]
        dice = f"{amount:+d} {'die' if abs(amount) == 1 else 'dice'}" if amount else "+1 CP"
        spent = ab["left"] == 0
        label = f"{ab['name']} {dice} — {ab['when']} ({uses_text(ab)})"
        on = ab["key"] in chosen
        kind = ft.FilledButton if on else ft.OutlinedButton
        chips.append(
            kind(
                content=label + (" — on" if on else ""),
                height=TARGET,
                disabled=spent,
                style=DISABLED if spent else None,
                on_click=lambda e, key=ab["key"]: on_toggle(key),
            )
        )
    return [
        muted("Talents and gear that apply to this roll (tap the ones that do)"),
        ft.Column(chips, spacing=6),
    ]


def after_roll_actions(model: AppModel, roll: dict[str, Any], pid: str | None) -> list[ft.Control]:
    """Talents and gear the viewer can use on the roll just made: erase CP, re-roll."""
    if model.is_gm:
        return []
    me = model.player_id
    view = fe_view(model)
    you = view.get("you")
    own = roll.get("player") == me
    buttons: list[ft.Control] = []
    for ab in you["abilities"] if you is not None else []:
        if ab["effect"] not in AFTER_ROLL or ab["ally"] == own:
            continue
        if ab["left"] == 0:
            continue
        cp = int(roll.get("cp", 0))
        if ab["effect"] in ("cancel_cp", "halve_cp", "rally") and not cp:
            continue
        if ab["effect"] == "rally" and view["rallied"] == roll.get("id"):
            continue  # one Complication per roll
        verb = "Erase CP" if ab["effect"] in ("cancel_cp", "halve_cp") else "Re-roll"
        if ab["effect"] == "cp_to_boon":
            verb = "+1 success, a CP into a Boon" if cp else "+1 automatic success"
        if ab["effect"] == "rally":
            verb = "Rally: 1 CP becomes +1 die for every ally"
        if ab["effect"] == "supply":
            if (roll.get("used") or {}).get("skill") != "lore" or not roll.get("successes"):
                continue
            verb = "+1 Supply segment (trip-planning)"
        text = f"{verb}: {ab['name']} ({uses_text(ab)})"
        buttons.append(
            small_button(
                # Only a player sees these: their own talent, so no ``player``.
                text,
                sender(model, ABILITY_USE(ability=ab["key"])),
            )
        )
    if not buttons:
        return []
    # A column: a phone's row is too narrow for these names, and a button wider than
    # its row is clipped out of the accessibility tree.
    return [muted("Use on this roll:"), ft.Column(buttons, spacing=8)]


def contest_verdict(contest: dict[str, Any]) -> str:
    """'Ann 2 vs Bob 1: Ann wins.' or '… a tie: the status quo holds (Bob).'"""
    result = contest.get("result")
    if not isinstance(result, dict):
        return ""
    sides = contest.get("sides", {})
    score = f"{sides['a']['name']} {result['a']} vs {sides['b']['name']} {result['b']}"
    if result.get("tie"):
        return f"{score}: a tie, the status quo holds ({result['name']})."
    return f"{score}: {result['name']} wins."


def contest_line(model: AppModel, roll: dict[str, Any]) -> list[ft.Control]:
    """Under a roll that settled a contest: who won, where the player is looking."""
    contest = fe_view(model)["contest"]
    if not isinstance(contest, dict) or not contest.get("result"):
        return []
    rolls = [s.get("roll") for s in contest.get("sides", {}).values()]
    if roll.get("id") not in rolls:
        return []
    return [
        ft.Text(
            f"Contest: {contest_verdict(contest)}",
            size=17,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY,
        )
    ]


def awaiting_contest(model: AppModel, pid: str | None) -> bool:
    """True while this character's side of the open contest still has to roll."""
    contest = fe_view(model)["contest"]
    me = pid or model.player_id
    if not isinstance(contest, dict) or contest.get("result"):
        return False
    return any(
        s.get("player") == me and "successes" not in s for s in contest.get("sides", {}).values()
    )


def contest_card(model: AppModel) -> ft.Control | None:
    """The open contest (who still has to roll) or its result, on both sides' phones."""
    contest = fe_view(model)["contest"]
    if not isinstance(contest, dict):
        return None
    sides = contest.get("sides", {})
    lines: list[ft.Control] = []
    for key in ("a", "b"):
        side = sides.get(key, {})
        got = side.get("successes")
        score = f"{got} success{'es' * (got != 1)}" if got is not None else "to roll"
        you = " (you)" if side.get("player") == model.player_id else ""
        lines.append(ft.Text(f"{side.get('name')}{you}: {score}", size=16))
    result = contest.get("result")
    if isinstance(result, dict):
        verdict = contest_verdict(contest)
        lines.append(ft.Text(verdict, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
    else:
        holder = sides.get(str(contest.get("holds")), {}).get("name", "")
        lines.append(muted(f"More successes win; a tie leaves things as they are ({holder})."))
        mine = any(
            s.get("player") == model.player_id and "successes" not in s for s in sides.values()
        )
        if mine:
            lines.append(
                ft.Text(
                    "Your turn: roll below (no DV: more successes than the other side win).",
                    size=15,
                    color=ft.Colors.PRIMARY,
                )
            )
    return card(f"Contest: {contest.get('label', '')}", *lines)


def power_buttons(model: AppModel, sheet: FeSheet, pid: str | None) -> ft.Control | None:
    """Narrative talents and Prestige Skills (tap to use one: its use is counted), the
    Healer's Bag and the Knight's Heater Shield (one button per ally)."""
    powers = [a for a in sheet["abilities"] if a["effect"] in ("note", "heal", "shield")]
    if not powers:
        return None
    me = pid or model.player_id
    others = [p for p in fe_view(model)["party"] if p["player"] != me]
    rows: list[ft.Control] = []
    for ab in powers:
        use = partial(ABILITY_USE, ability=ab["key"], player=acting_for(pid, model.is_gm))
        verb = "Cover" if ab["effect"] == "shield" else "Use"
        targets = (
            [(f"{verb} {p['name']} with {ab['name']}", use(target=p["player"])) for p in others]
            if ab["effect"] in ("heal", "shield")
            else [(f"Use {ab['name']}", use())]
        )
        for text, call in targets:
            control = small_button(f"{text}: {ab['when']} ({uses_text(ab)})", sender(model, call))
            control.disabled = ab["left"] == 0
            rows.append(control)
    return card("Talents and powers", ft.Column(rows, spacing=8))
