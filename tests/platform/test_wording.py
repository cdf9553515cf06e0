"""One wording for pydantic's errors (app.domain.wording): a command's argument and a
request's field that are wrong the same way are told so in the same words, each
named its own way ("'name'" for an argument, "A name" for a request's field)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.domain.arguments import Args, parse
from app.domain.errors import InvalidArgs
from app.host.validation import field_message


class Fields(Args):
    name: Annotated[str, Field(min_length=1, max_length=40)] = "x"
    wait: Annotated[float, Field(ge=0, le=30)] = 0
    after: Annotated[int, Field(le=100)] = 0
    state: bool = False
    settings: dict[str, Any] = Field(default_factory=dict)
    args: list[int] = Field(default_factory=list)


class Request(BaseModel):
    """The same fields, as a request body the host validates."""

    model_config = ConfigDict(strict=True)

    name: Annotated[str, Field(min_length=1, max_length=40)] = "x"
    wait: Annotated[float, Field(ge=0, le=30)] = 0
    after: Annotated[int, Field(le=100)] = 0
    state: bool = False
    settings: dict[str, Any] = Field(default_factory=dict)
    args: list[int] = Field(default_factory=list)


BAD = [
    {"name": "n" * 41},
    {"name": ""},
    {"name": 3},
    {"wait": 31},
    {"wait": -1},
    {"wait": "soon"},
    {"after": 101},
    {"after": 1.5},
    {"state": "yes"},
    {"settings": []},
    {"args": 3},
]


def predicate_of(message: str, subject: str) -> str:
    assert message.startswith(f"{subject} "), message
    return message[len(subject) + 1 :]


@pytest.mark.parametrize("bad", BAD, ids=lambda b: f"{next(iter(b))}={next(iter(b.values()))!r}")
def test_an_argument_and_a_request_field_wrong_alike_read_alike(bad: dict[str, Any]) -> None:
    field = next(iter(bad))
    with pytest.raises(InvalidArgs) as refused:
        parse(Fields, {**bad})
    with pytest.raises(ValidationError) as invalid:
        Request.model_validate({**bad})
    host = field_message({**invalid.value.errors()[0], "loc": ("body", field)})
    subject = {"name": "A name", "settings": "The settings", "args": "A command's args"}
    said = predicate_of(host, subject.get(field, f"'{field}'"))
    # The argument's limits are both named where it has both ("between 0 and 30").
    if field != "wait" or "between" not in str(refused.value):
        assert predicate_of(str(refused.value), f"'{field}'") == said


class Needed(Args):
    name: Annotated[str, Field(max_length=40)]
    state: Literal["on", "off"] = "on"


class NeededRequest(BaseModel):
    name: Annotated[str, Field(max_length=40)]
    state: Literal["on", "off"] = "on"


@pytest.mark.parametrize("bad", [{}, {"name": "x", "state": "dim"}], ids=["missing", "literal"])
def test_a_missing_or_unoffered_value_reads_alike_in_both_layers(bad: dict[str, Any]) -> None:
    """No layer words an error of its own: a missing argument and a missing request
    field are both "required" ("'with' is required.", "A join code is required.")."""
    with pytest.raises(InvalidArgs) as refused:
        parse(Needed, {**bad})
    with pytest.raises(ValidationError) as invalid:
        NeededRequest.model_validate({**bad})
    error = invalid.value.errors()[0]
    field = str(error["loc"][-1])
    host = field_message({**error, "loc": ("body", field)})
    subject = "A name" if field == "name" else f"'{field}'"
    assert predicate_of(str(refused.value), f"'{field}'") == predicate_of(host, subject)
