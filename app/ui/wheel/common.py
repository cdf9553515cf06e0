"""Reading a Wheel of Fate table's view for the screens: pure, tested without Flet.

Dice counting and cancelling come from the domain (``app.domain.wheel.dice``) and the
odds from the exact engine (``app.domain.odds.wheel_odds``), so what the phone shows
before a roll is what the host will do with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from app.domain.errors import DomainError
from app.domain.odds import wheel_odds
from app.domain.table_events import UNDO_EVENT
from app.domain.wheel import dice
from app.domain.wheel.events.exchange import CONTEST_ATTACK_EVENT, CONTEST_DEFEND_EVENT
from app.domain.wheel.events.rolls import ROLL_EVENT
from app.domain.wheel.state import Attribute
from app.domain.wheel.view_types import Character, Npc, Options, Sheet, WheelView
from app.domain.wheel.wargs import is_attribute

from ..widgets import pct

if TYPE_CHECKING:
    from ..model import AppModel

ROLL_EVENTS = (ROLL_EVENT.name, CONTEST_ATTACK_EVENT.name, CONTEST_DEFEND_EVENT.name)
SUMMARY_WORDS_UNDER = 50


def wheel_view(model: AppModel) -> WheelView:
    """The table's rules part, read as the declared ``WheelView``.

    The screens of a Wheel of Fate table only draw once its view has arrived, and the
    host built that part with ``app.domain.wheel.view.build`` (typed ``WheelView``,
    held to it by tests/rules/wheel_of_fate/test_wof_view_types.py); the JSON trip to the
    phone keeps the shape (string keys, lists, numbers), so the cast states a fact.
    """
    return cast("WheelView", model.rules)


def me(view: WheelView) -> Sheet | None:
    """The player's own full sheet (None for the GM, or a seat no longer at the table)."""
    return view.get("me")


def options(view: WheelView) -> Options | None:
    """What the player can do right now, as the host computed it (None as for ``me``)."""
    return view.get("options")


#: A character a roll can be for: a player's full sheet or a GM-side character.
Roller = Sheet | Npc


def attribute_dice(attributes: Mapping[Attribute, int], name: str | None) -> int:
    """An attribute's dice by name (0: not assigned yet, or not an attribute's name)."""
    return attributes.get(name, 0) if is_attribute(name) else 0


def names(view: WheelView, seats: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Character (or seat) names by id: player characters, then GM-side ones."""
    out = {str(s["player_id"]): str(s["name"]) for s in seats}
    for cid, c in view["characters"].items():
        if c["name"]:
            out[cid] = c["name"]
    for cid, npc in view.get("npcs", {}).items():
        out[cid] = npc["name"]
    contest = view["contest"]
    if contest is not None:
        out.update(contest["names"])
    return out


def word_count(text: str) -> int:
    return len(text.split())


def dice_text(n: int) -> str:
    return f"{n}d"


@dataclass(frozen=True)
class RollChoice:
    """Every source of dice a roll will have, as the roller shows them before rolling.

    Mirrors ``app.domain.wheel.rolling.RollRequest``: counted = base + extra + invoked
    aspects; bonus = bonus + pools + help + fate points; penalty = penalty + stress +
    haste. Bonus and penalty dice then cancel one for one.
    """

    base: int
    extra: int = 0
    invoked: int = 0
    bonus: int = 0
    pools: int = 0
    help: int = 0
    fate: int = 0
    penalty: int = 0
    stress: int = 0
    haste: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def plan(self) -> dice.DicePlan:
        return dice.plan(
            self.base + self.extra + self.invoked,
            self.bonus + self.pools + self.help + self.fate,
            self.penalty + self.stress + self.haste,
        )

    @property
    def cost(self) -> int:
        """Fate points the roll spends: one per bonus die bought, one per aspect invoked."""
        return self.fate + self.invoked


@dataclass(frozen=True)
class Odds:
    """Before the roll: the chance of success and the whammies to expect."""

    success: float
    whammies: float

    def text(self) -> str:
        return f"{pct(self.success)} chance of success · {self.whammies:.1f} whammies expected"


def odds(choice: RollChoice, difficulty: int | None) -> Odds | None:
    """The exact odds of ``choice`` against ``difficulty`` (None: no difficulty set)."""
    if difficulty is None:
        return None
    plan = choice.plan
    try:
        found = wheel_odds(plan.counted, difficulty, plan.bonus, plan.penalty)
    except (DomainError, ValueError):
        return None
    return Odds(found.p_success, found.expected_whammies)


def plan_words(choice: RollChoice) -> str:
    """'3d6++ (2 bonus dice kept best 3)' — what the dice will do, in plain words."""
    plan = choice.plan
    if plan.auto_fail:
        if plan.counted == 0:
            return "0d: no dice to count, an automatic failure"
        return f"{plan.notation()}: more penalty dice than dice, an automatic failure"
    if plan.bonus:
        return f"{plan.notation()}: roll {plan.rolled}, keep the best {plan.counted}"
    if plan.penalty:
        return f"{plan.notation()}: roll {plan.rolled}, keep the worst {plan.counted}"
    return f"{plan.notation()}: roll {plan.rolled} and add them up"


def parse_faces(text: str, expected: int) -> list[int]:
    """'6 3 5' or '6,3,5' -> [6, 3, 5]; ValueError with a plain message otherwise."""
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        faces = [int(p) for p in parts]
    except ValueError:
        raise ValueError("Enter the dice as numbers 1 to 6, e.g. 6 3 5") from None
    if any(not 1 <= f <= dice.SIDES for f in faces):
        raise ValueError("Each die shows 1 to 6.")
    if len(faces) != expected:
        raise ValueError(f"This roll throws {expected} dice: enter {expected} faces.")
    return faces


def last_roll(log: Sequence[dict[str, Any]], cid: str | None) -> dict[str, Any] | None:
    """The newest roll event (log is newest first) by character ``cid`` (None: the GM's
    bare dice), skipping undone commands."""
    undone = {
        str(e["data"]["command_id"])
        for e in log
        if e.get("type") == UNDO_EVENT.name and isinstance(e.get("data"), dict)
    }
    for event in log:
        data = event.get("data")
        if event.get("type") not in ROLL_EVENTS or not isinstance(data, dict):
            continue
        if data.get("character") == cid and str(event.get("command_id")) not in undone:
            return event
    return None


def verdict(data: dict[str, Any]) -> str:
    """'Success, 1 whammy' / 'Failure' / 'Automatic failure' / 'Total 12'."""
    if data.get("auto_fail"):
        return "Automatic failure"
    if data.get("success") is True:
        w = int(data.get("whammies", 0))
        return "Success" + (f", {w} whamm{'y' if w == 1 else 'ies'}" if w else "")
    if data.get("success") is False:
        return "Failure"
    return f"Total {data.get('total')}"


def missing_words(item: str, who: dict[str, str], questions: Sequence[str]) -> str:
    """A creation gap in words: 'connection:p2' -> 'A connection to Bob'."""
    key, _, arg = item.partition(":")
    if key == "connection":
        return f"A connection to {who.get(arg, arg)}"
    if key == "answer":
        n = int(arg)
        q = questions[n - 1] if 0 < n <= len(questions) else f"question {n}"
        return f"An answer to “{q}”"
    if key == "aspect":
        return f"Aspect {arg}"
    return {
        "name": "Your character's name",
        "summary": "A summary under 50 words",
        "attributes": "Your attribute split",
        "pools": "Your pool dice",
        "went_wrong": "What just went wrong?",
    }.get(key, item)


def aspects(record: Character) -> list[tuple[int, str]]:
    """The character's aspects that have text, by number."""
    return sorted((int(k), v) for k, v in record["aspects"].items() if v)


def stress_line(record: Character | Npc) -> str:
    """'Stress 3d: Social out (incoherent)' — stress dice and attributes they knock out."""
    stress = record["stress"]
    if not stress:
        return "No stress"
    text = f"Stress {stress}d (penalty dice on every roll)"
    if record["out"]:
        text += ": " + ", ".join(record["out"])
    return text
