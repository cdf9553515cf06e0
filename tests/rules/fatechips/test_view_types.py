"""The declared Fate-chip view (``view_types.ChipsView``) holds to the view itself.

Real views of Deadlands and Spacelands tables, as the GM and as players, at an empty
table, mid-session (rolls of each kind with chips on them, a hidden GM roll, fresh
wounds, a pending trade, the crew's bounty, a story arc, a d12+2) and between sessions
(chips written down, a Bounty ledger, a request waiting for the GM), go through JSON as
the host sends them and are validated strictly against the declaration: every
TypedDict is closed and its keys required unless ``NotRequired``, so a key the view
adds or drops without the declaration (or the other way round) fails here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from app.domain.actors import GM, Actor, player
from app.domain.fatechips.view_types import ChipsView

from .driver import QUIET, Game

CHECK: TypeAdapter[ChipsView] = TypeAdapter(ChipsView)
P1, P2 = player("p1"), player("p2")
NOBODY = player("p9")  # a player token with no seat at this table


def sent(g: Game, viewer: Actor) -> dict[str, Any]:
    """The Fate-chip part of the table view as it reaches a screen (through JSON)."""
    rules: dict[str, Any] = json.loads(json.dumps(g.table.view(viewer)))["rules"]
    return rules


def deadlands_mid_session() -> Game:
    """An aptitude, rolls with chips of every colour on them, a Legend reroll, a firearm
    roll a power allows chips on, a hidden GM roll, fresh wounds and a pending trade."""
    g = Game("deadlands", settings={**QUIET, "show_pot_mix": True})
    g.gm("sheet.update", player="p1", path="aptitudes.shootin'", value={"level": 2})
    g.award("p1", white=2, red=1, legend=1)
    g.award("p2", white=2)
    g.as_("p1", "roll.trait", dice=3, sides=8, faces=[[8, 3], [1], [4]], tn=19)
    g.as_("p1", "chips.spend", colour="white", faces=[5])
    g.as_("p1", "chips.spend", colour="red", faces=[4])
    g.as_("p1", "chips.spend", colour="legend", use="reroll", faces=[[6], [2], [5]])
    g.as_("p2", "roll.trait", dice=2, sides=6, kind="firearm", faces=[[3], [4]])
    g.gm("roll.power", player="p2", power="Hexslinging")
    g.gm("roll.trait", player="marshal", dice=2, sides=8, hidden=True)
    g.gm("wounds.assign", player="p1", wounds={"left_leg": 2})
    g.as_("p2", "trade.propose", to="p1", colour="white", payment={"white": 1}, fiction="x")
    return g


def deadlands_between_sessions() -> Game:
    """Chips written down at the session's end, one cashed (a ledger line), and an Edge
    waiting for the GM's approval."""
    g = Game("deadlands", settings=QUIET)
    g.award("p1", white=1, blue=2)
    g.gm("session.end")
    g.as_("p1", "chips.cash", chips={"blue": 1})
    g.as_("p1", "advance.buy", what="edge", name="brave", value=1, story="stood fast")
    return g


def spacelands_mid_session() -> Game:
    """The crew's bounty pool and story arc, a d12+2 trait roll, an Impetus."""
    g = Game("spacelands", players=("Ann", "Bob", "Cy"), settings=QUIET)
    g.gm("bounty.crew", points=7)
    g.gm("sheet.update", player="p1", path="traits.strength.die", value=12)
    g.gm("sheet.update", player="p1", path="traits.strength.plus", value=2)
    g.award("p1", white=2)
    g.as_("p1", "roll.trait", trait="strength", faces=[[7]], tn=9, unskilled=True)
    g.as_("p1", "chips.spend", colour="white", use="impetus")
    return g


VIEWERS = (GM, P1, P2, NOBODY)


@pytest.mark.parametrize("ruleset", ["deadlands", "spacelands"])
def test_the_views_of_an_empty_table_match_the_declaration(ruleset: str) -> None:
    g = Game(ruleset, players=(), start=False)
    for viewer in (GM, NOBODY):
        CHECK.validate_python(sent(g, viewer), strict=True)


@pytest.mark.parametrize(
    "build", [deadlands_mid_session, deadlands_between_sessions, spacelands_mid_session]
)
def test_the_views_match_the_declaration(build: Any) -> None:
    g = build()
    for viewer in VIEWERS:
        CHECK.validate_python(sent(g, viewer), strict=True)


def test_every_record_the_declaration_types_is_there() -> None:
    """So the checks above bit on each part (and the GM-only and own parts are where
    the declaration says)."""
    gm, ann, bob = (sent(deadlands_mid_session(), v) for v in (GM, P1, P2))
    mine = ann["players"]["p1"]
    assert mine["roll"]["rerolls"] == 1 and mine["roll"]["outcome"]["success"] is False
    assert bob["players"]["p2"]["roll"]["power"] == "Hexslinging"
    assert gm["players"]["p1"]["roll"]["bonuses"] == []  # the reroll started afresh
    assert gm["gm_roll"]["hidden"] and ann["gm_roll"] is None
    assert mine["negatable"] == {"left_leg": 2} and gm["trades"]["1"]["from"] == "p2"
    assert mine["sheet"]["aptitudes"] == {"shootin'": {"level": 2, "concentrations": ""}}
    assert "options" in mine and "sheet" not in ann["players"]["p2"]
    assert "gm_options" in gm and "gm_options" not in ann
    assert ann["pot"]["chips"] is not None and ann["gm_hand"]["chips"] is None
    later = sent(deadlands_between_sessions(), P1)
    assert later["players"]["p1"]["recorded"] == {"white": 1, "blue": 1}
    assert later["players"]["p1"]["bounty"]["ledger"][0]["points"] == 3
    assert later["requests"]["1"]["what"] == "edge"
    space = sent(spacelands_mid_session(), P1)
    assert space["bounty_pool"] == 1 and space["arc"] == 1
    assert space["players"]["p1"]["sheet"]["traits"]["strength"]["plus"] == 2
    assert space["players"]["p1"]["roll"]["trait_plus"] == 2


@pytest.mark.parametrize(
    "path",
    [
        ("pot", "total"),
        ("players", "p1", "roll", "outcome", "bust"),
        ("players", "p1", "options", "white", "negate", "why"),
        ("players", "p1", "sheet", "wind", "max"),
        ("trades", "1", "fiction"),
        ("negation", "red", "wind"),
        ("combat",),
    ],
)
def test_a_key_the_view_drops_fails_the_check(path: tuple[str, ...]) -> None:
    view = sent(deadlands_mid_session(), P1)
    parent = view
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    with pytest.raises(ValidationError, match="Field required"):
        CHECK.validate_python(view, strict=True)


@pytest.mark.parametrize(
    "path",
    [
        (),
        ("players", "p2"),
        ("players", "p1", "roll"),
        ("players", "p1", "bounty"),
        ("trades", "1"),
    ],
)
def test_a_key_the_declaration_doesnt_name_fails_the_check(path: tuple[str, ...]) -> None:
    view = sent(deadlands_mid_session(), P1)
    parent = view
    for key in path:
        parent = parent[key]
    parent["surprise"] = 1
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        CHECK.validate_python(view, strict=True)


def test_a_wrong_value_fails_the_check() -> None:
    """Strict: a count sent as text, a use the game doesn't know, a bad roll kind."""
    for path, value in [
        (("hand_limit",), "3"),
        (("players", "p1", "options", "white", "fly"), {"effect": "", "allowed": 1, "why": None}),
        (("players", "p1", "roll", "kind"), "damage"),
    ]:
        view = sent(deadlands_mid_session(), P1)
        parent = view
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
        with pytest.raises(ValidationError):
            CHECK.validate_python(view, strict=True)
