"""The GM drives the table: DV set before the roll, usual awards, Failure's Gift
offered, and the end-of-session bookkeeping."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation

from .helpers import GM, Game, player


def test_dv_is_set_before_the_roll_and_shows_on_the_phone() -> None:
    """'Difficulty Ladder (Set Before the Roll)': the GM names DV 2 (Pressured); the
    player sees it before rolling and the roll is judged against it, then it is used up."""
    g = Game()
    g.gm("roll.dv", player="p1", dv=2, label="Lockpick under watch")
    you = g.table.view(player("p1"))["rules"]["you"]
    assert you["dv_set"] == {"dv": 2, "label": "Lockpick under watch"}
    assert g.table.view(player("p2"))["rules"]["you"]["dv_set"] is None
    data = g.p("p1", "roll.enter", attribute="wits", faces=[6, 1])[-1].data
    assert data["dv"] == 2 and data["outcome"] == "partial"
    assert data["label"] == "Lockpick under watch"
    assert g.table.view(player("p1"))["rules"]["you"]["dv_set"] is None
    # the next roll has no DV unless the GM sets one again
    assert g.p("p1", "roll.enter", attribute="wits", faces=[6, 6])[-1].data["dv"] == 0


def test_dv_for_everyone_and_a_roll_naming_its_own() -> None:
    """A DV set for everyone applies to each player's next roll; a roll that names its
    own DV keeps it (and uses the set one up)."""
    g = Game()
    g.gm("roll.dv", dv=3)
    assert g.p("p2", "roll.enter", attribute="body", faces=[6, 6])[-1].data["dv"] == 3
    assert g.p("p1", "roll.enter", attribute="body", faces=[6, 6], dv=1)[-1].data["dv"] == 1
    assert not any(g.rules["dv_set"].values())
    with pytest.raises(InvalidArgs):
        g.gm("roll.dv", player="p1", dv=11)


def test_attendance_defaults_to_the_usual_two_xp() -> None:
    """'Table Attendance: +2 XP' — checked without a number, each award is its usual
    amount (the low end; Curveball 1)."""
    g = Game()
    before = g.xp("p1")
    event = g.gm("xp.session", awards={"p1": {"attendance": True, "discovery": True}})[-1]
    assert g.xp("p1") == before + 3 and event.data["items"] == {"attendance": 2, "discovery": 1}
    g.gm("xp.session", awards={"p2": ["attendance", "curveball"]})
    assert g.xp("p2") == before + 3
    rows = g.table.view(GM)["rules"]["checklist"]["awards"]
    assert {r["id"]: r["usual"] for r in rows}["attendance"] == 2


def test_a_failure_offers_the_gm_a_boon() -> None:
    """'Every time a player suffers a Complication from failure … they also earn a
    Boon.' A failed roll against a DV puts Failure's Gift before the GM; awarding it or
    passing on it clears the offer; a success withdraws it."""
    g = Game()
    g.gm("session.start")
    g.p("p1", "roll.enter", attribute="body", faces=[1, 2], dv=2)
    offer = g.table.view(GM)["rules"]["boon_offer"]
    assert offer["player"] == "p1" and offer["outcome"] == "Miss"
    assert "boon_offer" not in g.table.view(player("p1"))["rules"]
    g.gm("boon.award", player="p1", complication="the guard hears the pick snap")
    assert g.rules.get("boon_offer") is None and g.boons("p1") == 1
    g.p("p2", "roll.enter", attribute="body", faces=[6, 2], dv=2)
    assert g.rules.get("boon_offer", {})["player"] == "p2"
    g.gm("boon.decline")
    assert g.rules.get("boon_offer") is None
    with pytest.raises(RuleViolation):
        g.gm("boon.decline")
    g.p("p2", "roll.enter", attribute="body", faces=[6, 2], dv=2)
    g.p("p2", "roll.enter", attribute="body", faces=[6, 6], dv=2)
    assert g.rules.get("boon_offer") is None
    g.check()


def test_session_end_does_the_bookkeeping() -> None:
    """'End-of-Session Checklist' (4.7): the GM gets the six questions; the session's
    end closes the scene (pins, field repairs), returns once-per-session uses, drops an
    unpaired overflow Boon and lapses set DVs."""
    g = Game(boon_cap=1)
    g.gm("session.start")
    g.gm("boon.award", player="p1", complication="a")
    g.gm("boon.award", player="p1", complication="b")  # one over the cap, waiting
    assert g.tokens("boon-overflow:p1", "boon") == 1
    g.gm("roll.dv", player="p2", dv=2)
    scene = g.rules.get("scene", 1)
    events = g.gm("session.end")
    kinds = [e.type for e in events]
    assert "fe.session.checklist" in kinds and kinds[-1] == "session.ended"
    checklist = next(e for e in events if e.type == "fe.session.checklist")
    assert checklist.visible_to == "gm" and len(checklist.data["questions"]) == 6
    assert g.tokens("boon-overflow:p1", "boon") == 0
    assert g.rules["scene"] == scene + 1 and not any(g.rules["dv_set"].values())
    g.check()
