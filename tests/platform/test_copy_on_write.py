"""Deciding copies on write: the state decided on never changes, untouched parts are
shared with the next state, and a rule that writes behind the events' back is caught."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.actors import GM, player
from app.domain.changes import Add, Move, Put, apply_change
from app.domain.commands import Command, CommandSpec
from app.domain.context import Context
from app.domain.cow import Writable
from app.domain.errors import DomainError
from app.domain.jsonvalue import JsonDict, clone
from app.domain.table import Table
from tests.rules.fatechips.driver import Game


def test_a_roll_leaves_the_state_it_was_decided_on_as_it_was() -> None:
    game = Game("deadlands", ("Ann", "Bob"))
    game.award("p1", red=1)
    before = game.state
    snapshot = clone(before)
    game.as_("p1", "roll.trait", dice=3, sides=8, tn=5)
    assert before == snapshot
    assert game.state is not before


def test_what_an_event_did_not_touch_is_the_same_object_in_the_next_state() -> None:
    game = Game("deadlands", ("Ann", "Bob"))
    game.as_("p2", "roll.trait", dice=2, sides=6)
    before = game.state
    game.as_("p1", "roll.trait", dice=3, sides=8, tn=5)
    after = game.state
    assert after["rules"]["sheets"]["p2"] is before["rules"]["sheets"]["p2"]
    assert after["rules"]["rolls"]["p2"] is before["rules"]["rolls"]["p2"]
    assert after["seats"] is before["seats"]
    assert after["settings"] is before["settings"]
    assert after["rules"]["rolls"] is not before["rules"]["rolls"]  # on the changed path
    assert after["rules"] is not before["rules"]


def test_a_refused_command_leaves_no_trace() -> None:
    game = Game("deadlands", ("Ann", "Bob"))
    snapshot = clone(game.state)
    with pytest.raises(DomainError):  # no chip to spend: refused after reading the state
        game.as_("p1", "chips.spend", colour="blue", use="roll")
    assert game.state == snapshot


def test_a_rule_writing_into_the_state_directly_is_caught_by_the_suite_guard() -> None:
    """The guard in tests/conftest.py wraps every decide of the suite: this rogue rule
    changes a seat's name without an event, which would corrupt the committed state."""
    game = Game("deadlands", ("Ann",))

    def rogue(ctx: Context, args: JsonDict) -> None:
        ctx.state["seats"]["p1"]["name"] = "Mallory"

    table: Table = game.table
    table._commands["rogue"] = CommandSpec("Rename behind the log's back.", rogue)
    with pytest.raises(AssertionError, match="changed the state it started from"):
        table.decide(Command("r1", "rogue", {}, GM, 0.0))


changes = st.one_of(
    st.builds(
        Move,
        st.sampled_from(["white", "red"]),
        st.sampled_from(["supply", "pot", "hand:p1"]),
        st.sampled_from(["pot", "hand:p1", "hand:p2"]),
        st.integers(1, 3),
    ),
    st.builds(Add, st.sampled_from([("a", "x"), ("a", "y"), ("b", "c", "d")]), st.integers(-3, 3)),
    st.builds(
        Put,
        st.sampled_from([("a", "x"), ("b",), ("b", "c"), ("b", "c", "e"), ("z",)]),
        st.none(),
        st.one_of(
            st.none(),
            st.integers(),
            st.dictionaries(st.sampled_from("xcpq"), st.one_of(st.integers(), st.none())),
        ),
    ),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(changes, max_size=8), st.lists(changes, max_size=8))
def test_copy_on_write_gives_what_in_place_gives_and_keeps_the_base(
    first: list[Move | Add | Put], second: list[Move | Add | Put]
) -> None:
    base: JsonDict = {}
    for change in first:
        with_context(base, change)
    snapshot = clone(base)
    in_place = clone(base)
    copied = dict(base)
    writable = Writable(copied)
    for change in second:
        with_context(in_place, change)
        with_context(copied, change, writable)
    assert copied == in_place
    assert base == snapshot


def test_a_path_through_a_null_fails_when_deciding_as_it_does_when_replaying() -> None:
    """Deciding must build nothing that replaying the same change would not: a change
    whose path runs through a stored null is an error both ways, never a new dict."""
    base: JsonDict = {"b": {"c": None}}
    with pytest.raises(AttributeError):
        apply_change(clone(base), Add(("b", "c", "d"), 1))
    copied = dict(base)
    with pytest.raises(AttributeError):
        apply_change(copied, Add(("b", "c", "d"), 1), Writable(copied))
    assert base == {"b": {"c": None}}


def with_context(doc: JsonDict, change: Move | Add | Put, writable: Writable | None = None) -> None:
    """Apply a change, skipping those the document's shape refuses (as a rule would)."""
    try:
        if writable is None:
            apply_change(doc, change)
        else:
            apply_change(doc, change, writable)
    except (TypeError, AttributeError):
        pass


def test_reading_views_changes_nothing() -> None:
    game = Game("deadlands", ("Ann", "Bob"))
    snapshot = clone(game.state)
    game.table.view(player("p1"))
    game.table.view(GM)
    assert game.state == snapshot
