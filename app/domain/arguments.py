"""Each command's arguments, declared once as a typed model.

A command type declares its arguments as a subclass of :class:`Args` (a pydantic
model, validated strictly: no "3" for 3, no 1 for true). From that one declaration
come the handler's typed input (:func:`parse`), the 4xx message for bad input in a
player's words, the JSON Schema that ``GET /api/rulesets`` and the OpenAPI document
publish, and the forms the generic UI renders. See docs/architecture.md for why
pydantic (measured against hand-written readers).

A field says more than its type with ``Annotated`` metadata: ``Field(description=...)``
for the docs and forms, ``ge``/``le``/``max_length`` for limits, and :class:`Says` for
a message of its own when the generic one ("'tn' must be a whole number.") would not
name the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic.fields import FieldInfo

from . import wording
from .errors import InvalidArgs

A = TypeVar("A", bound="Args")


class Args(BaseModel):
    """The base of every command's arguments: strict types, immutable, and arguments
    the command doesn't take ignored (older clients send a few; they change nothing)."""

    model_config = ConfigDict(strict=True, frozen=True, extra="ignore")
    #: What a model that forbids unknown arguments (``extra="forbid"``) says of them.
    unknown_message: ClassVar[str] = "This command doesn't take: {names}."


class NoArgs(Args):
    """A command that takes no arguments."""


@dataclass(frozen=True)
class Says:
    """A field's own message for any bad value, naming the rule it comes from."""

    message: str


#: Text of at most 200 characters, stripped, not empty (names, reasons, labels...).
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
#: A seat id ("p1"); only the GM names another seat than their own.
SeatId = Annotated[str, StringConstraints(min_length=1, max_length=40)]
#: Dice rolled at the table: one ace chain per die, e.g. [[6, 6, 2], [3]].
AceChains = Annotated[
    list[Annotated[list[Annotated[int, Field(ge=1, le=100)]], Field(max_length=50)]],
    Field(max_length=60),
]


def described(description: str, **limits: Any) -> Any:
    """``Field(description=...)`` for a required argument (keeps declarations short)."""
    return Field(description=description, **limits)


def optional(description: str, default: Any = None, **limits: Any) -> Any:
    """``Field`` for an argument with a default."""
    return Field(default=default, description=description, **limits)


def parse(model: type[A], raw: Mapping[str, Any]) -> A:
    """``raw`` (a command's JSON args) as ``model``, or :class:`InvalidArgs` saying what
    is wrong with the first bad argument in a player's words."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        errors = error.errors()
        unknown = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden"]
        if unknown and errors[0]["type"] == "extra_forbidden":
            names = ", ".join(sorted(unknown))
            raise InvalidArgs(model.unknown_message.format(names=names)) from None
        raise InvalidArgs(message(model, errors[0])) from None


@cache
def schema(model: type[Args]) -> dict[str, Any]:
    """The JSON Schema of ``model`` (computed once per model)."""
    return model.model_json_schema()


@cache
def descriptions(model: type[Args]) -> dict[str, str]:
    """Argument name -> description (the catalogue's short form)."""
    return {wire_name(name, f): f.description or "" for name, f in model.model_fields.items()}


def wire_name(name: str, field: FieldInfo) -> str:
    """The name a client sends field ``name`` under: its alias (``for`` for a field
    ``for_``, as a Python keyword can't name a field), or its own name."""
    alias = field.validation_alias if isinstance(field.validation_alias, str) else None
    return field.alias or alias or name


def field_named(model: type[Args], sent_as: str) -> FieldInfo | None:
    """The field a client names ``sent_as`` (its alias, or its own name)."""
    for name, f in model.model_fields.items():
        if wire_name(name, f) == sent_as:
            return f
    return None


def message(model: type[Args], error: Mapping[str, Any]) -> str:
    """One validation error as a sentence naming the argument."""
    loc = [str(part) for part in error["loc"]]
    name = loc[0] if loc else ""
    field = field_named(model, name)
    own = next((m for m in (field.metadata if field else []) if isinstance(m, Says)), None)
    if own is not None:
        return own.message
    where = f"'{name}'" if len(loc) < 2 else f"Every entry of '{name}'"
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        options = _literal_options(field.annotation if field else None)
        said = wording.predicate(kind, ctx) or ""
        return f"'{name}' {said[:-1]} (one of: {options})." if options else f"'{name}' {said}"
    if kind in wording.BOUNDS:
        return f"{where} {_bounds(kind, field.metadata if field else [], ctx)}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    worded = wording.predicate(kind, ctx)
    return f"{where} {worded}" if worded else f"{where}: {error['msg']}."


def _literal_options(annotation: Any) -> str:
    """ "a, b, c" when ``annotation`` is a ``Literal`` (or an optional one), else ""."""
    if get_origin(annotation) is Literal:
        return ", ".join(map(str, get_args(annotation)))
    return next(filter(None, (_literal_options(a) for a in get_args(annotation))), "")


def _bounds(kind: str, metadata: list[Any], ctx: Mapping[str, Any]) -> str:
    """Both limits where the field has them (pydantic's error names only the one
    crossed; it keeps Field(ge=..., le=...) as annotated-types Ge / Le in the
    metadata), else the one in the error."""
    lo = next((m.ge for m in metadata if hasattr(m, "ge")), None)
    hi = next((m.le for m in metadata if hasattr(m, "le")), None)
    if lo is not None and hi is not None:
        return wording.bounds(lo, hi)
    return wording.predicate(kind, ctx) or ""
