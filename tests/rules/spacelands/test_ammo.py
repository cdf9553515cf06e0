"""Ammunition, rate of fire and reloading (spacelands-combat.txt, "Rate of fire",
"Automatic Weapons", "Reloading")."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.changes import get_path
from app.domain.errors import InvalidArgs, RuleViolation
from tests.rules.combat.driver import Fight
from tests.rules.combat.test_countdown import dealt


def rounds(f: Fight, cid: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = get_path(f.state, ("rules", "ammo", cid, name))
    return found


def fire(f: Fight, **args: Any) -> Any:
    events = f.gm(
        "combat.attack",
        who="p1",
        target="p2",
        distance=5,
        range_increment=10,
        damage="2d6",
        dice=1,
        sides=6,
        **args,
    )
    return next(e for e in events if e.type == "combat.attacked")


def test_an_automatic_fires_its_rate_and_the_rounds_go() -> None:
    """ "When a character fires an automatic weapon, he usually has to fire the weapon's
    full "rate of fire" ... Every raise above the TN means an additional shot hits the
    target. Obviously, a target cannot be hit by more shots than were fired.\""""
    f = Fight()
    f.gm("combat.weapon", who="p1", weapon="heavy blaster", capacity=8)
    e = fire(f, weapon="heavy blaster", rate_of_fire=3, faces=[[6, 6, 6, 6, 5]])
    assert e.data["hits"] == 3 and rounds(f, "p1", "heavy blaster")["loaded"] == 5
    fire(f, weapon="heavy blaster", rate_of_fire=3, faces=[[1]])
    # two rounds left: only two shots go, so no more than two can hit
    e = fire(f, weapon="heavy blaster", rate_of_fire=3, faces=[[6, 6, 6, 6, 5]])
    assert e.data["hits"] == 2 and rounds(f, "p1", "heavy blaster")["loaded"] == 0
    assert "0 left" in e.text


def test_out_of_ammo_is_refused_and_changes_nothing() -> None:
    """ "Sooner or later, your weapon will run out of ammo.\""""
    f = Fight()
    f.gm("combat.weapon", who="p1", weapon="blast rifle", capacity=10, loaded=0)
    before = f.state
    with pytest.raises(RuleViolation, match="out of ammo"):
        fire(f, weapon="blast rifle", faces=[[5]])
    with pytest.raises(InvalidArgs, match="declare it first"):
        fire(f, weapon="plasma pistol", faces=[[5]])
    assert f.state is before


def test_a_round_per_action_a_magazine_in_two() -> None:
    """ "It takes one action to put a single bullet into a pistol or rifle, or a single
    shell in a shotgun. To swap the magazine in a handgun or rifle requires one action to
    remove the old and one to insert the new." In a fight each is an action: a card."""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.as_("p1", "combat.weapon", weapon="pistol", capacity=6, loaded=4)
    with pytest.raises(InvalidArgs, match="card"):
        f.as_("p1", "combat.reload", weapon="pistol")
    f.as_("p1", "combat.reload", weapon="pistol", card="KD")
    assert rounds(f, "p1", "pistol")["loaded"] == 5 and "KD" not in f.fighter("p1")["hand"]
    f.gm("combat.next")
    f.gm("combat.next")
    f.as_("p1", "combat.reload", weapon="pistol", how="magazine", card="JS")
    assert rounds(f, "p1", "pistol") == {"capacity": 6, "loaded": 0, "out": True}
    with pytest.raises(RuleViolation, match="magazine is out"):
        f.gm(
            "combat.attack",
            who="p1",
            target="p2",
            weapon="pistol",
            distance=1,
            range_increment=10,
            damage="1d6",
            dice=1,
            sides=6,
            faces=[[5]],
        )
    f.gm("combat.reload", who="p1", weapon="pistol", how="magazine")
    assert rounds(f, "p1", "pistol") == {"capacity": 6, "loaded": 6, "out": False}
    with pytest.raises(RuleViolation, match="full"):
        f.gm("combat.reload", who="p1", weapon="pistol")


def test_an_npcs_rounds_are_the_gms() -> None:
    """Hidden stays hidden: a player sees neither an NPC's weapon nor its rounds."""
    f = dealt({"p1": ["KD", "JS"]}, npc=["QH", "3C"])
    f.gm("combat.weapon", who="n1", weapon="needler", capacity=30)
    assert "needler" not in str(f.view("p1")) and "needler" in str(f.view("gm"))
    assert f.view("p1")["me"]["ammo"] == {}
    f.as_("p1", "combat.weapon", weapon="pistol", capacity=6)
    assert f.view("p1")["me"]["ammo"]["pistol"]["loaded"] == 6


def test_an_npc_shooting_a_hero_keeps_its_rounds_off_the_table() -> None:
    """Hidden stays hidden: an NPC's shot at a hero tells the table the TN (the hero's)
    and whether it hit, never the rounds the NPC has left nor its dice (the Master's
    lines)."""
    f = dealt({"p1": ["KD", "JS"]}, npc=["QH", "3C"])
    f.gm("combat.weapon", who="n1", weapon="needler", capacity=30)
    events = f.gm(
        "combat.attack",
        who="n1",
        target="p1",
        weapon="needler",
        distance=5,
        range_increment=10,
        damage="1d4",
        dice=1,
        sides=6,
        faces=[[1]],
    )
    public = [e for e in events if e.visible_to == "all"]
    assert public and not any("needler" in e.text or "left" in e.text for e in public)
    gm_line = next(e for e in events if e.type == "combat.rounds_left")
    assert gm_line.visible_to == "gm" and "needler: 29 left" in gm_line.text
    # its shooting dice (how many, what they showed) are the Master's numbers too
    shot = next(e for e in public if e.type == "combat.attacked")
    assert "dice" not in shot.data["roll"] and "[" not in shot.text
    assert shot.data["tn"] == 5 and not shot.data["roll"]["success"]
    roll = next(e for e in events if e.type == "combat.attack_roll")
    assert roll.visible_to == "gm" and roll.data["roll"]["dice"] == [[1]]


def test_a_heavy_weapon_takes_its_reload_value_in_rounds() -> None:
    """ "Heavy weapons are a different animal altogether, and each has a Reload attribute
    listed on the Weapons table. This attribute is the amount of rounds it takes to
    reload the weapon.\""""
    f = dealt({"p1": ["KD", "JS"], "p2": ["QH", "3C"]})
    f.as_("p1", "combat.weapon", weapon="rail gun", capacity=2, loaded=0, reload=2)
    started = f.as_("p1", "combat.reload", weapon="rail gun", card="KD")
    assert "ready in round 3 (Reload 2)" in started[-1].text

    def shoot(card: str | None = None) -> Any:
        return f.as_(
            "p1",
            "combat.attack",
            target="p2",
            card=card,
            weapon="rail gun",
            distance=5,
            range_increment=10,
            damage="1d6",
            dice=1,
            sides=6,
            faces=[[1]],
        )

    with pytest.raises(RuleViolation, match="being reloaded: ready in round 3"):
        shoot("JS")
    for _ in range(2):  # rounds 2 and 3
        f.gm("combat.round")
        f.set_draw("players", ["AS", "2C"])
        f.as_("p1", "combat.draw", faces=[[4]])
        f.as_("p2", "combat.draw", faces=[[4]])
        f.gm("combat.next")
        if f.combat("round") == 2:
            with pytest.raises(RuleViolation, match="being reloaded"):
                shoot("AS")
    shot = next(e for e in shoot("AS") if e.type == "combat.attacked")
    assert "rail gun: 1 left" in shot.text
