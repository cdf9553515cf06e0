"""An event type is spelled once, where it is declared (app.domain.event_types): no
``Draft`` in the domain names its type with a string, and the UI compares an event's
``type`` with a declared type's ``name``, never with a string of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from app.domain.event_types import EventType, NoData
from app.domain.ruleset import events_of, ruleset_names

ROOT = Path(__file__).resolve().parents[2]
#: Modules allowed to spell an event type (none left). Nothing may be added here.
NOT_YET: set[str] = set()


def _strings(node: ast.expr) -> bool:
    """A string, an f-string, or a tuple/list/set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.IfExp):
        return _strings(node.body) or _strings(node.orelse)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_strings(e) for e in node.elts)
    return False


def test_no_draft_spells_its_event_type() -> None:
    found = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            # Draft(type, ...), and Fate's Edge's emit(ctx, type, ...) around it.
            at = {"Draft": 0, "emit": 1}.get(node.func.id)
            if at is not None and len(node.args) > at and _strings(node.args[at]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"event types spelled as strings: {found}"


def _is_event_type(node: ast.expr) -> bool:
    """``event.get("type")`` or ``event["type"]``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "get" and bool(node.args) and _is_type_key(node.args[0])
    return isinstance(node, ast.Subscript) and _is_type_key(node.slice)


def _is_type_key(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "type"


def _names(node: ast.expr) -> set[str]:
    """The strings in ``node`` (one, or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_names(e) for e in node.elts))
    return set()


def _spells_one(nodes: list[ast.expr], declared: set[str]) -> bool:
    """Whether one of ``nodes`` is (or ends) a declared event type's name."""
    return any(d == n or d.endswith(f".{n}") for s in nodes for n in _names(s) for d in declared)


def test_the_ui_never_spells_an_event_type() -> None:
    declared = {name for system in ruleset_names() for name in events_of(system)}
    found = []
    for path in sorted((ROOT / "app/ui").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Compare) and name not in NOT_YET:
                sides = [node.left, *node.comparators]
                if any(_is_event_type(s) for s in sides) and _spells_one(sides, declared):
                    found.append(f"{name}:{node.lineno}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                target = node.func.value
                inner = target.args[0] if isinstance(target, ast.Call) and target.args else None
                if (
                    node.func.attr in ("startswith", "endswith")
                    and inner is not None
                    and _is_event_type(inner)
                    and _spells_one(list(node.args), declared)
                ):
                    found.append(f"{name}:{node.lineno}")
    assert not found, f"event types spelled as strings in app/ui: {found}"


def test_an_event_type_names_itself_and_its_data() -> None:
    kind = EventType("ledger.tick", NoData)
    assert (kind.name, str(kind), kind.payload) == ("ledger.tick", "ledger.tick", NoData)
    assert kind.schema()["additionalProperties"] is False


def test_no_ui_string_is_a_dotted_event_type() -> None:
    """Nor does it keep one in a constant (a tuple of types to match, a type to find):
    a string with a dot that is, or ends, a declared event type's name."""
    declared = {name for system in ruleset_names() for name in events_of(system)}
    dotted = {n for n in declared if "." in n}
    found = []
    for path in sorted((ROOT / "app/ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and "." in node.value
                and any(d == node.value or d.endswith(f".{node.value}") for d in dotted)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert not found, f"event types spelled as strings in app/ui: {found}"
