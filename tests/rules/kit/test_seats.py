"""Removing a seat, on every registered rule system (docs/protocol.md: "`seat.remove` |
GM | `player` | the seat leaves (the system returns its tokens)")."""

from __future__ import annotations

import pytest

from app.domain.actors import GM, player
from app.domain.errors import Forbidden
from app.domain.ruleset import ruleset_names

from . import invariants as inv
from .driver import KitTable
from .systems import profile_for


def cases() -> list[object]:
    out: list[object] = []
    for name in ruleset_names():
        reason = profile_for(name).known.get(inv.SEATS_RETURN)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        out.append(pytest.param(name, id=name, marks=marks))
    return out


@pytest.mark.parametrize("name", cases())
def test_a_removed_seat_returns_its_tokens_and_can_act_no_more(name: str) -> None:
    kit = KitTable(name)
    profile_for(name).setup(kit)
    kit.run(GM, "seat.remove", {"player": "p2"})
    inv.tokens_conserved(kit)
    inv.removed_seats_return_their_tokens(kit)
    assert kit.replays()
    with pytest.raises(Forbidden, match="removed"):
        kit.run(player("p2"), "note", {"text": "still here?"})
