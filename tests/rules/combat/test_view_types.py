"""The declared combat view (``combat.view_types.CombatView``) holds to the view itself.

Real views of fights driven by commands, as the GM and as players (in the fight, and a
token with no seat), go through JSON as the host sends them and are validated strictly
against the declaration: a Deadlands fight mid-countdown (cards dealt, an NPC acting, a
card up a sleeve, an aim and a prepared action, an entangled NPC, a declared weapon, a
seat's fresh wounds waiting in the negation window, an NPC stunned-check due with Wind
lost) and a Spacelands fight in its draw phase; plus tables with no fight. Every
TypedDict is closed, so a key the view adds or drops without the declaration fails.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from app.domain.actors import GM, Actor, player
from app.domain.combat.view_types import CombatView
from app.domain.fatechips.view_types import ChipsView

from .driver import Fight

CHECK: TypeAdapter[CombatView] = TypeAdapter(CombatView)
WHOLE: TypeAdapter[ChipsView] = TypeAdapter(ChipsView)
P1, P2 = player("p1"), player("p2")
NOBODY = player("p9")  # a player token with no seat at this table
VIEWERS = (GM, P1, P2, NOBODY)


def sent(f: Fight, viewer: Actor) -> dict[str, Any]:
    """The combat part of the table view as it reaches a screen (through JSON)."""
    rules: dict[str, Any] = json.loads(json.dumps(f.table.view(viewer)))["rules"]
    WHOLE.validate_python(rules, strict=True)  # the Fate-chip view carries it
    combat: dict[str, Any] = rules["combat"]
    return combat


def deadlands_fight() -> tuple[Fight, str]:
    """Mid-countdown at the Queen: every record the view carries is there."""
    f = Fight("deadlands")
    n = f.npc("Bandit", quickness="2d6", vigor="2d8", deftness="2d6")
    f.gm("combat.start")
    f.set_draw("players", ["KS", "4H", "QD", "AH", "5C"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.set_draw("gm", ["AS", "3D"])
    f.gm("combat.draw", who=n, faces=[[4], [2]])
    f.as_("p1", "combat.weapon", weapon="Colt Peacemaker", capacity=6)
    f.as_("p1", "combat.prepare", speed=2)
    f.gm("combat.next")  # the Ace: the Bandit, and p2's Ace of hearts
    f.as_("p2", "combat.sleeve", card="AH")
    f.gm("combat.aim", who=n, card="AS", steps=2)
    f.gm("combat.next")  # the King: p1's card is up
    f.gm("combat.damage", who="p1", location_face=12, dice=1, sides=8, faces=[[7]])
    f.gm("combat.damage", who=n, location_face=12, dice=2, sides=8, faces=[[7], [6]])
    f.as_(
        "p1",
        "combat.entangle",
        target=n,
        card="KS",
        break_tn=5,
        faces=[[5]],
        against_faces=[[2], [1]],
    )
    f.gm("combat.next")  # the Queen: p2's card is up
    return f, n


def spacelands_draw() -> Fight:
    f = Fight("spacelands")
    f.npc("Bug")
    f.gm("combat.start")
    f.as_("p1", "combat.draw", faces=[[4]])
    return f


@pytest.mark.parametrize("ruleset", ["deadlands", "spacelands"])
def test_no_fight_matches_the_declaration(ruleset: str) -> None:
    f = Fight(ruleset)
    f.npc("Bug")
    for viewer in VIEWERS:
        CHECK.validate_python(sent(f, viewer), strict=True)


def test_a_fight_matches_the_declaration() -> None:
    f, _ = deadlands_fight()
    for viewer in VIEWERS:
        CHECK.validate_python(sent(f, viewer), strict=True)
    g = spacelands_draw()
    for viewer in VIEWERS:
        CHECK.validate_python(sent(g, viewer), strict=True)


def test_every_record_the_declaration_types_is_there() -> None:
    """So the checks above bit on each part, and the GM-only and own parts are where the
    declaration says."""
    f, n = deadlands_fight()
    gm, ann, bob = (sent(f, v) for v in (GM, P1, P2))
    assert gm["step"] == "Q" and gm["acting"][0]["who"] == "p2"
    assert bob["combatants"][n]["entangled"] == {
        "by": "p1",
        "break_tn": 5,
        "fragile": False,
        "tripped": False,
    }
    assert ann["me"]["attack"]["stage"] == "negate" and ann["me"]["attack"]["negatable"]
    assert ann["me"]["ammo"]["colt peacemaker"]["capacity"] == 6
    assert ann["me"]["preparing"] == {"speed": 2, "spent": 1, "cards": ["KS"]}
    assert bob["combatants"]["p1"]["preparing"] == {"speed": 2, "spent": 1}
    assert bob["me"]["sleeve"] == "AH" and ann["combatants"]["p2"]["has_sleeve"]
    assert gm["combatants"][n]["aim"] == {"steps": 2, "markers": 2}
    assert gm["combatants"][n]["stun_due"] and gm["combatants"][n]["body"]["fresh"]
    assert gm["npcs"][n]["dice"]["quickness"] == {"dice": 2, "sides": 6}
    assert set(gm["decks"]) == {"players", "gm"} and "p1" in gm["attacks"]
    assert "body" not in ann["combatants"][n] and "hand" not in ann["combatants"][n]
    for part in ("attacks", "npcs", "ammo", "decks"):
        assert part not in ann and part in gm
    assert "me" not in gm and "me" not in sent(f, NOBODY)


@pytest.mark.parametrize(
    "path",
    [
        ("acting", 0, "together"),
        ("combatants", "p1", "body", "bleeding"),
        ("combatants", "p2", "in_fight"),
        ("me", "attack", "negatable"),
        ("me", "ammo", "colt peacemaker", "out"),
        ("wound_tns",),
    ],
)
def test_a_key_the_view_drops_fails_the_check(path: tuple[Any, ...]) -> None:
    f, _ = deadlands_fight()
    view = sent(f, P1)
    parent: Any = view
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    with pytest.raises(ValidationError, match="Field required"):
        CHECK.validate_python(view, strict=True)


@pytest.mark.parametrize(
    "path",
    [(), ("me",), ("combatants", "p2"), ("me", "attack"), ("me", "preparing")],
)
def test_a_key_the_declaration_doesnt_name_fails_the_check(path: tuple[Any, ...]) -> None:
    f, _ = deadlands_fight()
    view = sent(f, P1)
    parent: Any = view
    for key in path:
        parent = parent[key]
    parent["hidden_card"] = "AS"
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        CHECK.validate_python(view, strict=True)


def test_gm_only_parts_are_checked_too() -> None:
    f, n = deadlands_fight()
    for path, value in [
        (("decks", "gm", "draw"), "50"),
        (("npcs", n, "wind", "max"), None),
        (("attacks", "p1", "stage"), "soak"),
        (("combatants", "p1", "status"), "asleep"),
    ]:
        view = sent(f, GM)
        parent: Any = view
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
        with pytest.raises(ValidationError):
            CHECK.validate_python(view, strict=True)
