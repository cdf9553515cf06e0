"""Every event of every system is what its type declares (app.domain.event_types).

The suite-wide guard in ``tests/conftest.py`` holds every event any test emits to its
declaration as the rule emits it; here the events of each system are checked as a
client reads them (after the trip through JSON), from an empty table to one after a
random session of its own commands, and a key added to or dropped from a real event
is shown to fail.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.domain.event_types import EventType, Payload, declared_in
from app.domain.ruleset import events_of, get_ruleset, ruleset_names
from tests.support.event_check import Undeclared, check_event, declaration

from .kit.driver import KitTable
from .kit.fuzz import generic_step
from .kit.systems import profile_for

SYSTEMS = [n for n in ruleset_names() if not n.startswith("test-")]


def read_back(kit: KitTable) -> list[dict[str, Any]]:
    """The table's log as a client gets it (JSON)."""
    out: list[dict[str, Any]] = json.loads(json.dumps([e.to_public() for e in kit.events]))
    return out


def check_log(name: str, kit: KitTable) -> None:
    for event in kit.events:
        check_event(name, event)
    for public in read_back(kit):
        declaration(name, public["type"]).check(public["data"])


@pytest.mark.parametrize("name", SYSTEMS)
def test_an_empty_table_s_events_are_declared(name: str) -> None:
    kit = KitTable(name)
    profile_for(name).setup(kit)
    check_log(name, kit)


@pytest.mark.parametrize("name", SYSTEMS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_busy_table_s_events_are_declared(name: str, data: st.DataObject) -> None:
    profile = profile_for(name)
    kit = KitTable(name, seed=data.draw(st.integers(0, 10**6), label="seed"))
    profile.setup(kit)
    for _ in range(data.draw(st.integers(5, 30), label="length")):
        if profile.vocabulary is not None and data.draw(st.booleans(), label="mix"):
            steps = profile.vocabulary(data, kit)
        else:
            steps = [data.draw(generic_step(kit), label="catalogue step")]
        for step in steps:
            kit.attempt(step)
    check_log(name, kit)


def busy_event(name: str) -> tuple[EventType[Any], dict[str, Any]]:
    """A real event of ``name`` with data (the first one the kit's session makes)."""
    kit = KitTable(name)
    profile_for(name).setup(kit)
    for event in kit.events:
        kind = declaration(name, event.type)
        if event.data and kind.payload.model_fields:
            return kind, json.loads(json.dumps(event.data))
    raise AssertionError(f"no event with data in {name}'s set-up")


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_key_added_or_dropped_fails(name: str) -> None:
    kind, data = busy_event(name)
    kind.check(data)
    with pytest.raises(ValidationError):
        kind.check({**data, "surprise": 1})
    required = [k for k, f in kind.payload.model_fields.items() if f.is_required()]
    assert required, kind
    for key in required:
        alias = kind.payload.model_fields[key].alias or key
        with pytest.raises(ValidationError):
            kind.check({k: v for k, v in data.items() if k != alias})


def test_a_type_a_system_does_not_list_fails() -> None:
    with pytest.raises(Undeclared):
        declaration("bottlecaps", "chips.spent")


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_system_lists_its_types_once_by_name(name: str) -> None:
    listed = events_of(name)
    assert len(listed) == len({id(t) for t in listed.values()})
    assert all(isinstance(t, EventType) and issubclass(t.payload, Payload) for t in listed.values())
    assert set(get_ruleset(name).event_types) <= set(listed.values())


def test_every_declared_type_is_listed_by_a_system() -> None:
    """No declaration is orphaned: each ``events`` package's types are some system's."""
    from app.domain import table_events
    from app.domain.bottlecaps import events as caps
    from app.domain.combat import events as combat
    from app.domain.fatechips import events as chips
    from app.domain.fatesedge import events as fe
    from app.domain.wheel import events as wheel

    listed = {id(t) for n in SYSTEMS for t in events_of(n).values()}
    for group in (caps.ALL, combat.ALL, chips.ALL, fe.ALL, wheel.ALL, declared_in(table_events)):
        assert all(id(t) in listed for t in group)
