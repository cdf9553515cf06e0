"""A character sheet: its blank form, and what creation still needs.

Creation steps (the text's order): a summary under 50 words with the name, a
connection to every other character, attributes split from 8d (9d/10d for heroic
tables), answers to five questions and five aspects from them, three pool dice among
the GM's pools, and one last question: "What just went wrong?".
"""

from __future__ import annotations

from collections.abc import Iterable

from .state import ASPECT_SLOTS, ATTRIBUTES, WheelChar
from .view_types import Pool, Step, StepKey

SUMMARY_WORDS_UNDER = 50
MAX_ATTRIBUTE = 6  # "6d Paragon": the top of the scale


def blank_sheet() -> WheelChar:
    """A player character before creation starts."""
    return {
        "npc": False,
        "name": "",
        "summary": "",
        "connections": {},
        "attributes": {},
        "answers": {},
        "aspects": {},
        "pools": {},
        "went_wrong": "",
        "stress": 0,
        "help": [],
        "complete": False,
    }


def word_count(text: str) -> int:
    return len(text.split())


def attribute_problem(values: dict[str, int], total: int) -> str | None:
    """Why an attribute split is not allowed, or None."""
    spent = sum(values.values())
    if spent != total:
        return f"Divide exactly {total}d among Physical, Mental and Social (that's {spent}d)."
    for name, value in values.items():
        if value < 1:
            return f"{name.title()} needs at least 1d: 0d means entirely incapable."
        if value > MAX_ATTRIBUTE:
            return f"{name.title()} can't go above {MAX_ATTRIBUTE}d (Paragon)."
    return None


def attribute_warnings(values: dict[str, int]) -> list[str]:
    """The text strongly discourages 1d attributes; say so without forbidding it."""
    return [
        f"{name.title()} at 1d is strongly discouraged: a virtually overwhelming "
        "disadvantage in play."
        for name in ATTRIBUTES
        if values.get(name) == 1
    ]


def pool_problem(
    dice: dict[str, int], normal_and_special: Iterable[str], total: int | None, cap: int
) -> str | None:
    """Why a pool distribution is not allowed, or None (``total`` None: any total)."""
    known = set(normal_and_special)
    for name, value in dice.items():
        if name not in known:
            return f"'{name}' isn't one of this table's pools."
        if not 0 <= value <= cap:
            return f"A pool can hold 0 to {cap} dice at this table."
    spent = sum(dice.values())
    if total is not None and spent != total:
        return f"Distribute exactly {total} dice among the pools (that's {spent})."
    return None


STEPS: tuple[tuple[StepKey, str, str], ...] = (
    ("summary", "Summary", "char.summary"),
    ("connections", "Connections", "char.connection"),
    ("attributes", "Attributes", "char.attributes"),
    ("questions", "Questions & aspects", "char.answer"),
    ("pools", "Pools", "char.pools"),
    ("went_wrong", "One last question", "char.went_wrong"),
)


def steps(todo: list[str]) -> list[Step]:
    """The creation steps in the text's order, each with what it still misses."""
    prefix = {
        "summary": ("name", "summary"),
        "connections": ("connection:",),
        "attributes": ("attributes",),
        "questions": ("answer:", "aspect:"),
        "pools": ("pools",),
        "went_wrong": ("went_wrong",),
    }
    out: list[Step] = []
    for number, (key, title, command) in enumerate(STEPS, start=1):
        left = [m for m in todo if m.startswith(prefix[key])]
        out.append(
            {"step": number, "key": key, "title": title, "command": command, "missing": left}
        )
    return out


def missing(sheet: WheelChar, others: Iterable[str], table_pools: list[Pool]) -> list[str]:
    """What creation still needs, in the text's order (empty when complete)."""
    out: list[str] = []
    if not sheet.get("name"):
        out.append("name")
    if not sheet.get("summary"):
        out.append("summary")
    connections = sheet.get("connections", {})
    out.extend(f"connection:{pid}" for pid in others if not connections.get(pid))
    if len(sheet.get("attributes", {})) != len(ATTRIBUTES):
        out.append("attributes")
    for field, filled in (
        ("answer", sheet.get("answers", {})),
        ("aspect", sheet.get("aspects", {})),
    ):
        out.extend(f"{field}:{i}" for i in range(1, ASPECT_SLOTS + 1) if not filled.get(str(i)))
    if table_pools and not sheet.get("pools"):
        out.append("pools")
    if not sheet.get("went_wrong"):
        out.append("went_wrong")
    return out
