"""Kits and armor that change how Fatigue lands (C.2, C.3): the Traveler's Pack and the
Aeler-forged Hauberk."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation
from app.domain.jsonvalue import JsonDict

from .helpers import Game


def _gear(g: Game, pid: str, name: str, tier: str = "standard") -> str:
    g.gm(
        "xp.buy", player=pid, what="gear", tier=tier, name=name
    )  # the book names it: the GM grants it (#27)
    gear: JsonDict = g.pc(pid)["gear"]
    return next(k for k, v in gear.items() if v["name"] == name)


def test_without_a_travelers_pack_fatigue_comes_one_supply_step_sooner() -> None:
    """Traveler's Pack: 'Baseline supplies. Without it, a PC suffers Fatigue one step
    sooner than the party.' The party's Fatigue comes at Dangerously Low (3 filled);
    the PC without a pack suffers it at Low Supply (2 filled), once."""
    g = Game()
    g.p("p1", "character.kit", kit="travelers-pack")
    low = g.gm("supply.tick", ticks=2)[-1]
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [0, 1]
    assert "P2 gains Fatigue (P2: no Traveler's Pack, one step sooner)" in low.text
    g.gm("supply.tick", ticks=1)
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [1, 1]
    g.check()


def test_a_broken_pack_holds_no_supplies_and_handwaved_packs_are_a_setting() -> None:
    """C.2: 'mundane versions are assumed to be coin-purchased or handwaved': with the
    setting ``travelers_pack: handwaved`` everyone has baseline supplies."""
    g = Game()
    g.p("p1", "character.kit", kit="travelers-pack")
    pack = next(iter(g.pc("p1")["gear"]))
    g.gm("resource.degrade", player="p1", kind="gear", id=pack, steps=2)
    g.gm("supply.tick", ticks=2)
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [1, 1]
    g = Game(travelers_pack="handwaved")
    g.gm("supply.tick", ticks=2)
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [0, 0]
    g.gm("supply.tick", ticks=1)
    assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [1, 1]


def test_hauberk_rolls_a_die_when_gaining_fatigue_and_six_plus_avoids_it() -> None:
    """Aeler-forged Hauberk: 'Counts as armor. When gaining Fatigue, roll a die; on 6+,
    avoid it.' The host rolls a d10 for the wearer at every gain, from any source
    (the GM, a CP spend, the Supply clock); never when Fatigue goes down."""
    seen: set[bool] = set()
    for seed in range(1, 30):
        g = Game(seed=seed, starting_xp=40)
        _gear(g, "p1", "Aeler-forged Hauberk")
        event = g.gm("fatigue.change", player="p1", levels=1)[-1]
        face = event.data["hauberk"]["p1"]
        avoided = face >= 6
        assert g.pc("p1")["fatigue"] == (0 if avoided else 1)
        assert ("Fatigue avoided" in event.text) == avoided
        seen.add(avoided)
        g.give_cp(2)
        spend = g.gm("cp.spend", option="fatigue", player="p1")
        assert any("Hauberk rolls" in e.text for e in spend)
        g.gm("supply.tick", ticks=1)
        before = g.pc("p1")["fatigue"]
        if before:
            rest = g.gm("fatigue.change", player="p1", levels=-1)[-1]
            assert "hauberk" not in rest.data
        g.check()
    assert seen == {True, False}


def test_hauberk_does_not_shield_anyone_else() -> None:
    """Only the wearer rolls: the other character gains the Fatigue as usual."""
    g = Game(seed=3, starting_xp=40)
    _gear(g, "p1", "Aeler-forged Hauberk")
    event = g.gm("fatigue.change", player="all", levels=1)[-1]
    assert set(event.data["hauberk"]) == {"p1"}
    assert g.pc("p2")["fatigue"] == 1


def test_oshiiran_abacus_adds_a_supply_segment_on_a_successful_lore_roll() -> None:
    """Oshiiran Abacus: 'On trip-planning, add +1 free Supply segment if Lore roll
    succeeds.' Only on the owner's own successful Lore roll, once per roll, and not
    past Full."""
    g = Game(starting_xp=40)
    abacus = _gear(g, "p1", "Oshiiran Abacus", "superior")
    g.p("p1", "xp.buy", what="skill", name="lore")
    g.p("p1", "character.kit", kit="travelers-pack")  # no Fatigue at Low Supply
    g.gm("supply.tick", ticks=2)
    g.p("p1", "roll.enter", attribute="wits", faces=[7, 2])
    with pytest.raises(RuleViolation, match="Lore roll"):
        g.p("p1", "ability.use", ability=abacus)
    g.p("p1", "roll.enter", attribute="wits", skill="lore", faces=[2, 3, 4], dv=1)
    with pytest.raises(RuleViolation, match="only if the Lore roll succeeds"):
        g.p("p1", "ability.use", ability=abacus)
    g.p("p1", "roll.enter", attribute="wits", skill="lore", faces=[8, 3, 4], dv=1)
    event = g.p("p1", "ability.use", ability=abacus)[-1]
    assert g.rules["supply"] == 1 and "+1 Supply segment" in event.text
    with pytest.raises(RuleViolation, match="one segment per roll"):
        g.p("p1", "ability.use", ability=abacus)
    g.p("p1", "roll.enter", attribute="wits", skill="lore", faces=[8, 3, 4])
    g.p("p1", "ability.use", ability=abacus)
    g.p("p1", "roll.enter", attribute="wits", skill="lore", faces=[8, 3, 4])
    with pytest.raises(RuleViolation, match="already Full"):
        g.p("p1", "ability.use", ability=abacus)
    g.check()


def test_duelists_rapier_bends_on_a_failed_roll_with_complications() -> None:
    """Duelist's Rapier: 'On Intricate attack, reroll one failed die. Bends
    (Compromised) on failed roll with Complications.' Not on a failure without CP, not
    on a success with CP; also when its own re-roll leaves the roll failed with CP."""
    g = Game(starting_xp=40)
    rapier = _gear(g, "p1", "Duelist's Rapier")
    g.p("p1", "roll.enter", attribute="body", gear=rapier, faces=[2, 3], dv=1)
    g.p("p1", "roll.enter", attribute="body", gear=rapier, faces=[1, 7], dv=1)
    assert g.pc("p1")["gear"][rapier]["condition"] == "maintained"
    event = g.p("p1", "roll.enter", attribute="body", gear=rapier, faces=[1, 2], dv=1)[-1]
    assert g.pc("p1")["gear"][rapier]["condition"] == "compromised"
    assert "Duelist's Rapier bends (Compromised" in event.text
    g = Game(starting_xp=40)
    rapier = _gear(g, "p1", "Duelist's Rapier")
    g.p("p1", "roll.enter", attribute="body", faces=[1, 2], rerolls=[1], ladder="intricate",
        dv=2)  # fmt: skip
    assert g.pc("p1")["gear"][rapier]["condition"] == "maintained"  # not rolled with it
    event = g.p("p1", "ability.use", ability=rapier, die=1, faces=[3])[-1]
    assert g.pc("p1")["gear"][rapier]["condition"] == "compromised"
    assert "bends" in event.text
    g.check()


def test_scouts_rig_loses_its_bonus_when_supply_is_dangerously_low() -> None:
    """Scout's Rig: '+1 die to a Survival/Stealth roll per session. Loses bonus if
    Supply is Dangerously Low.'"""
    g = Game(travelers_pack="handwaved")
    g.p("p1", "character.kit", kit="scouts-rig")
    rig = next(iter(g.pc("p1")["gear"]))
    g.gm("supply.tick", ticks=3)
    with pytest.raises(RuleViolation, match="Dangerously Low"):
        g.p("p1", "roll.pool", attribute="wits", use=[rig])
    g.gm("supply.tick", ticks=-1)
    assert g.p("p1", "roll.pool", attribute="wits", use=[rig])[-1].data["pool"] == 2 + 1


def test_plate_harness_adds_two_resisting_harm_and_costs_two_on_stealth() -> None:
    """Plate Harness (Heavy, Bulky): '+2 dice resisting harm; -2 stealth.' Two chips
    on the phone, each tapped on the roll it applies to."""
    g = Game(starting_xp=40)
    plate = _gear(g, "p1", "Plate Harness", "superior")
    g.p("p1", "xp.buy", what="attribute", name="body")
    g.p("p1", "xp.buy", what="attribute", name="body")  # Body 4
    assert g.p("p1", "roll.pool", attribute="body", use=[plate])[-1].data["pool"] == 4 + 2
    sneak = g.p("p1", "roll.pool", attribute="body", use=[f"{plate}:stealth"])[-1].data
    assert sneak["pool"] == 4 - 2
    g.check()


def test_unkwa_ward_post_wards_the_camp_from_natural_supply_loss() -> None:
    """Unkwa Ward-Post: 'Wards camp from natural Supply loss.' A natural tick is
    refused in the rule's words and changes nothing; other losses still fill it."""
    g = Game(starting_xp=40)
    _gear(g, "p2", "Unkwa Ward-Post", "artifact")
    with pytest.raises(RuleViolation, match="P2's Unkwa Ward-Post wards the camp"):
        g.gm("supply.tick", ticks=1, natural=True, reason="the rations spoil")
    assert g.rules.get("supply", 0) == 0
    g.gm("supply.tick", ticks=1, reason="the mule is lost")
    assert g.rules["supply"] == 1
    g.check()
