"""Parsing dice written the way players write them: ``3d8``, ``d12+2``."""

from __future__ import annotations

import re

from ..errors import InvalidArgs

_POOL = re.compile(r"\s*(\d+)\s*[dD]\s*(\d+)\s*")
_DIE = re.compile(r"\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*")


def parse_pool(spec: str) -> tuple[int, int]:
    """``"3d8"`` -> ``(3, 8)``: how many dice and how many sides."""
    match = _POOL.fullmatch(spec)
    if match is None:
        raise InvalidArgs(f"'{spec}' is not a dice pool like 3d8.")
    return int(match[1]), int(match[2])


def parse_die(spec: str) -> tuple[int, int]:
    """``"d12+2"`` -> ``(12, 2)``, ``"d8"`` -> ``(8, 0)``: sides and modifier."""
    match = _DIE.fullmatch(spec)
    if match is None:
        raise InvalidArgs(f"'{spec}' is not a die like d8 or d12+2.")
    mod = int(match[3] or 0)
    return int(match[1]), -mod if match[2] == "-" else mod
