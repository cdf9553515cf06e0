"""Wounds, the negation window, Wind, stun and bleeding (spacelands-combat.txt,
"Wounds", "Wound Modifiers", stun checks, Wind, "Bleeding"; fate-chips.txt,
"Negating Wounds & Wind")."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .driver import Fight


def shot(f: Fight, who: str = "p1", face: int = 3, dmg: list[list[int]] | None = None) -> None:
    """A 2d6 hit to a leg (face 3: left leg) with the given damage faces."""
    f.gm("combat.damage", who=who, location_face=face, dice=2, sides=6, faces=dmg or [[6, 1], [5]])


def test_wounds_land_and_open_the_negation_window() -> None:
    """fate-chips.txt: "When your character takes damage, you can immediately spend Fate
    Chips to negate wounds or recover Wind. This must be done right after wounds are
    assigned and before any further attacks are made.\""""
    f = Fight()
    shot(f)
    assert f.wounds("p1") == {"left_leg": 2}
    me = f.view("p1")["me"]
    assert me["attack"]["negatable"] == {"left_leg": 2}
    assert f.rules("window", "p1") == {"left_leg": 2}


def test_wind_rolled_only_after_negation() -> None:
    """ "These wounds are negated before any Wind is rolled.\""""
    f = Fight()
    f.award("p1", white=1)
    wind = f.wind("p1")
    shot(f)
    assert f.wind("p1") == wind  # waiting for the player's phone
    events = f.as_("p1", "chips.negate", colour="white", wounds={"left_leg": 1})
    assert f.wind("p1") == wind  # one wound still negatable
    events = f.as_("p1", "wounds.accept")
    wind_event = next(e for e in events if e.type == "combat.wind")
    assert len(wind_event.data["dice"]) == 1  # 1d6 for the one wound kept
    assert f.wind("p1") == wind - wind_event.data["amount"]


def test_fully_negated_attack_costs_no_wind() -> None:
    """fate-chips.txt: "You immediately spend a blue chip (negates 3 wounds) and walk
    away unscathed.\""""
    f = Fight()
    f.award("p1", blue=1)
    wind = f.wind("p1")
    shot(f)
    f.as_("p1", "chips.negate", colour="blue")
    assert f.wounds("p1") == {} and f.wind("p1") == wind
    assert f.rules("attacks", "p1") is None


def test_one_d6_wind_per_wound_level() -> None:
    """ "For every wound level your character suffers, he also takes 1d6 Wind.\""""
    f = Fight(settings={"wind_dice": "table"})
    shot(f, dmg=[[6, 6, 5], [5]])  # 22: 3 wounds
    f.as_("p1", "wounds.accept")
    with pytest.raises(Exception, match="exactly 3"):
        f.gm("combat.wind", who="p1", faces=[[2]])
    f.gm("combat.wind", who="p1", faces=[[2], [6, 3], [1]])
    assert f.wind("p1") == 10 - 12


def test_hit_without_wound_still_costs_a_d6() -> None:
    """ "If he's hit by an attack but doesn't actually take a wound (because the damage
    total was less than his size), he still takes at least 1d6 Wind. Like damage, this
    roll is open-ended.\""""
    f = Fight()
    events = f.gm("combat.damage", who="p1", location_face=3, dice=1, sides=4, faces=[[3]])
    wind = next(e for e in events if e.type == "combat.wind")
    assert len(wind.data["dice"]) == 1 and f.wounds("p1") == {}


def test_a_further_attack_closes_the_window() -> None:
    """ "If your hero's shot twice in the same round, you have to reduce each attack
    separately.\""""
    f = Fight()
    f.award("p1", white=1)
    shot(f)
    shot(f, face=11)
    assert f.rules("window", "p1") == {"left_arm": 2}
    with pytest.raises(RuleViolation):
        f.as_("p1", "chips.negate", colour="white", wounds={"left_leg": 1})


def test_wounds_add_up_in_the_same_location() -> None:
    """ "a character who takes a light wound to the right arm in one round and a heavy
    wound in the same arm later would then have a serious wound in that arm.\""""
    f = Fight()
    f.gm("combat.damage", who="p1", location_face=12, dice=1, sides=8, faces=[[7]])
    f.as_("p1", "wounds.accept")
    f.gm("combat.damage", who="p1", location_face=12, dice=2, sides=8, faces=[[7], [6]])
    assert f.wounds("p1") == {"right_arm": 3}


def test_five_levels_at_most() -> None:
    """ "Everyone—Heroes, aliens, and geriatrics alike can take the same number of wounds
    in each body part: five to be exact.\""""
    f = Fight()
    f.gm("combat.damage", who="p1", location_face=3, dice=4, sides=20, faces=[[19]] * 4)
    assert f.wounds("p1") == {"left_leg": 5}


def test_penalty_is_the_highest_wound() -> None:
    """ "The penalty depends on the highest-level wound your hero has suffered. If he has
    a light and a serious wound, for instance, you have to subtract the penalty for
    serious wounds (-3) from all your action totals.\""""
    f = Fight()
    f.gm("combat.damage", who="p1", location_face=12, dice=1, sides=8, faces=[[7]])
    f.gm("combat.damage", who="p1", location_face=3, dice=3, sides=8, faces=[[7], [6], [6]])
    f.as_("p1", "wounds.accept")
    assert f.view("p1")["me"]["body"]["penalty"] == -3


def test_penalty_never_on_damage() -> None:
    """ "Wound penalties are never subtracted from "effect" totals such as damage\""""
    f = Fight()
    f.gm("wounds.assign", player="p2", wounds={"head": 3})
    data = f.gm(
        "combat.damage", who="p1", location_face=3, dice=2, sides=6, faces=[[3], [3]], attacker="p2"
    )[0].data
    assert data["damage"]["total"] == 6


def test_maimed_limb_lost_maimed_guts_critical() -> None:
    """ "If a character's wounds reach the maimed mark in his guts or head, he's
    critically injured. ... If a limb becomes maimed, it is severed\""""
    f = Fight()
    f.gm("combat.damage", who="p1", location_face=3, dice=4, sides=20, faces=[[19]] * 4)
    f.as_("p1", "wounds.accept")
    body = f.view("p1")["me"]["body"]
    assert body["lost_limbs"] == ["left_leg"] and not body["critical"]
    f.gm(
        "combat.damage",
        who="p1",
        location="guts",
        dice=4,
        sides=20,
        extra_dice=False,
        faces=[[19]] * 4,
    )
    f.as_("p1", "wounds.accept")
    assert f.view("p1")["me"]["body"]["critical"]


def test_stun_check_against_the_wound_level() -> None:
    """ "Stun checks are made by rolling the character's Vigor against the wound's level
    ... Don't forget to apply the penalty for the worst wound your hero's taken so far as
    well.\""""
    f = Fight()
    shot(f)  # heavy: TN 7
    f.as_("p1", "wounds.accept")
    assert f.view("p1")["me"]["stun_due"] == 7
    events = f.as_("p1", "combat.stun", faces=[[6, 3]])
    assert events[0].data["total"] == 7 and events[0].data["success"]
    assert not f.view("p1")["me"]["body"]["stunned"]


def test_failed_stun_check_stuns() -> None:
    """ "If you make the roll, nothing happens. If you fail it, your character's
    stunned\""""
    f = Fight()
    shot(f)
    f.as_("p1", "wounds.accept")
    f.as_("p1", "combat.stun", faces=[[5]])
    assert f.view("p1")["me"]["body"]["stunned"]


def test_the_stun_check_comes_before_any_other_action() -> None:
    """ "When your character takes damage, he has to make a "stun" check ... If you fail
    it, your character's stunned and can't do anything": acting before the check would
    let a failed check stop nothing, so the host refuses it (a card may still be let go
    or kept up the sleeve)."""
    f = Fight()
    f.sheet("p2", "aptitudes.fighting: brawling", {"level": 2})
    shot(f)
    f.as_("p1", "wounds.accept")
    with pytest.raises(RuleViolation, match=r"make the stun check first \(Vigor against 7\)"):
        f.as_("p1", "combat.attack", target="p2", distance=3, range_increment=10, damage="1d6")
    f.as_("p1", "combat.stun", faces=[[6, 3]])
    f.as_(
        "p1",
        "combat.attack",
        target="p2",
        distance=3,
        range_increment=10,
        damage="1d6",
        dice=1,
        sides=6,
        faces=[[2]],
    )


def test_no_stun_check_when_already_stunned() -> None:
    """ "Your character needs to make a stun check every time he takes a wound unless
    he's already stunned.\""""
    f = Fight()
    f.gm("combat.condition", who="p1", stunned=True)
    shot(f)
    f.as_("p1", "wounds.accept")
    assert f.view("p1")["me"]["stun_due"] is None


def test_bust_on_stun_knocks_out() -> None:
    """ "Your character goes unconscious immediately if you go bust on any stun check.
    The amount of time he stays down is 1d6 hours\""""
    f = Fight()
    shot(f)
    f.as_("p1", "wounds.accept")
    events = f.as_("p1", "combat.stun", faces=[[1]])
    assert 1 <= events[0].data["hours"] <= 6
    assert f.view("p1")["me"]["body"]["unconscious"]


def test_recovery_takes_an_action_against_highest_wound() -> None:
    """ "You can try to recover from being stunned during any action. This is called a
    "recovery check," and it takes one entire action. A recovery roll is made just like
    a stun check, except the difficulty is your highest current wound level.\""""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"head": 1})
    f.gm("wounds.accept", player="p1")
    f.gm("combat.condition", who="p1", stunned=True)
    f.gm("combat.start")
    f.set_draw("players", ["AS", "4H"])
    f.as_("p1", "combat.draw", faces=[[6, 1]])
    f.gm("combat.next")
    with pytest.raises(RuleViolation, match="card"):
        f.as_("p1", "combat.recover", faces=[[6, 1]])
    events = f.as_("p1", "combat.recover", card="AS", faces=[[6, 1]])
    assert events[0].data["tn"] == 5 and events[0].data["total"] == 6
    assert not f.view("p1")["me"]["body"]["stunned"]
    assert f.fighter("p1")["hand"] == ["4H"]


def test_bleeding_per_round() -> None:
    """ "Whenever a character takes a serious wound, he begins bleeding, losing 1 Wind
    per round. Critically wounded characters bleed 2 Wind per round. Severed (maimed)
    limbs bleed 3 Wind per round.\""""
    f = Fight(settings={"starting_wind": 30})
    f.gm("wounds.assign", player="p1", wounds={"left_arm": 3})
    f.gm("wounds.assign", player="p2", wounds={"left_arm": 5})
    f.gm("combat.start")
    f.gm("combat.round")
    assert f.wind("p1") == 29 and f.wind("p2") == 27


def test_bled_to_death() -> None:
    """ "A character reduced to negative his starting Wind level by bleeding has bled to
    death." fate-chips.txt: "Wind recovery prevents adverse effects like being knocked
    out or killed, even if you spend the chip after technically "dying" from Wind loss.\""""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"guts": 4})
    f.gm("wind.lose", player="p1", amount=19)
    f.gm("combat.start")
    events = f.gm("combat.round")
    assert events[0].data["bled_out"] and f.view("p1")["me"]["body"]["bled_out"]
    f.award("p1", blue=1)
    f.as_("p1", "chips.negate", colour="blue", wind=True)
    assert not f.view("p1")["me"]["body"]["bled_out"]


def test_npc_negation_with_the_gms_chips() -> None:
    """fate-chips.txt: "These chips can be used for any NPCs or bad guys\""""
    f = Fight("deadlands", settings={"gm_draw": 1})
    n = f.npc("Bandit")
    colour = next(iter(f.state["tokens"]["gm"]))
    shot(f, who=n)
    assert f.rules("attacks", n)["stage"] == "negate"
    f.gm("combat.negate", who=n, colour=colour, wounds={"left_leg": 1})
    assert f.wounds(n) == {"left_leg": 1}
    f.gm("combat.accept", who=n)
    assert f.rules("attacks", n) is None


def test_a_recovery_on_a_called_card_ditches_the_sleeve() -> None:
    """ "You can hold your wait card over several rounds if you like. You have to ditch
    it when you resolve another action card, you draw a Black Joker (see below), or an
    opponent forces you to discard through a test of wills." A recovery check "takes one
    entire action": made on the called card, the card up the sleeve goes too."""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"head": 1})
    f.gm("wounds.accept", player="p1")
    f.gm("combat.start")
    f.set_draw("players", ["AS", "KH"])
    f.as_("p1", "combat.draw", faces=[[6, 1]])
    f.gm("combat.next")
    f.as_("p1", "combat.sleeve", card="AS")
    f.gm("combat.condition", who="p1", stunned=True)
    f.gm("combat.next")
    events = f.as_("p1", "combat.recover", card="KH", faces=[[6, 1]])
    assert not f.view("p1")["me"]["body"]["stunned"]
    assert f.fighter("p1").get("sleeve") is None
    assert "AS" in f.combat("decks", "players", "discard")
    assert events[0].data["card"] == "KH"


def test_an_unnerved_recovery_check_is_at_minus_four() -> None:
    """ "The target suffers -4 to his next action." / "This is called a "recovery
    check," and it takes one entire action." The recovery check is the unnerved hero's
    next action: −4 (as running's −4 reaches it), and the Unnerved is spent."""
    f = Fight()
    f.gm("wounds.assign", player="p1", wounds={"head": 1})
    f.gm("wounds.accept", player="p1")
    f.gm("combat.condition", who="p1", stunned=True)
    f.state["rules"].setdefault("body", {}).setdefault("p1", {})["unnerved"] = True
    events = f.as_("p1", "combat.recover", faces=[[6, 4]])
    assert events[0].data["modifier"] == -1 - 4 and events[0].data["total"] == 5
    assert not f.view("p1")["me"]["body"]["unnerved"]
