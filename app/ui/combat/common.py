"""Reading the ``rules.combat`` view for the combat screens.

Pure functions over the JSON the host sends, so they are tested without Flet. The
shapes are documented in docs/rulesets/combat.md ("View: rules.combat").
"""

from __future__ import annotations

import re
from typing import Any

from app.domain.combat import cards
from app.domain.combat.fight_args import Die

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


def combat_of(rules: dict[str, Any]) -> dict[str, Any]:
    """The combat part of the view (an inactive fight when the table has none)."""
    found = rules.get("combat")
    return found if isinstance(found, dict) else {"active": False, "combatants": {}}


def me_of(rules: dict[str, Any]) -> dict[str, Any]:
    """The viewer's own combat entry (``me``), or {} for the GM or a stranger."""
    found = combat_of(rules).get("me")
    return found if isinstance(found, dict) else {}


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


def step_text(combat: dict[str, Any]) -> str:
    """'Round 2 · Countdown: Queens' for the fight's header line."""
    if not combat.get("active"):
        return "No fight"
    text = f"Round {combat.get('round')} · {PHASES.get(str(combat.get('phase')), '')}"
    step = combat.get("step")
    if combat.get("phase") == "countdown":
        text += f": {cards.RANK_WORDS.get(step, step)}s" if step else ": every card called"
    return text


def acting_lines(combat: dict[str, Any]) -> list[str]:
    """'Ann — Q♠ (with Rattler)' for each combatant acting at the current step."""
    lines = []
    for entry in combat.get("acting", []):
        line = f"{entry['name']}: {card_name(entry['card'])}"
        together = entry.get("together") or []
        if together:
            names = [combat["combatants"].get(t, {}).get("name", t) for t in together]
            line += f" (together with {', '.join(names)})"
        lines.append(line)
    return lines


def wind_text(body: dict[str, Any]) -> str:
    wind = body.get("wind", {})
    text = f"Wind {wind.get('current', 0)}/{wind.get('max', 0)}"
    return text + (" · Winded" if body.get("winded") else "")


def wind_fraction(body: dict[str, Any]) -> float:
    wind = body.get("wind", {})
    top = int(wind.get("max", 0))
    return 0.0 if top <= 0 else max(0.0, min(1.0, int(wind.get("current", 0)) / top))


def conditions(body: dict[str, Any], stun_due: Any = None) -> list[str]:
    """What a body's state means, in words: penalty, bleeding, stunned, unconscious..."""
    out = []
    if int(body.get("penalty", 0)):
        out.append(f"Wound penalty {int(body['penalty'])}")
    if int(body.get("bleeding", 0)):
        out.append(f"Bleeding {body['bleeding']} Wind a round")
    if body.get("bled_out"):
        out.append("Bled out")
    if body.get("stunned"):
        out.append("Stunned")
    if body.get("unconscious"):
        out.append("Unconscious")
    if body.get("unnerved"):
        out.append("Unnerved (-4 next action)")
    if body.get("critical"):
        out.append("Critically injured")
    for loc in body.get("lost_limbs", []):
        out.append(f"{location_name(loc)} maimed")
    if isinstance(stun_due, int):
        out.append(f"Stun check due (TN {stun_due})")
    return out


def body_summary(body: dict[str, Any]) -> str:
    """'Left arm Heavy, Head Light · Wind 7/10' in one line."""
    hurt = [
        f"{location_name(loc)} {str(level).capitalize()}"
        for loc, level in body.get("levels", {}).items()
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


def fighters(combat: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The combatants in the fight, players' side first, then by name."""
    found = combat.get("combatants", {})
    return sorted(
        found.items(),
        key=lambda kv: (kv[1].get("side") != "players", str(kv[1].get("name", ""))),
    )


def dice_text(dice: Any) -> str:
    """{'dice': 2, 'sides': 8} -> '2d8'."""
    if isinstance(dice, dict) and dice.get("dice"):
        return f"{dice['dice']}d{dice['sides']}"
    return "—"


def wants_attention(model: Any) -> bool:
    """The Combat tab's dot: you're hit (a negation window), a stun check is due, your
    card is up, or the draw waits for you."""
    me = me_of(model.rules)
    attack = me.get("attack") or {}
    if attack.get("stage") == "negate" and attack.get("negatable"):
        return True
    if isinstance(me.get("stun_due"), int):
        return True
    return bool(me.get("acting_now") or me.get("status") in ("choosing",)) or bool(
        me.get("status") == "waiting"
        and combat_of(model.rules).get("phase") == "draw"
        and me.get("in_fight")
        and not (me.get("body") or {}).get("winded")
    )
