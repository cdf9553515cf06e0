"""The GM's Complication Point bank: the spend menu, visibility, banking to arc end."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .helpers import Game, player


@pytest.fixture
def game() -> Game:
    g = Game()
    g.give_cp(5)
    return g


def test_spend_from_menu(game: Game) -> None:
    """'Universal CP Options: 2 CP … Alarmed attention (not full alarm).'"""
    event = game.gm("cp.spend", option="attention")[-1]
    assert "Alarmed attention" in event.text and event.data["cp"] == 2
    assert game.bank() == 3
    game.check()


def test_spend_by_pillar(game: Game) -> None:
    """'By Pillar (Examples) … Stealth & Intrusion … 4 CP: full alarm and lockdown.'"""
    game.gm("cp.spend", option="stealth-4")
    assert game.bank() == 1


def test_cannot_spend_more_than_banked(game: Game) -> None:
    """CP are spent from the bank: the GM can't spend CP nobody rolled."""
    with pytest.raises(RuleViolation):
        game.gm("cp.spend", option="twist", cp=6)


def test_only_gm_spends(game: Game) -> None:
    """'The GM spends them to introduce twists.'"""
    with pytest.raises(Forbidden):
        game.p("p1", "cp.spend", option="trace")


def test_spends_are_gm_only_unless_revealed(game: Game) -> None:
    """'Spend CP immediately or bank (declare what the table can see).'"""
    hidden = game.gm("cp.spend", option="trace")[-1]
    shown = game.gm("cp.spend", option="trace", reveal=True)[-1]
    assert hidden.visible_to == "gm" and shown.visible_to == "all"
    view = game.table.view(player("p1"))["rules"]
    assert "cp_bank" not in view
    game.gm("cp.reveal")


def test_free_form_spend_needs_a_note(game: Game) -> None:
    """'Scale by fiction; the numbers below are defaults.'"""
    with pytest.raises(InvalidArgs):
        game.gm("cp.spend", cp=1)
    game.gm("cp.spend", cp=2, note="the wagon axle cracks")
    assert game.bank() == 3


def test_banked_cp_become_front_loaded_complication(game: Game) -> None:
    """'If an arc closes with banked CP, convert them into a front-loaded complication at
    the start of the next arc.'"""
    with pytest.raises(InvalidArgs):
        game.gm("arc.end")
    game.gm("arc.end", complication="A customs clerk asks around.")
    assert game.bank() == 0
    text = "A customs clerk asks around."
    assert game.rules["front_loaded"] == [{"arc": 2, "cp": 5, "text": text}]
    game.check()


def test_menu_supply_option_ticks_supply(game: Game) -> None:
    """'1 CP … +1 segment on the party Supply clock.' The effect is public, its cost
    stays with the GM."""
    events = game.gm("cp.spend", option="supply")
    assert game.rules["supply"] == 1
    assert [e.visible_to for e in events] == ["gm", "all"]


def test_menu_out_of_supply_and_fatigue(game: Game) -> None:
    """'3 CP: … Out of Supply' — and crossing Dangerously Low gives everyone Fatigue."""
    game.gm("cp.spend", option="out-of-supply")
    assert game.rules["supply"] == 4 and game.pc("p1")["fatigue"] == 1
    game.gm("cp.spend", option="fatigue", player="p2")
    assert game.pc("p2")["fatigue"] == 2
    game.check()


def test_menu_threat_clock_and_gear(game: Game) -> None:
    """'2 CP: advance a Threat clock by 1' and '1 CP: a tool or item becomes
    Compromised'."""
    cid = game.gm("clock.create", name="Watch", size=6)[-1].data["clock"]
    game.gm("cp.spend", option="threat", clock=cid)
    assert game.rules["clocks"][cid]["filled"] == 1
    game.p("p1", "xp.buy", what="gear", tier="basic", name="Rope")
    gid = next(iter(game.pc("p1")["gear"]))
    game.gm("cp.spend", option="compromise", player="p1", gear=gid)
    assert game.pc("p1")["gear"][gid]["condition"] == "compromised"
