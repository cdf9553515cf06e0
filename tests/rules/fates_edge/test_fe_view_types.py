"""The declared Fate's Edge view (``view_types.FeView``) holds to the view itself.

Real views, as the GM, as each player and as a token with no seat, at an empty table
and mid-session (pregens with followers and assets, a flagged follower maintained by
downtime, a patronage, bonds, visible and hidden clocks, a contest, a group roll, a
channelled spell, a ritual with a helper, the CP bank, an arc closed with banked CP),
go through JSON as the host sends them and are validated strictly against the
declaration: every TypedDict is closed and its keys required unless ``NotRequired``,
so a key the view adds or drops without the declaration (or the other way round)
fails here.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from app.domain.actors import Actor
from app.domain.fatesedge.view_types import FeView

from .helpers import GM, Game, player

CHECK: TypeAdapter[FeView] = TypeAdapter(FeView)
NOBODY = player("p9")  # a player token with no seat at this table


def sent(g: Game, viewer: Actor) -> dict[str, Any]:
    """The Fate's Edge part of the table view as it reaches a screen (through JSON)."""
    rules: dict[str, Any] = json.loads(json.dumps(g.table.view(viewer)))["rules"]
    return rules


def mid_session() -> Game:
    """Most records the view carries, filled by real commands."""
    g = Game(players=4, starting_xp=60, show_cp_bank=False)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    g.p("p1", "xp.buy", what="follower", cap=3, name="Agent", lane="spying")
    g.p("p1", "xp.buy", what="attribute", name="wits")
    g.p("p1", "xp.buy", what="asset", tier="minor", type="spy", name="Ring")
    g.p("p1", "xp.project", xp=8, project="temple roof")
    g.p("p1", "character.finish")
    g.gm("character.pregen", player="p3", pregen="ash", build="full")  # the table's call
    g.p("p4", "character.pregen", pregen="sable")
    bond = g.p("p1", "bond.propose", tie="same doomed levy", **{"with": "p2"})[-1].data["bond"]
    g.p("p2", "bond.accept", bond=bond)
    follower = next(iter(g.pc("p1")["followers"]))
    g.gm("resource.flag", player="p1", kind="follower", id=follower)
    g.p("p1", "resource.maintain", kind="follower", id=follower, mode="downtime")
    g.give_cp(3)
    g.gm("arc.end", complication="A customs clerk asks around.")
    g.gm("session.start")
    g.gm("clock.create", name="Doom", size=8, visible=False)
    g.gm("clock.create", name="Storm", size=4, visible=True)
    g.gm("boon.award", player="p1", complication="fell in the river")
    g.gm("contest.start", label="Arm-wrestle", a="p3", b="p4")
    g.p("p3", "roll.enter", attribute="body", faces=[6, 7])
    g.p("p4", "roll.enter", attribute="body", faces=[6, 2, 1])
    g.gm("roll.group", players=["p3", "p4"], attribute="body", dv=3)
    g.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3, 8])
    g.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
    g.p("p1", "ritual.channel")
    g.p("p1", "roll.pool", attribute="body")
    return g


VIEWERS = (GM, player("p1"), player("p2"), player("p3"), player("p4"), NOBODY)


def test_the_views_of_an_empty_table_match_the_declaration() -> None:
    g = Game(players=0)
    for viewer in (GM, NOBODY):
        CHECK.validate_python(sent(g, viewer), strict=True)


def test_a_fresh_table_and_a_table_mid_session_match_the_declaration() -> None:
    for g in (Game(), mid_session()):
        for viewer in VIEWERS:
            CHECK.validate_python(sent(g, viewer), strict=True)


def test_every_record_the_declaration_types_is_there() -> None:
    """So the checks above bit on each part (and the GM-only and own parts are where
    the declaration says)."""
    g = mid_session()
    gm, ann, bea, cy = (sent(g, player(p) if p else GM) for p in ("", "p1", "p2", "p3"))
    assert gm["cp_bank"] >= 0 and "cp_bank" not in ann
    assert len(gm["clocks"]) == 2 and [c["name"] for c in ann["clocks"].values()] == ["Storm"]
    assert "order" in gm["decks"]["consequence"] and "order" not in ann["decks"]["consequence"]
    assert gm["contest"]["result"] and gm["group_last"] and gm["last_roll"]["player"] == "p1"
    assert gm["bonds"] and gm["front_loaded"] and gm["casting"]["p1"] and gm["ritual"]
    assert gm["menu"]["universal"][0]["affordable"] in (True, False)
    assert gm["checklist"]["pace"] == [6, 10] and gm["reference"]["difficulty"]["3"] == "Hard"
    you = ann["you"]
    assert you["patronage"] == 8 and you["casting"] and you["trainings"]
    assert you["followers"] and you["assets"] and you["boon_actions"]["boons"] == you["boons"] > 0
    assert you["prices"]["followers"]["2"] > 0 and "characters" not in ann
    assert "ritual" in bea and "ritual" not in cy and "cp" not in bea["ritual"]
    assert cy["you"]["pregen"] == "ash" and "you" not in sent(g, NOBODY)
    assert set(gm["characters"]) == {"p1", "p2", "p3", "p4"}
