"""A command type is declared once (its name and its argument model) and both the
catalogue and the UI use that declaration: the UI's calls carry the model's own
keywords, sent under the names the host parses."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import Field

from app.domain.arguments import Args, optional, parse
from app.domain.command_types import CommandCall, CommandType, catalogue
from app.domain.context import Context


class SpendArgs(Args):
    colour: str = optional("the chip", "white")
    for_: Annotated[str | None, Field(validation_alias="for", serialization_alias="for")] = None


def spend(ctx: Context, args: SpendArgs) -> None:
    """A handler (never called here)."""


SPEND = CommandType("chips.spend", SpendArgs)


def test_a_call_carries_the_keywords_given_under_their_wire_names() -> None:
    call = SPEND(colour="red", for_="p2")
    assert call == CommandCall("chips.spend", {"colour": "red", "for": "p2"})
    # What the host parses is what the UI meant.
    parsed = parse(SpendArgs, call.args)
    assert (parsed.colour, parsed.for_) == ("red", "p2")


def test_arguments_left_out_take_the_models_defaults_on_the_host() -> None:
    call = SPEND()
    assert call.args == {}
    assert parse(SpendArgs, call.args).colour == "white"


def test_the_catalogue_entry_is_named_by_its_command_type() -> None:
    spec = SPEND.spec("Spend a chip", spend)
    assert (spec.name, spec.args, spec.roles) == (
        "chips.spend",
        SpendArgs,
        frozenset({"gm", "player"}),
    )
    assert catalogue(spec) == {"chips.spend": spec}


def test_a_catalogue_refuses_a_command_given_twice() -> None:
    spec = SPEND.spec("Spend a chip", spend)
    with pytest.raises(ValueError, match=r"chips\.spend"):
        catalogue(spec, spec)
