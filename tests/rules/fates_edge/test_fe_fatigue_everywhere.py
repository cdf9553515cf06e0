"""Fatigue holds on every roll and every helping hand (#27): a character at Fatigue 4 is
out of the scene for every way one character adds dice to another's action, and
Fatigue's forced re-rolls apply to the rolls the host makes for a character too."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .helpers import Game, player


def caster(seed: int = 7) -> Game:
    g = Game(seed=seed, players=3, starting_xp=60)
    g.p("p1", "xp.buy", what="attribute", name="spirit")
    for _ in range(3):
        g.p("p1", "xp.buy", what="skill", name="arcana")
    g.p("p1", "xp.buy", what="skill", name="fire")
    return g


def test_out_of_the_scene_means_out_for_every_helping_hand() -> None:
    """ "4 Fatigue Collapse/KO/Spiritual break. You fall out of the scene until treated or
    rescued." A collapsed character can't help a roll, join a group roll, or assist a
    ritual."""
    g = caster()
    g.gm("fatigue.change", player="p2", levels=4)
    with pytest.raises(RuleViolation, match="out of the scene"):
        g.p("p1", "roll.pool", attribute="wits", skill="arcana", helper="p2")
    with pytest.raises(RuleViolation, match="out of the scene"):
        g.gm("roll.group", players=["p1", "p2"], attribute="body")
    with pytest.raises(RuleViolation, match="P2 has Fatigue 4 and is out of the scene"):
        g.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
    assert "ritual" not in g.rules
    g.p("p1", "ritual.start", effect="storm", helpers={"p3": "lore"})  # P3 is still here
    g.check()


def test_an_assistant_who_collapses_mid_ritual_adds_nothing() -> None:
    """ "You fall out of the scene until treated or rescued.": an assistant who reaches
    Fatigue 4 after the ritual is declared rolls no dice for it, and the weave's
    narrated assistant dice need an assistant still in the scene."""
    g = caster()
    g.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
    g.gm("fatigue.change", player="p2", levels=4)
    event = g.p("p1", "ritual.channel")[-1]
    assert event.data["assistants"] == []
    assert "P2 has Fatigue 4, out of the scene: no dice" in event.text
    with pytest.raises(RuleViolation, match="nobody is left to add dice"):
        g.p("p1", "ritual.weave", art="fire", assist_dice=2)
    g.p("p1", "ritual.weave", art="fire")
    g.check()


def test_fatigue_forces_re_rolls_on_a_ritual_assistants_dice() -> None:
    """ "3 Fatigue Failing fast. On each roll, re-roll two successes." — the dice the
    host rolls for a ritual's assistant are that character's roll."""
    forced_seen = 0
    for seed in range(1, 12):
        g = caster(seed)
        g.gm("fatigue.change", player="p2", levels=3)
        g.p("p1", "ritual.start", effect="storm", helpers={"p2": "lore"})
        (row,) = g.p("p1", "ritual.channel")[-1].data["assistants"]
        dice = row["dice"]
        first_hits = sum(1 for die in dice if die["faces"][0] >= 6)
        forced = sum(1 for die in dice if "fatigue" in die["why"])
        assert forced == min(2, first_hits)
        forced_seen += forced
        g.check()
    assert forced_seen  # the seeds did roll successes to re-roll


def test_fatigue_forces_re_rolls_on_a_healers_bag_roll() -> None:
    """ "2 Fatigue Worn down. On each roll, re-roll one success." — the Healer's Bag's
    Spirit+Craft roll, made by the host, is the healer's roll."""
    forced_seen = 0
    for seed in range(1, 12):
        g = Game(seed=seed, players=2)
        g.p("p1", "character.kit", kit="healers-bag")
        g.gm("fatigue.change", player="p1", levels=2)
        g.gm("fatigue.change", player="p2", levels=1)
        bag = next(iter(g.pc("p1")["gear"]))
        event = g.p("p1", "ability.use", ability=bag, target="p2")[-1]
        dice = event.data["dice"]
        first_hits = sum(1 for die in dice if die["faces"][0] >= 6)
        forced = sum(1 for die in dice if "fatigue" in die["why"])
        assert forced == min(1, first_hits)
        assert event.data["successes"] == sum(1 for die in dice if die["face"] >= 6)
        forced_seen += forced
        g.check()
    assert forced_seen


def test_a_collapsed_character_covers_nobody_and_flies_no_banner() -> None:
    """ "You fall out of the scene until treated or rescued." — a Knight's Heater Shield
    can't be raised for an ally, and a Hearth-Banner's die isn't offered, while its
    bearer has Fatigue 4."""
    g = Game(starting_xp=100)
    g.gm("xp.buy", player="p1", what="gear", tier="standard", name="Knight's Heater Shield")
    shield = next(iter(g.pc("p1")["gear"]))
    for skill in ("leadership", "leadership"):
        g.p("p1", "xp.buy", what="skill", name=skill)
    for attribute in ("body", "body", "wits", "spirit"):
        g.p("p1", "xp.buy", what="attribute", name=attribute)
    g.p("p1", "xp.buy", what="talent", name="Hearth-Banner")
    ally = g.table.view(player("p2"))["rules"]["you"]["abilities"]
    assert any(a["name"] == "Hearth-Banner of P1" for a in ally)
    g.gm("fatigue.change", player="p1", levels=4)
    with pytest.raises(
        RuleViolation, match="out of the scene until treated or rescued, so can't use Knight"
    ):
        g.p("p1", "ability.use", ability=shield, target="p2")
    ally = g.table.view(player("p2"))["rules"]["you"]["abilities"]
    assert not any(a["name"] == "Hearth-Banner of P1" for a in ally)
    g.check()


def test_no_healers_bag_relief_while_dangerously_low() -> None:
    """ "Fatigue cannot be removed while the party is Dangerously Low." — a Healer's
    Bag removes Fatigue, so it can't while the Supply clock is at 3 or 4."""
    g = Game(players=2)
    g.p("p1", "character.kit", kit="healers-bag")
    bag = next(iter(g.pc("p1")["gear"]))
    g.gm("supply.tick", ticks=3)  # Dangerously Low: each character gains Fatigue
    assert g.pc("p2")["fatigue"] == 1
    with pytest.raises(RuleViolation, match="cannot be removed while the party is Dangerously"):
        g.p("p1", "ability.use", ability=bag, target="p2")
    assert g.pc("p2")["fatigue"] == 1
    g.gm("supply.tick", ticks=-1)
    g.p("p1", "ability.use", ability=bag, target="p2")
    g.check()


def test_fatigue_forces_a_re_roll_of_a_hauberks_six() -> None:
    """ "2 Fatigue Worn down. On each roll, re-roll one success." — the Aeler-forged
    Hauberk's die ("When gaining Fatigue, roll a die; on 6+, avoid it.") is its wearer's
    roll, so a Worn-down wearer re-rolls a 6+ before it turns the Fatigue aside."""
    forced_seen = 0
    for seed in range(1, 30):
        g = Game(seed=seed, starting_xp=40)
        g.gm("xp.buy", player="p1", what="gear", tier="superior", name="Aeler-forged Hauberk")
        g.gm("fatigue.change", player="p1", levels=2)
        level = g.pc("p1")["fatigue"]
        if level != 2:
            continue  # the Hauberk turned a level aside on the way
        event = g.gm("fatigue.change", player="p1", levels=1)[-1]
        face = event.data["hauberk"]["p1"]
        assert g.pc("p1")["fatigue"] == (2 if face >= 6 else 3)
        if "→" in event.text:  # a 6+ re-rolled by Fatigue
            forced_seen += 1
            first = int(event.text.split("Hauberk rolls ")[1].split("→")[0])
            assert first >= 6
        else:
            assert face < 6  # a first 6+ would have been re-rolled
        g.check()
    assert forced_seen
