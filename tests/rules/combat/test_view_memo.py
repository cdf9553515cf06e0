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


def test_other_players_share_one_entry_which_sending_views_leaves_as_it_was() -> None:
    """Shared, not copied (a copy per viewer was a third of the host's work per event):
    so the host's whole way out (its view with who is online, the patch against the
    last view sent, the JSON) must not change a view."""
    from app.host.responses import dumps
    from app.protocol import view_patch

    f = a_busy_fight()
    p1, p3 = f.table.view(player("p1")), f.table.view(player("p3"))
    assert p1["rules"]["players"]["p2"] is p3["rules"]["players"]["p2"]
    before = f.table.view(player("p3"))
    f.award("p2", blue=1)
    after = f.table.view(player("p3"))
    dumps({"patch": view_patch.diff(before, after), "table": after})
    assert view_patch.apply(before, view_patch.diff(before, after)) == after
    f.award("p1", white=1)  # the next state's parts are computed afresh, not patched
    unchanged = f.table.view(player("p3"))
    assert unchanged["rules"]["players"]["p2"] == after["rules"]["players"]["p2"]


def test_an_unchanged_seat_keeps_its_entry_object_from_one_state_to_the_next() -> None:
    """So a follower's patch skips it by identity (app.domain.memo)."""
    f = a_busy_fight()
    before = f.table.view(player("p3"))["rules"]
    f.award("p2", blue=1)
    after = f.table.view(player("p3"))["rules"]
    assert after["players"]["p1"] is before["players"]["p1"]  # nothing of Ann's changed
    assert after["players"]["p2"] is not before["players"]["p2"]  # Bob got a chip
    assert after["players"]["p2"]["hand"]["blue"] == before["players"]["p2"]["hand"]["blue"] + 1
    assert after["combat"]["combatants"]["p1"] is before["combat"]["combatants"]["p1"]
