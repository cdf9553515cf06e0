"""Entanglement (spacelands-combat.txt, "Entanglement")."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def lasso() -> Fight:
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.sheet("p1", "aptitudes.fighting: whips", {"level": 1})
    return f


def unnerve(f: Fight, cid: str) -> None:
    """A test fixture: ``cid`` is unnerved (as a won test of will leaves him)."""
    f.state["rules"].setdefault("body", {}).setdefault(cid, {})["unnerved"] = True


def test_an_opposed_fighting_against_deftness_entangles() -> None:
    """ "Instead of doing brawling damage some weapons can be used to entangle and/or trip
    a target. Doing either is an opposed roll of the attacker's appropriate fighting skill
    versus the opponent's Deftness.\""""
    f = lasso()
    events = f.gm(
        "combat.entangle",
        who="p1",
        target="p2",
        break_tn=7,
        fragile=True,
        trip=True,
        faces=[[3]],
        against_faces=[[4]],
    )
    assert not events[-1].data["won"] and not f.fighter("p2").get("entangled")
    assert not any(e.type == "combat.damaged" for e in events)
    f.gm(
        "combat.entangle",
        who="p1",
        target="p2",
        break_tn=7,
        fragile=True,
        trip=True,
        faces=[[5]],
        against_faces=[[4]],
    )
    assert f.fighter("p2")["entangled"] == {
        "by": "p1",
        "break_tn": 7,
        "fragile": True,
        "tripped": True,
    }
    assert f.view("p1")["combatants"]["p2"]["entangled"]["by"] == "p1"


def test_break_a_fragile_one_else_wriggle() -> None:
    """ "A Hero can break an entanglement by rolling the TN listed on the weapon table. If
    the weapon is listed as fragile, it would be broken by this (such as with a lariat or
    simple net). Otherwise, he has to just plain wriggle his way out of it. This is an
    opposed Deftness roll versus the attacker's skill with the weapon.\""""
    f = lasso()
    f.gm(
        "combat.entangle",
        who="p1",
        target="p2",
        break_tn=7,
        fragile=False,
        faces=[[5]],
        against_faces=[[4]],
    )
    with pytest.raises(RuleViolation, match="wriggle"):
        f.as_("p2", "combat.break_free", how="break", card="QH")
    events = f.gm("combat.break_free", who="p2", faces=[[3]], against_faces=[[4]])
    assert events[-1].type == "combat.still_entangled"
    f.gm("combat.break_free", who="p2", faces=[[5]], against_faces=[[4]])
    assert not f.fighter("p2").get("entangled")
    f.gm(
        "combat.entangle",
        who="p1",
        target="p2",
        break_tn=7,
        fragile=True,
        faces=[[5]],
        against_faces=[[4]],
    )
    events = f.gm("combat.break_free", who="p2", how="break", faces=[[6, 1]])
    assert events[-1].type == "combat.broke_free" and not f.fighter("p2").get("entangled")
    with pytest.raises(RuleViolation, match="isn't entangled"):
        f.gm("combat.break_free", who="p2")


def test_unnerved_entangling_or_resisting_it_is_at_minus_four() -> None:
    """ "Unnerved Your character's stern gaze or cruel taunt angers or upsets your
    opponent. The target suffers -4 to his next action. This includes any "passive"
    defense Aptitudes like fighting or resisting further tests of wills." Entangling is
    an action (it plays a card) and the target's Deftness against it a passive defence:
    an unnerved attacker rolls at −4, and so does an unnerved target; each spends it."""
    f = lasso()
    unnerve(f, "p1")
    assert f.view("p1")["me"]["body"]["unnerved"]
    events = f.as_("p1", "combat.entangle", target="p2", card="KD", break_tn=7, faces=[[6, 1]])
    tried = next(e for e in events if e.type == "combat.entangled")
    assert "fighting [6+1] -4 → 3" in tried.text
    assert not f.view("p1")["me"]["body"]["unnerved"]

    g = lasso()
    unnerve(g, "p2")
    assert g.view("p2")["me"]["body"]["unnerved"]
    events = g.as_(
        "p1",
        "combat.entangle",
        target="p2",
        card="KD",
        break_tn=7,
        faces=[[3]],
        against_faces=[[5]],
    )
    held = next(e for e in events if e.type == "combat.entangled")
    assert "Deftness [5] -4 → 1" in held.text and held.data["won"]
    assert not g.view("p2")["me"]["body"]["unnerved"]
