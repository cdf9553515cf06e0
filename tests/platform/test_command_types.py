"""A command type is declared once (its name and its argument model) and both the
catalogue and the UI use that declaration: the UI's calls carry the model's own
keywords, sent under the names the host parses."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field

from app.domain.arguments import Args, optional, parse
from app.domain.command_types import CommandCall, CommandType, catalogue
from app.domain.context import Context
from app.domain.ruleset import ruleset_names
from app.host.catalogue import specs

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_command_in_a_catalogue_is_made_by_its_command_type(ruleset: str) -> None:
    """The catalogue's key, the name the UI's calls carry and the spec's model come from
    one ``CommandType``: a spec built any other way has no name."""
    for name, spec in specs(ruleset).items():
        assert spec.name == name, f"{ruleset}: {name} is not declared by a CommandType"


def test_the_ui_never_spells_a_command_by_hand() -> None:
    """``AppModel.send`` takes a ``CommandCall``; only the generic, schema-driven forms
    make one from a name they read at run time (the catalogue the host sent)."""
    spelled = []
    for path in sorted((ROOT / "app/ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and _called(node) in {"send", "sender", "CommandCall"}
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                spelled.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not spelled, f"commands spelled by hand: {spelled}"


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
