"""Undo is a compensating event: who may undo what, and never when something depends on it."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.actors import GM, HOST, Actor, player
from app.domain.changes import tokens_in
from app.domain.commands import Command
from app.domain.errors import DomainError, Forbidden, UndoRefused
from app.domain.evolve import fold
from app.domain.table import Table
from app.domain.tokens import hand


class Driver:
    def __init__(self) -> None:
        self.table, decision = Table.create("t", "Saloon", "test-ledger", {}, 7, 0.0)
        self.table.accept(decision)
        self.n = 0
        self.run(HOST, "seat.join", name="Ann")
        self.run(HOST, "seat.join", name="Bob")

    def run(self, actor: Actor, type_: str, **args: Any) -> str:
        self.n += 1
        cid = f"c{self.n}"
        decision = self.table.decide(Command(cid, type_, args, actor, float(self.n)))
        self.table.accept(decision)
        return cid


ANN, BOB = player("p1"), player("p2")


def test_player_undoes_own_latest_action_and_state_is_restored() -> None:
    d = Driver()
    before = d.table.state["tokens"]
    cid = d.run(ANN, "ledger.draw", n=2)
    d.run(ANN, "ledger.return", kind=next(iter(tokens_in(d.table.state, hand("p1")))))
    last = d.table.events[-1].command_id
    d.run(ANN, "undo", command_id=last)
    d.run(GM, "undo", command_id=cid)
    assert d.table.state["tokens"] == before
    assert fold(d.table.events) == d.table.state


def test_player_cannot_undo_anothers_action() -> None:
    d = Driver()
    cid = d.run(BOB, "note", text="hi")
    with pytest.raises(Forbidden):
        d.run(ANN, "undo", command_id=cid)


def test_player_cannot_undo_a_roll_of_the_dice() -> None:
    d = Driver()
    cid = d.run(ANN, "ledger.draw")  # a blind draw is UNDO_GM: no redrawing by undoing
    with pytest.raises(Forbidden, match="Only the GM"):
        d.run(ANN, "undo", command_id=cid)
    d.run(GM, "undo", command_id=cid)


def test_player_can_only_undo_their_most_recent_action() -> None:
    d = Driver()
    first = d.run(ANN, "note", text="one")
    d.run(ANN, "note", text="two")
    with pytest.raises(UndoRefused, match="most recent"):
        d.run(ANN, "undo", command_id=first)


def test_undo_refused_when_a_later_action_depends_on_it() -> None:
    d = Driver()
    drew = d.run(ANN, "ledger.draw", n=1)
    kind = next(iter(tokens_in(d.table.state, hand("p1"))))
    d.run(ANN, "ledger.return", kind=kind)  # the drawn token is gone again
    with pytest.raises(UndoRefused, match="Undo the later action first"):
        d.run(GM, "undo", command_id=drew)


def test_the_same_action_cannot_be_undone_twice() -> None:
    d = Driver()
    cid = d.run(ANN, "note", text="oops")
    d.run(ANN, "undo", command_id=cid)
    with pytest.raises(UndoRefused, match="already been undone"):
        d.run(GM, "undo", command_id=cid)


def test_joins_and_undos_cannot_be_undone() -> None:
    d = Driver()
    with pytest.raises(UndoRefused):
        d.run(GM, "undo", version=2)  # Ann joining
    cid = d.run(ANN, "note", text="x")
    undo = d.run(ANN, "undo", command_id=cid)
    with pytest.raises(DomainError):
        d.run(GM, "undo", command_id=undo)


def test_gm_undo_by_event_version() -> None:
    d = Driver()
    d.run(GM, "session.start")
    version = d.table.version
    d.run(GM, "undo", version=version)
    assert d.table.state["session"] == {"number": 0, "active": False}


def test_undo_does_not_rewind_the_dice() -> None:
    d = Driver()
    cid = d.run(ANN, "ledger.draw", n=3)
    cursor = d.table.state["rng"]["cursor"]
    d.run(GM, "undo", command_id=cid)
    assert d.table.state["rng"]["cursor"] == cursor
