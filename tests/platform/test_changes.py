"""The three primitive changes and their inverses."""

from __future__ import annotations

import pytest

from app.domain.changes import Add, Move, Put, apply_change, invert
from app.domain.errors import UndoRefused


def test_deleting_a_missing_path_creates_nothing() -> None:
    doc: dict[str, object] = {"rules": {}}
    apply_change(doc, Put(("rules", "contest", "haste"), None, None))
    assert doc == {"rules": {}}


def test_put_remembers_and_inverts() -> None:
    doc: dict[str, object] = {}
    change = Put(("a", "b"), None, {"x": 1})
    apply_change(doc, change)
    assert doc == {"a": {"b": {"x": 1}}}
    apply_change(doc, invert(change, doc, "it"))
    assert doc == {"a": {}}


def test_moves_conserve_and_drop_empty_containers() -> None:
    doc: dict[str, object] = {}
    apply_change(doc, Move("red", "supply", "pot", 2))
    apply_change(doc, Move("red", "pot", "hand:p1", 2))
    assert doc == {"tokens": {"supply": {"red": -2}, "hand:p1": {"red": 2}}}


def test_inverting_refuses_when_later_events_depend() -> None:
    doc: dict[str, object] = {}
    put = Put(("v",), None, 1)
    apply_change(doc, put)
    apply_change(doc, Put(("v",), 1, 2))
    with pytest.raises(UndoRefused):
        invert(put, doc, "it")
    add = Add(("bp",), 3)
    apply_change(doc, add)
    apply_change(doc, Add(("bp",), -3))
    with pytest.raises(UndoRefused):
        invert(add, doc, "it")
    move = Move("white", "pot", "hand:p1")
    with pytest.raises(UndoRefused):
        invert(move, doc, "it")
