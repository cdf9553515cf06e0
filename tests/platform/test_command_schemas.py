"""Every command of every catalogue has a declared, typed argument model: its JSON
Schema (as ``GET /api/rulesets`` publishes it) accepts the examples written in the docs
(``docs/protocol.md`` for the shared commands, ``docs/rulesets/*.md`` for each system's),
the model parses them, and a value of the wrong type for any argument is refused with
a message that names the argument."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from app.domain.arguments import Says, field_named, parse
from app.domain.commands import CommandSpec
from app.domain.errors import InvalidArgs
from app.domain.ruleset import ruleset_names
from app.host.catalogue import rulesets, specs

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "docs/protocol.md", *sorted((ROOT / "docs/rulesets").glob("*.md"))]
BLOCK = re.compile(r"^```commands\n(.*?)^```", re.M | re.S)


def examples() -> dict[str, list[dict[str, Any]]]:
    """Command type -> the args of each example the docs give for it."""
    found: dict[str, list[dict[str, Any]]] = {}
    for doc in DOCS:
        for block in BLOCK.findall(doc.read_text(encoding="utf-8")):
            for line in block.splitlines():
                if line.strip():
                    body = json.loads(line)
                    found.setdefault(body["type"], []).append(body["args"])
    return found


EXAMPLES = examples()
#: The product's rule systems (tests register a "test-" system or two of their own).
SYSTEMS = [name for name in ruleset_names() if not name.startswith("test-")]
CASES = [(system, kind) for system in SYSTEMS for kind in specs(system)]


def _spec(system: str, kind: str) -> CommandSpec:
    return specs(system)[kind]


@pytest.mark.parametrize(("system", "kind"), CASES)
def test_every_command_has_a_typed_model_that_accepts_the_docs_examples(
    system: str, kind: str
) -> None:
    spec = _spec(system, kind)
    assert not isinstance(spec.args, dict), f"{kind}: arguments not declared as a model"
    published = next(r for r in rulesets() if r["name"] == system)["commands"][kind]["schema"]
    validator = jsonschema_rs.validator_for(published)
    mine = [args for args in EXAMPLES.get(kind, []) if _fits(spec, args)]
    assert EXAMPLES.get(kind), f"no example of {kind} in the docs"
    assert mine, f"no example of {kind} in the docs fits {system}: {EXAMPLES[kind]}"
    for args in mine:
        assert validator.is_valid(args), (kind, args, list(validator.iter_errors(args)))


@pytest.mark.parametrize(("system", "kind"), CASES)
def test_a_wrong_type_for_any_argument_is_refused_by_name(system: str, kind: str) -> None:
    spec = _spec(system, kind)
    assert not isinstance(spec.args, dict), f"{kind}: arguments not declared as a model"
    base = next((a for a in EXAMPLES.get(kind, []) if _fits(spec, a)), {})
    validator = jsonschema_rs.validator_for(spec.schema())
    for name, prop in spec.schema().get("properties", {}).items():
        wrong = _wrong_value(prop)
        args = {**base, name: wrong}
        with pytest.raises(InvalidArgs) as refused:
            parse(spec.args, args)
        message = refused.value.message
        field = field_named(spec.args, name)
        own = [m.message for m in (field.metadata if field else []) if isinstance(m, Says)]
        assert f"'{name}'" in message or message in own, (kind, name, message)
        assert not validator.is_valid(args), (kind, name, wrong)


@pytest.mark.parametrize(("system", "kind"), CASES)
def test_the_catalogue_names_each_argument_as_the_schema_does(system: str, kind: str) -> None:
    """The catalogue's short form lists the names a client sends ("for", not the field
    "for_" that a Python keyword needs), so the docs and fuzzers use working names."""
    spec = _spec(system, kind)
    assert list(spec.descriptions()) == list(spec.schema().get("properties", {}))


def _fits(spec: CommandSpec, args: dict[str, Any]) -> bool:
    """Whether an example is meant for this system's version of the command (a type
    two systems share may take different arguments)."""
    if isinstance(spec.args, dict):
        return True
    try:
        parse(spec.args, args)
    except InvalidArgs:
        return False
    return True


def _wrong_value(prop: dict[str, Any]) -> Any:
    """A JSON value no branch of ``prop`` accepts."""
    branches = [prop, *prop.get("anyOf", [])]
    kinds = {b.get("type") or ("object" if "$ref" in b else None) for b in branches}
    for candidate in ({"not": "this"}, [{"not": "this"}], "not this", 12345.5, True):
        if _json_kind(candidate) not in kinds:
            return candidate
    raise AssertionError(f"every JSON type fits {prop}")


def _json_kind(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", float: "number", bool: "boolean"}[
        type(value)
    ]
