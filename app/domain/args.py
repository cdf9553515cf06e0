"""Typed readers for command arguments that fail with a player-readable message."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from .errors import InvalidArgs
from .jsonvalue import JsonDict

T = TypeVar("T")
_MISSING: Any = object()


def text(
    args: JsonDict,
    name: str,
    *,
    max_len: int = 200,
    default: Any = _MISSING,
    allow_empty: bool = False,
) -> str:
    """A string argument, stripped, at most ``max_len`` characters."""
    value = args.get(name, default)
    if value is _MISSING:
        raise InvalidArgs(f"'{name}' is required.")
    if not isinstance(value, str):
        raise InvalidArgs(f"'{name}' must be text.")
    value = value.strip()
    if not value and not allow_empty:
        raise InvalidArgs(f"'{name}' can't be empty.")
    if len(value) > max_len:
        raise InvalidArgs(f"'{name}' is too long (at most {max_len} characters).")
    return value


def integer(args: JsonDict, name: str, *, lo: int, hi: int, default: Any = _MISSING) -> int:
    """An integer argument within ``[lo, hi]``."""
    value = args.get(name, default)
    if value is _MISSING:
        raise InvalidArgs(f"'{name}' is required.")
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgs(f"'{name}' must be a whole number.")
    if not lo <= value <= hi:
        raise InvalidArgs(f"'{name}' must be between {lo} and {hi}.")
    return value


def flag(args: JsonDict, name: str, *, default: bool = False) -> bool:
    """A boolean argument."""
    value = args.get(name, default)
    if not isinstance(value, bool):
        raise InvalidArgs(f"'{name}' must be true or false.")
    return value


def choice(args: JsonDict, name: str, options: Iterable[T], *, default: Any = _MISSING) -> T:
    """One of a fixed set of values."""
    allowed = list(options)
    value = args.get(name, default)
    if value is _MISSING:
        raise InvalidArgs(f"'{name}' is required (one of: {', '.join(map(str, allowed))}).")
    if value not in allowed:
        raise InvalidArgs(f"'{name}' must be one of: {', '.join(map(str, allowed))}.")
    return value  # type: ignore[no-any-return]


def int_list(
    args: JsonDict, name: str, *, lo: int, hi: int, max_items: int = 50, default: Any = _MISSING
) -> list[int]:
    """A list of integers, each within ``[lo, hi]`` (e.g. dice faces entered by hand)."""
    value = args.get(name, default)
    if value is _MISSING:
        raise InvalidArgs(f"'{name}' is required.")
    if not isinstance(value, list) or len(value) > max_items:
        raise InvalidArgs(f"'{name}' must be a list of at most {max_items} numbers.")
    out = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not lo <= item <= hi:
            raise InvalidArgs(f"Every entry of '{name}' must be a whole number {lo}–{hi}.")
        out.append(item)
    return out
