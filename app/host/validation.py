"""Request validation errors in a player's words.

FastAPI reports a bad field as pydantic does ("name: String should have at most 40
characters"); a phone shows that message as it is, so it is said here the way a
player would: "A name can be at most 40 characters."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: How a field is named in a sentence, by its name in the request.
FIELD_NAMES = {
    "name": "A name",
    "join_code": "A join code",
    "claim_code": "A claim code",
    "ruleset": "A rule system's name",
    "settings": "The settings",
    "id": "A command id",
    "type": "A command type",
    "args": "A command's args",
    "after": "'after'",
    "wait": "'wait'",
    "heartbeat": "'heartbeat'",
    "state": "'state'",
}


def field_message(error: Mapping[str, Any]) -> str:
    """One pydantic error (from ``RequestValidationError.errors()``) as a sentence."""
    loc = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")]
    field = loc[-1] if loc else ""
    subject = FIELD_NAMES.get(field, f"'{'.'.join(loc)}'" if loc else "The request")
    ctx = error.get("ctx") or {}
    kind = error.get("type", "")
    if kind == "string_too_long":
        return f"{subject} can be at most {_count(ctx.get('max_length'), 'character')}."
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        if least == 1:
            return f"{subject} can't be empty."
        return f"{subject} needs at least {_count(least, 'character')}."
    if kind == "missing":
        return f"{subject} is missing."
    if kind == "extra_forbidden":
        return f"'{'.'.join(loc)}' is not something this request takes."
    if kind == "string_type":
        return f"{subject} must be text."
    if kind == "dict_type":
        return f"{subject} must be a JSON object."
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"{subject} must be a whole number."
    if kind in ("float_parsing", "float_type"):
        return f"{subject} must be a number."
    if kind in ("bool_parsing", "bool_type"):
        return f"{subject} must be true or false."
    if kind in ("greater_than_equal", "greater_than"):
        return f"{subject} must be at least {ctx.get('ge', ctx.get('gt'))}."
    if kind in ("less_than_equal", "less_than"):
        return f"{subject} can be at most {ctx.get('le', ctx.get('lt'))}."
    where = ".".join(loc)
    message = str(error.get("msg", "invalid"))
    return f"{where}: {message}" if where else "Invalid request."


def _count(n: Any, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
