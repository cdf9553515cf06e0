"""How a pydantic validation error is said to a person: one table for every layer.

Two translators use it, and neither words an error type of its own: the domain's,
for a command's arguments (:func:`app.domain.arguments.message`, whose subject is the
argument: "'tn'", "Every entry of 'faces'"), and the host's, for a request's own
fields (:func:`app.host.validation.field_message`: "A join code", "'wait'"). Each
names its subject its own way; what is said of the subject is said here, once, so the
same mistake reads the same whichever layer catches it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_WHOLE = "must be a whole number."
_NUMBER = "must be a number."
_FLAG = "must be true or false."
_LIST = "must be a list."
_OBJECT = "must be an object ({{name: value}})."

#: pydantic's error type -> what is said of the subject (``{max_length}``: from the
#: error's context). Limits and too-short text are worded by :func:`predicate`.
PREDICATES: Mapping[str, str] = {
    "missing": "is required.",
    "int_type": _WHOLE,
    "int_parsing": _WHOLE,
    "int_from_float": _WHOLE,
    "float_type": _NUMBER,
    "float_parsing": _NUMBER,
    "bool_type": _FLAG,
    "bool_parsing": _FLAG,
    "string_type": "must be text.",
    "string_too_long": "can be at most {max_length} characters.",
    "list_type": _LIST,
    "tuple_type": _LIST,
    "too_long": "can have at most {max_length} entries.",
    "dict_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
}
#: The error types of a value that is not one of those offered (a ``Literal``, an Enum).
CHOICES = frozenset({"literal_error", "enum"})
#: The error types of a number out of its limits.
BOUNDS = frozenset({"greater_than_equal", "greater_than", "less_than_equal", "less_than"})


def bounds(low: Any, high: Any) -> str:
    """A number's limits: "must be between 1 and 6.", "must be at least 1.", "can be at
    most 30." (``None`` for a side without a limit)."""
    if low is not None and high is not None:
        return f"must be between {low} and {high}."
    if low is not None:
        return f"must be at least {low}."
    return f"can be at most {high}."


def predicate(kind: str, ctx: Mapping[str, Any]) -> str | None:
    """What is said of the subject of an error of type ``kind`` with context ``ctx``;
    None for a type the table doesn't word (the caller falls back on pydantic's).

    A missing value "is required." whichever layer misses it ("'with' is required.",
    "A join code is required.")."""
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        return "can't be empty." if least == 1 else f"needs at least {least} characters."
    if kind in BOUNDS:
        return bounds(ctx.get("ge", ctx.get("gt")), ctx.get("le", ctx.get("lt")))
    if kind in CHOICES:
        return f"must be one of: {options(str(ctx.get('expected', '')))}."
    said = PREDICATES.get(kind)
    return None if said is None else said.format_map(_Limits(ctx))


def options(expected: str) -> str:
    """pydantic's "'a', 'b' or 'c'" (an error's ``expected``) as "a, b, c"."""
    return expected.replace(" or ", ", ").replace("'", "")


class _Limits(dict[str, Any]):
    """An error's context for ``str.format_map``; a limit it lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"
