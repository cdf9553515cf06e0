"""The declared Bottlecaps view (``view_types.CapsView``) holds to the view itself.

Real views, as the GM and as players, at an empty table and mid-session (rolls of each
kind, a soaked hit, a Moment of Greatness, Wild Card NPCs), go through JSON as the host
sends them and are validated strictly against the declaration: every TypedDict is
closed and its keys required unless ``NotRequired``, so a key the view adds or drops
without the declaration (or the other way round) fails here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from app.domain.actors import Actor, player
from app.domain.bottlecaps.view_types import CapsView

from .driver import GM, P1, P2, Driver, table

CHECK: TypeAdapter[CapsView] = TypeAdapter(CapsView)
NOBODY = player("p9")  # a player token with no seat at this table


def sent(d: Driver, viewer: Actor) -> dict[str, Any]:
    """The Bottlecaps part of the table view as it reaches a screen (through JSON)."""
    rules: dict[str, Any] = json.loads(json.dumps(d.table.view(viewer)))["rules"]
    return rules


def mid_session() -> Driver:
    """Two players and two Wild Card NPCs with every kind of record in the view."""
    d = table("Ann", "Bob")
    d.do(GM, "npc.add", name="Black Jack")
    d.do(GM, "npc.add", name="Lady Sue")
    d.give("p1", white=2, blue=1)
    d.give("p2", red=1)
    d.do(GM, "damage.take", player="p1", wounds=2)
    d.do(P1, "cap.spend", use="soak", trait_faces=[4, 1], wild_faces=[2])  # a soak roll
    d.do(P1, "cap.spend", use="extra_effort", effort_faces=[3])
    d.do(P2, "turn.start")
    d.do(P2, "cap.spend", use="greatness", edge="Frenzy")
    d.do(P2, "roll.damage", dice=["d8", "d6"], faces=[[8, 2], [3]])
    d.do(GM, "roll.trait", npc="npc1", trait="Shooting", trait_faces=[4, 2], wild_faces=[6, 1])
    d.do(GM, "damage.take", npc="npc2", wounds=0)
    d.do(GM, "turn.start", npc="npc1")  # a player sees "gm" as whose turn it is
    return d


def test_the_views_of_an_empty_table_match_the_declaration() -> None:
    d = Driver()
    for viewer in (GM, NOBODY):
        CHECK.validate_python(sent(d, viewer), strict=True)
    assert "gm" in sent(d, GM) and "you" not in sent(d, GM)
    assert sent(d, NOBODY)["you"] is None and "gm" not in sent(d, NOBODY)


def test_the_views_mid_session_match_the_declaration() -> None:
    d = mid_session()
    for viewer in (GM, P1, P2, NOBODY):
        CHECK.validate_python(sent(d, viewer), strict=True)
    gm, ann = sent(d, GM), sent(d, P1)
    # Every record the declaration types is really there, so the check above bit on it.
    assert ann["you"]["roll"]["kind"] == "soak" and "hit" in ann["you"]["roll"]
    assert ann["you"]["hit"]["before"] == {"shaken": False, "wounds": 0, "incapacitated": False}
    assert gm["rolls"]["p2"]["kind"] == "damage" and gm["greatness"]["p2"] == {"edge": "Frenzy"}
    assert gm["gm"]["wild_cards"][0]["roll"]["kind"] == "trait"
    assert gm["gm"]["wild_cards"][1]["hit"]["wounds"] == 0
    assert (gm["turn"], ann["turn"]) == ("npc1", "gm")


@pytest.mark.parametrize(
    "path",
    [("pot",), ("you", "options"), ("you", "sheet", "rank"), ("you", "roll", "best")],
)
def test_a_key_the_view_drops_fails_the_check(path: tuple[str, ...]) -> None:
    view = sent(mid_session(), P1)
    parent = view
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    with pytest.raises(ValidationError):
        CHECK.validate_python(view, strict=True)


@pytest.mark.parametrize(
    "path", [(), ("gm",), ("gm", "wild_cards", 0), ("gm", "players", "p1", "hit")]
)
def test_a_key_the_declaration_lacks_fails_the_check(path: tuple[str | int, ...]) -> None:
    view = sent(mid_session(), GM)
    part: Any = view
    for key in path:
        part = part[key]
    part["undeclared"] = 1
    with pytest.raises(ValidationError):
        CHECK.validate_python(view, strict=True)
