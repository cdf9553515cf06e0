"""The Deck of Consequences and the adventure generator."""

from __future__ import annotations

import pytest

from app.domain.errors import InvalidArgs, RuleViolation
from app.domain.fatesedge import cards
from app.domain.fatesedge.adventure import combos

from .helpers import Game, player


def test_deck_is_shuffled_and_hidden() -> None:
    """Decks are shuffled with the table's RNG; their order is GM-only."""
    g = Game()
    order = g.rules["decks"]["consequence"]["order"]
    assert sorted(order) == sorted(cards.full_deck()) and order != cards.full_deck()
    assert "order" not in g.table.view(player("p1"))["rules"]["decks"]["consequence"]
    assert g.table.view(g.table_gm())["rules"]["decks"]["consequence"]["order"] == order


def test_draw_a_card_per_cp() -> None:
    """'GM may draw a card for each Complication Point.'"""
    g = Game()
    g.give_cp(2)
    event = g.gm("deck.draw", cp=2)[-1]
    assert len(event.data["cards"]) == 2 and g.bank() == 0
    assert event.visible_to == "gm"
    assert len(g.rules["decks"]["consequence"]["order"]) == 50
    g.check()


def test_suits_and_severity() -> None:
    """'Suits = Domains of Complications … Ranks = Severity: Ace–3 Minor … 10–King Major
    fallout.'"""
    assert cards.severity("AH", "chapter18") == "Minor"
    assert cards.severity("5C", "chapter18") == "Moderate"
    assert cards.severity("KD", "chapter18") == "Major"
    assert "Cups" in cards.describe_consequence("2H", "chapter18")
    assert cards.severity("AS", "appendix") == "Catastrophic"


def test_deck_reshuffles_when_empty() -> None:
    """The discards are shuffled back in when the deck runs out."""
    g = Game()
    for _ in range(11):
        g.gm("deck.draw", cp=0, count=5)
    assert len(g.rules["decks"]["consequence"]["order"]) == 52 - 55 % 52


def test_complication_dividend() -> None:
    """'If a player accepts a high Complication card as drawn, without mitigation: Face
    Card: +1 XP; Ace: +2 XP.'"""
    g = Game()
    drawn = g.gm("deck.draw", cp=0, count=5)[-1].data["cards"]
    high = [c for c in drawn if cards.dividend(c)]
    low = [c for c in drawn if not cards.dividend(c)]
    for card in high:
        g.gm("deck.dividend", player="p1", card=card)
    assert g.xp("p1") == 30 + sum(cards.dividend(c) for c in high)
    if low:
        with pytest.raises(RuleViolation):
            g.gm("deck.dividend", player="p1", card=low[0])
    with pytest.raises(InvalidArgs):
        g.gm("deck.dividend", player="p1", card="ZZ")


def test_rank_sets_clock_size() -> None:
    """'2–5 (Minor): 4-segment clock; 6–10 (Standard): 6; J, Q, K (Major): 8; Ace: 10.'"""
    assert [cards.clock_size(c) for c in ("5S", "10S", "JS", "AS")] == [4, 6, 8, 10]


def test_quick_hook() -> None:
    """'Quick Hook (2 cards). Draw one Spade and one Heart … Use the higher rank to set
    the clock.'"""
    g = Game()
    data = g.gm("adventure.draw", procedure="quick")[-1].data
    suits = [cards.suit_of(c) for c in data["cards"]]
    assert suits == ["S", "H"]
    assert data["clock"] <= max(cards.clock_size(c) for c in data["cards"])
    g.check()


def test_full_seed_one_of_each_suit() -> None:
    """'Full Seed (4 cards). Draw until one card of each suit appears.'"""
    g = Game()
    event = g.gm("adventure.draw", procedure="seed")[-1]
    assert [cards.suit_of(c) for c in event.data["cards"]] == ["S", "H", "C", "D"]
    assert event.visible_to == "gm"
    assert any(c["size"] for c in g.rules["clocks"].values())


def test_act_builder_three_cards() -> None:
    """'Act Builder. For each act or session, draw three cards: setting, actor,
    complication. Save Diamonds to foreshadow leverage or as act payoffs.'"""
    g = Game(seed=3)
    for _ in range(4):
        event = g.gm("adventure.draw", procedure="act", apply=False)[-1]
        assert len(event.data["cards"]) == 3
        assert event.text.count("Setting:") == 1
        diamonds = [c for c in event.data["cards"] if c.endswith("D")]
        assert event.text.count("save as leverage") == len(diamonds)


def test_combos() -> None:
    """'Pair (same rank) … Run (3+ sequential ranks) … Flush (3+ same suit) … Face + Ace
    … All one color: GM gains 1 free Complication spend.'"""
    assert "pair" in combos(["5S", "5H", "9C"])
    assert "run" in combos(["4S", "5H", "6C"])
    assert "flush" in combos(["4S", "9S", "KS"])
    assert "face+ace" in combos(["AS", "KH", "2C"])
    assert "one-color" in combos(["2S", "9C"])
    assert combos(["2S", "9H"]) == []


def test_one_color_banks_free_cp() -> None:
    """'Free CP: if all cards are the same color, the GM banks 1 Complication Point.'"""
    for seed in range(30):
        g = Game(seed=seed, players=1)
        data = g.gm("adventure.draw", procedure="act")[-1].data
        if "one-color" in data["combos"]:
            assert g.bank() == 1
            return
    pytest.fail("no one-colour draw in 30 seeds")


def test_a_black_card_low_supply_lands_on_every_character_as_it_happens() -> None:
    """ "Supply/Fatigue: if the highest card is black, begin Low Supply or add a Fatigue
    tick." with "Traveler's Pack Baseline supplies. Without it, a PC suffers Fatigue one
    step sooner than the party.": the Supply the adventure starts at is applied like
    any Supply change, at once, in an event every player sees (#27: it used to move
    the clock silently, in the GM's own log line, and skip the Fatigue)."""
    for seed in range(40):
        g = Game(seed=seed, players=2, travelers_pack="tracked")
        g.p("p2", "character.kit", kit="travelers-pack")
        events = g.gm("adventure.draw", procedure="act", apply=True, black_link="supply")
        if events[0].type != "fe.adventure.supply":
            continue
        link, seed_line = events
        assert seed_line.type == "fe.adventure.generated" and seed_line.visible_to == "gm"
        assert link.visible_to == "all" and "Low Supply" in link.text
        assert g.rules["supply"] == 2
        assert [g.pc(p)["fatigue"] for p in ("p1", "p2")] == [1, 0]  # P1 has no pack
        assert "P1 gains Fatigue" in link.text
        g.check()
        return
    pytest.fail("no black high card in 40 seeds")
