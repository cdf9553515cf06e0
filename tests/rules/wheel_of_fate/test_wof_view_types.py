"""The declared Wheel of Fate view (``view_types.WheelView``) is what ``view.build`` really
returns: real views, as the GM and as players, of an empty table and of one mid-session
with every record filled, validated strictly (a missing key or a wrong type fails) and
checked for keys the declaration doesn't have."""

from __future__ import annotations

import json
import types
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from pydantic import TypeAdapter, ValidationError
from typing_extensions import is_typeddict

from app.domain.actors import Actor
from app.domain.wheel.view_types import WheelView

from .driver import GM, P1, P2, P3, Game

VIEW = TypeAdapter(WheelView)


def undeclared(tp: Any, value: Any, at: str = "rules") -> list[str]:
    """Paths in ``value`` holding keys that the declared type ``tp`` doesn't have."""
    if value is None:
        return []
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        arms = [a for a in get_args(tp) if a is not type(None)]
        return undeclared(arms[0], value, at) if len(arms) == 1 else []
    if is_typeddict(tp):
        hints = get_type_hints(tp)
        found = [f"{at}.{k}" for k in value if k not in hints]
        for key, item in value.items():
            if key in hints:
                found += undeclared(hints[key], item, f"{at}.{key}")
        return found
    if origin is dict:
        return [p for k, v in value.items() for p in undeclared(get_args(tp)[1], v, f"{at}.{k}")]
    if origin is list:
        return [
            p for i, v in enumerate(value) for p in undeclared(get_args(tp)[0], v, f"{at}[{i}]")
        ]
    return []


def holds(view: dict[str, Any]) -> None:
    """The view, and the same view after the JSON trip to a phone, is a WheelView."""
    for shown in (view, json.loads(json.dumps(view))):
        VIEW.validate_python(shown, strict=True)
        assert undeclared(WheelView, shown) == []


def rules_for(game: Game, viewer: Actor) -> dict[str, Any]:
    found: dict[str, Any] = game.table.view(viewer)["rules"]
    return found


def test_an_empty_table_is_declared() -> None:
    for game in (Game(()), Game(session=False)):
        for viewer in (GM, P1) if game.state["seats"] else (GM,):
            holds(rules_for(game, viewer))


@pytest.fixture
def mid_session() -> Game:
    """Ann finished and gained an aspect; Bob has a compel waiting; Cid is incoherent with
    help waiting; two GM-side characters; a social fight with stress held for a tie, haste
    taken and an attack waiting for its defence."""
    g = Game(("Ann", "Bob", "Cid"), settings={"attribute_dice": 10})
    g.do(GM, "creation.pools", normal=["Guns"], special=["Magic"])
    g.attributes("p1", 3, 3, 4)
    g.attributes("p2", 3, 3, 4)
    g.attributes("p3", 4, 4, 2)
    g.complete_sheet("p1")
    g.do(P1, "char.pools", dice={"Guns": 2, "Magic": 1})
    g.do(P1, "char.finish")
    g.do(GM, "aspect.add", player="p1", text="Owes the Duke")
    g.do(GM, "compel.offer", player="p2", aspect_text="Hot-headed", text="You punch him.")
    g.do(P1, "help", to="p3", attribute="physical")
    g.do(GM, "stress.add", player="p3", dice=3)
    nid = g.npc("Duke", 2, 2, 2)
    out = g.npc("Guard", 1, 1, 1)
    g.do(GM, "stress.add", npc=out, dice=2)
    g.do(GM, "contest.start", kind="social", participants=["p1", "p2", nid, out])
    g.do(P1, "contest.attack", target=nid, faces=[6, 6, 6, 6])
    g.do(GM, "contest.defend", npc=nid, faces=[1, 1])
    g.do(P2, "contest.haste", dice=1)
    g.do(P2, "contest.attack", target="p1", faces=[3, 3, 3, 3, 3])
    return g


def test_a_table_mid_session_is_declared_for_everyone(mid_session: Game) -> None:
    gm = rules_for(mid_session, GM)
    contest = gm["contest"]
    # Every part the declaration marks optional is really there, so it is checked too.
    assert contest["exchange"]["attacker"] == "p2" and contest["held"] and contest["haste"]
    assert contest["initiative"] and contest["out"] == ["n2"]
    assert gm["compels"]["p2"]["aspect"] is None and gm["sheets"]["p2"]["compel"]
    assert gm["npcs"]["n1"]["npc"] is True and gm["sheets"]["p3"]["help"]
    assert gm["characters"]["p3"]["out"] == ["incoherent"]
    holds(gm)
    for viewer in (P1, P2, P3):
        holds(rules_for(mid_session, viewer))
    ann, bob = rules_for(mid_session, P1), rules_for(mid_session, P2)
    assert ann["options"]["contest"]["defend"] and "initiative" not in ann["contest"]
    assert bob["me"]["compel"] and bob["options"]["compel"] == {"accept": True, "refuse": True}
    assert "6" in ann["me"]["aspects"] and ann["me"]["pools"] == {"Guns": 2, "Magic": 1}


def test_the_check_fails_on_a_missing_extra_or_mistyped_key(mid_session: Game) -> None:
    """The check above can fail: a key dropped, added or of the wrong type is caught."""
    view = rules_for(mid_session, GM)
    dropped = dict(view)
    del dropped["bowl"]
    with pytest.raises(ValidationError):
        VIEW.validate_python(dropped, strict=True)
    sheet = dict(view["sheets"]["p1"], secret="x")
    extra = dict(view, sheets={"p1": sheet})
    assert undeclared(WheelView, extra) == ["rules.sheets.p1.secret"]
    wrong = dict(view, contest=dict(view["contest"], kind="luck"))
    with pytest.raises(ValidationError):
        VIEW.validate_python(wrong, strict=True)
