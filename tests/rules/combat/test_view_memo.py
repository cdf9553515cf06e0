"""Views share the parts every other player sees (app.domain.memo): the shared parts
must be exactly what each viewer would get computed alone, and new after every event."""

from __future__ import annotations

from typing import Any

import pytest

import app.domain.combat.view
import app.domain.fatechips.view
from app.domain.actors import GM, Actor, player

from .driver import Fight


def every_view(f: Fight) -> list[dict[str, Any]]:
    viewers: list[Actor] = [GM, *(player(p) for p in f.state["seats"])]
    return [f.table.view(v) for v in viewers]


def unshared(monkeypatch: pytest.MonkeyPatch) -> None:
    def alone(state: Any, key: Any, make: Any) -> Any:
        return make()

    monkeypatch.setattr(app.domain.fatechips.view, "shared_part", alone)
    monkeypatch.setattr(app.domain.combat.view, "shared_part", alone)


def a_busy_fight() -> Fight:
    f = Fight("deadlands", players=("Ann", "Bob", "Cat"))
    f.award("p1", white=2, red=1)
    f.as_("p2", "roll.trait", dice=3, sides=8, tn=5)
    f.gm("roll.trait", player="marshal", dice=2, sides=6, hidden=True)
    f.npc("Rattler")
    f.gm("combat.start")
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("wounds.assign", player="p3", wounds={"right_arm": 2})
    return f


def test_shared_parts_are_what_each_viewer_gets_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    f = a_busy_fight()
    shared = every_view(f)
    unshared(monkeypatch)
    assert shared == every_view(f)


def test_shared_parts_follow_each_event() -> None:
    f = a_busy_fight()
    before = f.table.view(player("p1"))["rules"]["players"]["p2"]["hand"]
    f.award("p2", blue=1)
    after = f.table.view(player("p1"))["rules"]["players"]["p2"]["hand"]
    assert after["blue"] == before["blue"] + 1


def test_each_viewer_gets_its_own_copy() -> None:
    f = a_busy_fight()
    mine = f.table.view(player("p1"))["rules"]["players"]["p2"]
    mine["hand"]["white"] = 999  # a careless reader changes its copy
    assert f.table.view(player("p3"))["rules"]["players"]["p2"]["hand"]["white"] != 999
