"""Reading the ``rules.combat`` view for the combat screens.

Pure functions over the JSON the host sends, so they are tested without Flet. Its
shape is declared once, ``app.domain.combat.view_types.CombatView``; ``combat_of`` is
the screens' one typed read of it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from app.domain.combat import cards
from app.domain.combat.fight_args import Die
from app.domain.combat.view_types import CombatBody, CombatEntry, CombatMe, CombatView, FightDie

from ..chips.common import location_name, parse_faces

#: A wound level's colour on the body diagram (face, ink): unhurt to maimed.
LEVEL_COLOURS: dict[str, tuple[str, str]] = {
    "none": ("#2B2F36", "#E6E1DA"),
    "light": ("#E3C34A", "#1B1B1B"),
    "heavy": ("#E8892B", "#1B1B1B"),
    "serious": ("#D2452F", "#FFFFFF"),
    "critical": ("#8E1B2A", "#FFFFFF"),
    "maimed": ("#3A0A3F", "#FFFFFF"),
}
PHASES = {"draw": "Draw", "countdown": "Countdown"}
STATUS_TEXT = {
    "waiting": "to draw",
    "choosing": "choosing two",
    "drawn": "drawn",
    "held": "holding the sleeve",
}


def table_dice(text: str) -> list[Die]:
    """Dice rolled at the table as a check's ``faces`` ('6+3, 2' -> [[6, 3], [2]];
    ValueError in a player's words)."""
    return list(parse_faces(text))


def no_fight() -> CombatView:
    """The combat part before a Fate-chip view has arrived: no fight, nobody."""
    return {
        "active": False,
        "round": None,
        "phase": None,
        "step": None,
        "acting": [],
        "combatants": {},
        "wound_tns": {},
    }


def combat_of(rules: Mapping[str, Any]) -> CombatView:
    """The combat part of the view, typed: the host built it with ``combat.view.view``
    (which mypy holds to ``CombatView``) and the JSON round-trip keeps its shape; until
    a Fate-chip view arrives (``model.rules`` starts empty) there is no fight."""
    found = rules.get("combat")
    return cast(CombatView, found) if isinstance(found, dict) else no_fight()


def me_of(rules: Mapping[str, Any]) -> CombatMe | None:
    """The viewer's own combat entry (``me``), or None for the GM or a stranger."""
    return combat_of(rules).get("me")


_SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_CARD_IN_TEXT = re.compile(r"\b(10|[2-9AKQJ])([♠♥♦♣])")


def card_name(card: str) -> str:
    """'Queen of spades', '10 of hearts', 'Red Joker': the offline font has no suit
    symbols, so text spells the suit out (the card pictures draw it)."""
    if cards.is_joker(card):
        return cards.name(card)
    rank = cards.rank(card)
    return f"{cards.RANK_WORDS.get(rank, rank)} of {_SUIT_WORDS[cards.name(card)[-1]]}"


def plain_cards(text: str) -> str:
    """Host text with its suit symbols spelled out ('Your Q♠ is up' -> 'Your Queen of
    spades is up'), since the bundled font would draw them as boxes."""

    def spell(match: re.Match[str]) -> str:
        rank = match[1]
        return f"{cards.RANK_WORDS.get(rank, rank)} of {_SUIT_WORDS[match[2]]}"

    return _CARD_IN_TEXT.sub(spell, text)


def card_long(card: str) -> str:
    """'Queen of spades' (screen readers and tests)."""
    return cards.long_name(card)


def is_red(card: str) -> bool:
    return card == cards.RED_JOKER or cards.suit(card) in ("H", "D")


def step_text(combat: CombatView) -> str:
    """'Round 2 · Countdown: Queens' for the fight's header line."""
    if not combat["active"]:
        return "No fight"
    text = f"Round {combat['round']} · {PHASES.get(str(combat['phase']), '')}"
    step = combat["step"]
    if combat["phase"] == "countdown":
        text += f": {cards.RANK_WORDS.get(step, step)}s" if step else ": every card called"
    return text


def acting_lines(combat: CombatView) -> list[str]:
    """'Ann — Q♠ (with Rattler)' for each combatant acting at the current step."""
    lines = []
    for entry in combat["acting"]:
        line = f"{entry['name']}: {card_name(entry['card'])}"
        together = entry["together"]
        if together:
            names = [fighter_name(combat, t) for t in together]
            line += f" (together with {', '.join(names)})"
        lines.append(line)
    return lines


def fighter_name(combat: CombatView, who: str | None) -> str:
    """A combatant's name (its id if the view doesn't name it)."""
    entry = combat["combatants"].get(who or "")
    return entry["name"] if entry is not None else str(who or "")


def wind_text(body: CombatBody) -> str:
    wind = body["wind"]
    text = f"Wind {wind['current']}/{wind['max']}"
    return text + (" · Winded" if body["winded"] else "")


def wind_fraction(body: CombatBody) -> float:
    wind = body["wind"]
    top = wind["max"]
    return 0.0 if top <= 0 else max(0.0, min(1.0, wind["current"] / top))


def conditions(body: CombatBody, stun_due: int | None = None) -> list[str]:
    """What a body's state means, in words: penalty, bleeding, stunned, unconscious..."""
    out = []
    if body["penalty"]:
        out.append(f"Wound penalty {body['penalty']}")
    if body["bleeding"]:
        out.append(f"Bleeding {body['bleeding']} Wind a round")
    if body["bled_out"]:
        out.append("Bled out")
    if body["stunned"]:
        out.append("Stunned")
    if body["unconscious"]:
        out.append("Unconscious")
    if body["unnerved"]:
        out.append("Unnerved (-4 next action)")
    if body["critical"]:
        out.append("Critically injured")
    for loc in body["lost_limbs"]:
        out.append(f"{location_name(loc)} maimed")
    if isinstance(stun_due, int):
        out.append(f"Stun check due (TN {stun_due})")
    return out


def body_summary(body: CombatBody) -> str:
    """'Left arm Heavy, Head Light · Wind 7/10' in one line."""
    hurt = [
        f"{location_name(loc)} {level.capitalize()}"
        for loc, level in body["levels"].items()
        if level != "none"
    ]
    return f"{', '.join(hurt) or 'Unhurt'} · {wind_text(body)}"


def negate_cap(rules: dict[str, Any], colour: str) -> int:
    """How many wounds one chip of ``colour`` negates (the system's table)."""
    return int(rules.get("negation", {}).get(colour, {}).get("wounds", 0))


def default_split(negatable: dict[str, int], cap: int) -> dict[str, int]:
    """The worst fresh wounds first, up to ``cap`` (the player may change the split)."""
    plan: dict[str, int] = {}
    left = cap
    for loc, n in sorted(negatable.items(), key=lambda kv: (-int(kv[1]), kv[0])):
        take = min(int(n), left)
        if take > 0:
            plan[loc] = take
            left -= take
    return plan


def split_problem(split: dict[str, int], negatable: dict[str, int], cap: int) -> str | None:
    """Why this split can't be sent, in plain words, or None."""
    total = sum(split.values())
    if total == 0:
        return "Choose at least one wound to negate."
    if total > cap:
        return f"This chip negates at most {cap} wound{'s' * (cap != 1)}."
    for loc, n in split.items():
        if n > int(negatable.get(loc, 0)):
            return f"Only {negatable.get(loc, 0)} fresh wound(s) to the {location_name(loc)}."
    return None


def fighters(combat: CombatView) -> list[tuple[str, CombatEntry]]:
    """The combatants in the fight, players' side first, then by name."""
    return sorted(
        combat["combatants"].items(),
        key=lambda kv: (kv[1]["side"] != "players", kv[1]["name"]),
    )


def dice_text(dice: FightDie | None) -> str:
    """{'dice': 2, 'sides': 8} -> '2d8'."""
    if dice is not None and dice["dice"]:
        return f"{dice['dice']}d{dice['sides']}"
    return "—"


def wants_attention(model: Any) -> bool:
    """The Combat tab's dot: you're hit (a negation window), a stun check is due, your
    card is up, or the draw waits for you."""
    me = me_of(model.rules)
    if me is None:
        return False
    attack = me["attack"]
    if attack is not None and attack["stage"] == "negate" and attack["negatable"]:
        return True
    if isinstance(me.get("stun_due"), int):
        return True
    body = me.get("body")
    return bool(me.get("acting_now") or me.get("status") in ("choosing",)) or bool(
        me.get("status") == "waiting"
        and combat_of(model.rules)["phase"] == "draw"
        and me["in_fight"]
        and not (body is not None and body["winded"])
    )
