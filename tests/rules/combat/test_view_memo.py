"""Views share the parts every other player sees and remember parts by their inputs
(app.domain.memo): whatever is shared or remembered must be exactly what each viewer
would get computed alone, after every event of random command sequences."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.domain.combat.body
import app.domain.combat.view
import app.domain.fatechips.view
from app.domain.actors import GM, Actor, player
from app.domain.table import Table
from tests.rules.fatechips.properties import Runner, Step, plans

from .driver import Fight
from .test_properties import accepted, step


def every_view(f: Fight) -> list[dict[str, Any]]:
    viewers: list[Actor] = [GM, *(player(p) for p in f.state["seats"])]
    return [f.table.view(v) for v in viewers]


def unshared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view part computed afresh: nothing shared, nothing remembered."""

    def alone(state: Any, key: Any, make: Any) -> Any:
        return make()

    def afresh(name: Any, inputs: Any, make: Any) -> Any:
        return make()

    monkeypatch.setattr(app.domain.fatechips.view, "shared_part", alone)
    monkeypatch.setattr(app.domain.combat.view, "shared_part", alone)
    monkeypatch.setattr(app.domain.fatechips.view, "remembered", afresh)
    monkeypatch.setattr(app.domain.combat.body, "remembered", afresh)


def views_match_fresh_ones(table: Table) -> None:
    """The views as served (warm memo) equal the views computed from scratch."""
    viewers: list[Actor] = [GM, *(player(p) for p in table.state.get("seats", {}))]
    served = [table.view(v) for v in viewers]
    with pytest.MonkeyPatch.context() as patch:
        unshared(patch)
        fresh = [table.view(v) for v in viewers]
    assert served == fresh


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


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32),
    plans(("white", "red", "blue", "legend"), 25),
    st.sampled_from(("deadlands", "spacelands")),
)
def test_remembered_chip_options_are_always_fresh(
    seed: int, plan: list[Step], ruleset: str
) -> None:
    """Each seat's chip options are remembered by what they read: after every command of
    a random Fate-chip sequence, every viewer's view equals one computed from scratch."""
    run = Runner(ruleset, seed, check_undo=False)
    views_match_fresh_ones(run.table)
    for actor, type_, args in plan:
        if run.apply(actor, type_, args):
            views_match_fresh_ones(run.table)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, min_size=5, max_size=30), st.sampled_from(("deadlands", "spacelands")))
def test_remembered_bodies_are_always_fresh(
    steps: list[tuple[int, str, int, int]], ruleset: str
) -> None:
    """Each combatant's body is remembered by its records: after every command of a random
    fight (wounds, Wind, stun, healing), every viewer's view equals one from scratch."""
    f = Fight(ruleset, settings={"session_draw": 2, "gm_draw": 1, "bleeding": "sum"})
    f.npc("Bug", quickness="2d6", vigor="2d6", guts="1d6")
    f.gm("combat.start")
    for _ in accepted(f, steps):
        views_match_fresh_ones(f.table)
