"""Talents, kits and gear with their mechanical effects and their once-per-scene /
session / arc uses, given back by the GM's scene, session and arc markers."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from app.domain.jsonvalue import JsonDict

from .helpers import Game, player


def gear(g: Game, pid: str, name: str, tier: str = "standard") -> str:
    g.gm(
        "xp.buy", player=pid, what="gear", tier=tier, name=name
    )  # the book names it: the GM grants it (#27)
    gear: JsonDict = g.pc(pid)["gear"]
    return next(k for k, v in gear.items() if v["name"] == name)


def abilities(g: Game, pid: str) -> dict[str, dict[str, object]]:
    you = g.table.view(player(pid))["rules"]["you"]
    return {a["name"]: a for a in you["abilities"]}


def test_war_kit_cancels_one_cp_on_the_roll_once_per_session() -> None:
    """Rothari War-Kit: 'Once per session: cancel 1 Complication from a stealth/ambush
    roll.' It erases a CP of the roll it is used on (the GM's bank gives it back and the
    roll counts one 1 fewer), then is spent until the session ends."""
    g = Game(starting_xp=40)
    kit = gear(g, "p1", "Rothari War-Kit", "superior")
    g.gm("session.start")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1], dv=1)
    assert g.bank() == 2 and abilities(g, "p1")["Rothari War-Kit"]["left"] == 1
    data = g.p("p1", "ability.use", ability=kit)[-1].data
    assert data["erased"] == 1 and g.bank() == 1 and g.rules["last_roll"]["cp"] == 1
    assert abilities(g, "p1")["Rothari War-Kit"]["left"] == 0
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 6], dv=1)
    with pytest.raises(RuleViolation, match="used up this session"):
        g.p("p1", "ability.use", ability=kit)
    g.gm("session.end")
    g.gm("session.start")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 6], dv=1)
    outcome = g.p("p1", "ability.use", ability=kit)[-1].data
    assert outcome["cp"] == 0 and g.rules["last_roll"]["outcome"] == "clean"
    g.check()


def test_silent_bell_erases_all_cp_once_per_arc() -> None:
    """Silent Bell: 'Once per arc, erase all Complication Points from a roll.'"""
    g = Game(starting_xp=40)
    bell = gear(g, "p1", "Silent Bell", "artifact")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1, 1], bonus=1)
    g.p("p1", "ability.use", ability=bell)
    assert g.bank() == 0 and g.rules["last_roll"]["cp"] == 0
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1, 1], bonus=1)
    with pytest.raises(RuleViolation, match="this arc"):
        g.p("p1", "ability.use", ability=bell)
    g.gm("arc.end", complication="the debt comes due")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 1, 1], bonus=1)
    g.p("p1", "ability.use", ability=bell)
    assert g.rules["last_roll"]["cp"] == 0
    g.check()


def _spirit_shield() -> Game:
    g = Game(starting_xp=100)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    g.p("p1", "xp.buy", what="attribute", name="spirit")  # Spirit 4
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="resolve")  # Resolve 3
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="lore")  # 45 XP spent: Tier II
    g.p("p1", "xp.buy", what="talent", name="Spirit-Shield")
    return g


def test_spirit_shield_erases_up_to_three_from_an_ally_and_costs_one_backlash() -> None:
    """Spirit-Shield: 'Once per session, you may erase up to 3 Complication Points from
    an ally's roll, at the cost of taking 1 Backlash Complication yourself.'"""
    g = _spirit_shield()
    g.gm("session.start")
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 6])
    with pytest.raises(RuleViolation, match="ally"):
        g.p("p1", "ability.use", ability="Spirit-Shield")
    g.p("p2", "roll.enter", attribute="wits", faces=[1, 1, 1, 1], bonus=2)
    bank = g.bank()
    data = g.p("p1", "ability.use", ability="Spirit-Shield")[-1].data
    assert data["erased"] == 3 and g.rules["last_roll"]["cp"] == 1
    assert g.bank() == bank - 3 + 1
    g.check()


def test_battle_instincts_rerolls_a_failed_roll_once_per_scene() -> None:
    """Battle Instincts: 'Once per scene, re-roll a failed defense roll.' The failed
    dice are re-rolled by the host; scene.end gives the use back."""
    g = Game(starting_xp=40)
    g.p("p1", "xp.buy", what="talent", name="Battle Instincts")
    g.p("p1", "roll.pool", attribute="body", dv=9)
    failed = [i for i, d in enumerate(g.rules["last_roll"]["dice"]) if d["face"] < 6]
    data = g.p("p1", "ability.use", ability="Battle Instincts")[-1].data
    assert all(data["dice"][i]["why"][-1] == "ability" for i in failed)
    g.p("p1", "roll.pool", attribute="body", dv=9)
    with pytest.raises(RuleViolation, match="this scene"):
        g.p("p1", "ability.use", ability="Battle Instincts")
    g.gm("scene.end")
    g.p("p1", "ability.use", ability="Battle Instincts")
    g.check()


def test_dice_talents_and_kits_add_to_the_pool_they_are_used_on() -> None:
    """Silver Tongue: 'Gain +1 die when persuading or deceiving through speech'
    (every roll); Scout's Rig: '+1 die to a Survival/Stealth roll per session'."""
    g = Game(starting_xp=40)
    g.p("p1", "xp.buy", what="talent", name="Silver Tongue")
    g.p("p1", "character.kit", kit="scouts-rig")
    rig = next(k for k, v in g.pc("p1")["gear"].items() if v["name"] == "Scout's Rig")
    data = g.p("p1", "roll.pool", attribute="presence", use=["Silver Tongue"])[-1].data
    assert data["pool"] == 2 + 1
    data = g.p("p1", "roll.pool", attribute="wits", use=["Silver Tongue", rig])[-1].data
    assert data["pool"] == 2 + 2
    with pytest.raises(RuleViolation, match="used up this session"):
        g.p("p1", "roll.pool", attribute="wits", use=[rig])


def test_hand_cannon_creates_a_cp() -> None:
    """Hand Cannon (Loud, Devastating): 'Creates 1 CP on use.'"""
    g = Game(starting_xp=40)
    cannon = gear(g, "p1", "Hand Cannon", "superior")
    g.p("p1", "roll.enter", attribute="body", faces=[6, 6], use=[cannon])
    assert g.bank() == 1
    g.check()


def test_broken_heirloom_starts_compromised() -> None:
    """Broken Heirloom: 'Begin play with one signature item already Compromised.
    Repairing it is costly or politically fraught.' It costs a die when used, and only
    a quest (recover) then Downtime repairs it."""
    g = Game()
    g.gm("character.trade", player="p1", pick=2)
    gid, item = next(iter(g.pc("p1")["gear"].items()))
    assert item["condition"] == "compromised"
    data = g.p("p1", "roll.pool", attribute="body", gear=gid)[-1].data
    assert data["pool"] == 2 - 1
    with pytest.raises(RuleViolation, match="quest"):
        g.p("p1", "resource.repair", kind="gear", id=gid, mode="downtime")


def test_cursed_token_costs_the_gm_one_cp_once_per_session() -> None:
    """Cursed Token: 'The GM may spend 1 Complication Point per session to invoke its
    curse.' Not twice a session, and not once resolved."""
    g = Game()
    g.gm("character.trade", player="p1", pick=7)
    g.give_cp(3)
    g.gm("session.start")
    g.gm("complication.invoke", player="p1", note="the stone grows cold")
    assert g.bank() == 2
    with pytest.raises(RuleViolation, match="this session"):
        g.gm("complication.invoke", player="p1")
    with pytest.raises(RuleViolation):
        g.gm("complication.invoke", player="p2")
    g.gm("session.end")
    g.gm("complication.resolve", player="p1", complication=7)
    g.gm("session.start")
    with pytest.raises(RuleViolation):
        g.gm("complication.invoke", player="p1")
    g.check()


def _caster(talent: str) -> Game:
    g = Game(starting_xp=60)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    g.p("p1", "xp.buy", what="attribute", name="wits")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    g.p("p1", "xp.buy", what="talent", name=talent)
    return g


def test_backlash_soothing_reduces_a_castings_backlash_by_two() -> None:
    """Backlash Soothing: 'Once per session, reduce a magical Backlash Complication by 2
    points.' Used on a Weave, it takes 2 CP off the casting (and its backlash tier);
    not on a mundane roll."""
    g = _caster("Backlash Soothing")
    g.gm("session.start")
    g.p("p1", "roll.enter", attribute="body", faces=[1, 1])
    with pytest.raises(RuleViolation, match="spell"):
        g.p("p1", "ability.use", ability="Backlash Soothing")
    g.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3, 6])
    g.p("p1", "cast.weave", art="fire", faces=[1, 1, 6, 2])
    assert g.rules["casting"]["p1"]["cp"] == 3
    g.p("p1", "ability.use", ability="Backlash Soothing")
    assert g.rules["casting"]["p1"]["cp"] == 1 and g.rules["last_roll"]["cp"] == 0
    g.check()


def test_weave_anchor_on_intricate_spells_only() -> None:
    """Weave Anchor: 'Reduce magical Backlash by 1 when casting Intricate spells.'"""
    g = _caster("Weave Anchor")
    g.p("p1", "cast.channel", faces=[7, 9, 1, 2, 3, 6])
    g.p("p1", "cast.weave", art="fire", faces=[1, 6, 2, 3])
    with pytest.raises(RuleViolation, match="Intricate"):
        g.p("p1", "ability.use", ability="Weave Anchor")
    g.p("p1", "cast.channel", faces=[7, 9, 6, 2, 3, 6])
    g.p("p1", "cast.weave", art="fire", faces=[1, 6, 2, 3], ladder="intricate", rerolls=[1])
    g.p("p1", "ability.use", ability="Weave Anchor")
    assert g.rules["casting"]["p1"]["cp"] == 0
    g.check()


def test_healers_bag_removes_a_fatigue_from_an_ally_on_a_success() -> None:
    """Healer's Bag: 'Once per session: Spirit+Craft roll to remove 1 Fatigue from an
    ally or stabilize the dying.'"""
    for seed in range(1, 60):
        g = Game(seed=seed)
        g.p("p1", "character.kit", kit="healers-bag")
        bag = next(iter(g.pc("p1")["gear"]))
        g.gm("session.start")
        g.gm("fatigue.change", player="p2", levels=2)
        with pytest.raises(InvalidArgs):
            g.p("p1", "ability.use", ability=bag, target="p1")
        data = g.p("p1", "ability.use", ability=bag, target="p2")[-1].data
        assert g.pc("p2")["fatigue"] == (1 if data["successes"] else 2)
        assert g.bank() == data["cp"]
        with pytest.raises(RuleViolation, match="this session"):
            g.p("p1", "ability.use", ability=bag, target="p2")
        g.check()
        if data["successes"]:
            return
    raise AssertionError("no seed healed")


def _echo_walker() -> Game:
    g = Game(starting_xp=100)
    for _ in range(3):
        g.p("p1", "xp.buy", what="attribute", name="wits")  # Wits 5
    for _ in range(4):
        g.p("p1", "xp.buy", what="skill", name="arcana")  # Arcana 4
    g.p("p1", "xp.buy", what="talent", name="Echo-Walker")
    g.gm("session.start")
    return g


def test_echo_walker_gains_an_automatic_success_and_turns_a_complication_into_a_boon() -> None:
    """8.2 Echo-Walker: 'Once per arc, step briefly into the demi-plane of Aerisahl,
    gaining one automatic success on a roll *and* reshaping one drawn Complication into a
    boon.' One success and one Complication: a partial success against DV 2; after the
    step, two successes and no Complication, and a Boon for the walker."""
    g = _echo_walker()
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 6, 2, 3, 4], dv=2)
    assert g.rules["last_roll"]["outcome"] == "partial" and g.bank() == 1
    boons = g.boons("p1")
    data = g.p("p1", "ability.use", ability="Echo-Walker")[-1].data
    assert data["added"] == 1 and data["erased"] == 1
    last = g.rules["last_roll"]
    assert last["successes"] == 2 and last["cp"] == 0 and last["outcome"] == "clean"
    assert g.boons("p1") == boons + 1 and g.bank() == 0
    g.p("p1", "roll.enter", attribute="wits", faces=[1, 6, 2, 3, 4], dv=2)
    with pytest.raises(RuleViolation, match="this arc"):
        g.p("p1", "ability.use", ability="Echo-Walker")
    g.check()


def test_echo_walker_success_holds_on_a_roll_without_complications() -> None:
    """8.2 Echo-Walker: 'gaining one automatic success on a roll *and* reshaping one drawn
    Complication into a boon': on a roll that drew no Complication the success still
    counts; there is nothing to turn into a boon."""
    g = _echo_walker()
    g.p("p1", "roll.enter", attribute="wits", faces=[6, 2, 2, 3, 4], dv=2)
    boons = g.boons("p1")
    g.p("p1", "ability.use", ability="Echo-Walker")
    last = g.rules["last_roll"]
    assert last["successes"] == 2 and last["outcome"] == "clean"
    assert g.boons("p1") == boons
    g.check()
