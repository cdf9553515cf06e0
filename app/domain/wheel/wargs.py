"""Argument readers Wheel of Fate needs beyond app.domain.args: lists and dice maps."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgs
from ..jsonvalue import JsonDict

_MISSING: Any = object()


def text_list(
    args: JsonDict, name: str, *, max_items: int, max_len: int, default: Any = _MISSING
) -> list[str]:
    """A list of distinct non-empty strings (pool names, questions)."""
    value = args.get(name, default)
    if value is _MISSING:
        raise InvalidArgs(f"'{name}' is required.")
    if not isinstance(value, list) or len(value) > max_items:
        raise InvalidArgs(f"'{name}' must be a list of at most {max_items} entries.")
    out: list[str] = []
    for item in value:
        if not isinstance(item, str) or not item.strip() or len(item.strip()) > max_len:
            raise InvalidArgs(f"Every entry of '{name}' must be text of 1–{max_len} characters.")
        if item.strip().casefold() in (o.casefold() for o in out):
            raise InvalidArgs(f"'{item.strip()}' appears twice in '{name}'.")
        out.append(item.strip())
    return out


def dice_map(args: JsonDict, name: str, *, max_items: int, hi: int) -> dict[str, int]:
    """A ``{name: dice}`` object such as a pool distribution."""
    value = args.get(name)
    if not isinstance(value, dict) or len(value) > max_items:
        raise InvalidArgs(f"'{name}' must be an object of at most {max_items} pools and dice.")
    out: dict[str, int] = {}
    for key, dice in value.items():
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= hi:
            raise InvalidArgs(f"Dice in '{name}' must be whole numbers 0–{hi}.")
        if dice:
            out[str(key)] = dice
    return out


def numbers(args: JsonDict, name: str, *, hi: int, max_items: int = 10) -> list[int]:
    """Distinct 1-based numbers (aspects to invoke), empty when absent."""
    value = args.get(name, [])
    if not isinstance(value, list) or len(value) > max_items:
        raise InvalidArgs(f"'{name}' must be a list of at most {max_items} numbers.")
    out: list[int] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= hi:
            raise InvalidArgs(f"Every entry of '{name}' must be a whole number 1–{hi}.")
        if item in out:
            raise InvalidArgs(f"'{name}' names {item} twice: each counts once per roll.")
        out.append(item)
    return out
