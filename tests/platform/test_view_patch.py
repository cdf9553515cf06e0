"""View patches (app.protocol.view_patch): a follower rebuilds exactly the host's view."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.protocol.view_patch import apply, diff

keys = st.sampled_from(["a", "b", "c", "hand", "roll", "x/y", "t~0", ""])
scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
objects = st.dictionaries(keys, values, max_size=5)


def _typed(value: Any) -> Any:
    """The value with each scalar tagged by its type (JSON tells 1 and true apart)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


@given(objects, objects)
def test_applying_the_diff_gives_the_new_view_and_leaves_the_old_one(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    kept = copy.deepcopy(old)
    patched = apply(old, diff(old, new))
    assert patched == new
    assert old == kept and _typed(old) == _typed(kept)


@given(objects)
def test_an_unchanged_view_needs_no_operations(view: dict[str, Any]) -> None:
    assert diff(view, copy.deepcopy(view)) == []


def test_only_the_changed_member_travels_and_the_rest_is_shared() -> None:
    seat: dict[str, Any] = {"name": "Ann", "hand": {"white": 2, "red": 1}}
    other = {"name": "Bob", "hand": {"white": 0}}
    old = {"players": {"p1": seat, "p2": other}, "version": 4}
    new = {"players": {"p1": {**seat, "hand": {"white": 1, "red": 1}}, "p2": other}, "version": 5}
    ops = diff(old, new)
    assert ops == [
        {"op": "replace", "path": "/players/p1/hand/white", "value": 1},
        {"op": "replace", "path": "/version", "value": 5},
    ]
    patched = apply(old, ops)
    assert patched["players"]["p2"] is other  # untouched parts are not copied
    assert seat["hand"]["white"] == 2  # and the old view is not changed


@pytest.mark.parametrize(
    "op",
    [
        {"op": "move", "from": "/a", "path": "/b"},
        {"op": "replace", "path": "/missing", "value": 1},
        {"op": "add", "path": "/a/deeper/still", "value": 1},
        {"op": "remove", "path": "/missing"},
        {"op": "add", "path": "", "value": 1},
        {"path": "/a"},
    ],
)
def test_a_patch_that_does_not_fit_is_refused(op: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        apply({"a": 1}, [op])
