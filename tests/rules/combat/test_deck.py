"""The Action Deck and the draw (spacelands-combat.txt, "Combat", "Jokers";
fate-chips.txt, "Red Jokers in Combat")."""

from __future__ import annotations

import pytest

from app.domain.errors import RuleViolation

from .driver import Fight


def fight(ruleset: str = "spacelands", **settings: object) -> Fight:
    f = Fight(ruleset, settings=settings)
    f.gm("combat.start")
    return f


def test_two_decks_of_54() -> None:
    """ "Since the Master has his own Action Deck, it's possible for each side to have an
    action on the same card and suit." — 52 cards and two Jokers each."""
    f = fight()
    for side in ("players", "gm"):
        pile = f.combat("decks", side, "draw")
        assert len(pile) == 54 == len(set(pile))
        assert {"RJ", "BJ"} <= set(pile)
    assert f.accounted()


@pytest.mark.parametrize(
    ("faces", "cards"),
    [([[2]], 1), ([[4]], 2), ([[6, 2]], 3), ([[6, 6, 1]], 4)],
)
def test_cards_per_success_and_raise(faces: list[list[int]], cards: int) -> None:
    """ "Once the Master declares combat time, make a Quickness roll and compare it to a
    TN of Easy (3). Draw 1 card from the Action Deck plus 1 for every success and
    raise.\""""
    f = fight()
    f.set_draw("players", ["2C", "3C", "4C", "5C"])
    events = f.as_("p1", "combat.draw", faces=faces)
    assert events[0].data["count"] == cards
    held = f.fighter("p1").get("hand", []) + f.fighter("p1").get("drawn", [])
    assert len(held) == cards


def test_bust_draws_nothing_but_sleeve_stays() -> None:
    """ "If you go bust, you get no cards this round, though you might still use a card
    from up your sleeve.\""""
    f = fight()
    f.state["rules"]["combat"]["fighters"]["p1"]["sleeve"] = f.combat(
        "decks", "players", "draw"
    ).pop()
    f.as_("p1", "combat.draw", faces=[[1]])
    assert f.fighter("p1")["hand"] == []
    assert f.fighter("p1")["sleeve"]
    assert f.accounted()


def test_wound_penalty_on_quickness() -> None:
    """ "If your hero is injured, subtract the penalty from your Quickness total.\""""
    f = fight()
    f.gm("wounds.assign", player="p1", wounds={"left_leg": 2})
    f.gm("wounds.accept", player="p1")
    events = f.as_("p1", "combat.draw", faces=[[4]])
    assert events[0].data["modifier"] == -2
    assert events[0].data["total"] == 2 and events[0].data["count"] == 1


def test_keep_two_discard_the_rest() -> None:
    """ "Choose two of the cards you have drawn and discard the remaining cards.\""""
    f = fight()
    f.set_draw("players", ["KS", "5H", "9D"])
    f.as_("p1", "combat.draw", faces=[[6, 2]])
    assert f.fighter("p1")["status"] == "choosing"
    with pytest.raises(RuleViolation):
        f.gm("combat.next")
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.keep", cards=["KS", "5H", "9D"])
    f.as_("p1", "combat.keep", cards=["5H", "9D"])
    assert f.fighter("p1")["hand"] == ["9D", "5H"]
    assert f.combat("decks", "players", "discard") == ["KS"]
    assert f.accounted()


def test_the_cards_to_choose_from_are_told_in_words() -> None:
    """The player reads their drawn cards on the phone: "Keep 2", not the command's
    wire name."""
    f = fight()
    f.set_draw("players", ["KS", "5H", "9D"])
    events = f.as_("p1", "combat.draw", faces=[[6, 2]])
    told = next(e.text for e in events if e.type == "combat.cards")
    assert "Keep 2" in told
    assert "combat." not in told


def test_red_joker_kept_in_addition_and_draws_a_chip() -> None:
    """ "If one of your cards is the red joker, you may keep that in addition to two
    other cards (if available)." fate-chips.txt: "When you draw a Red Joker during
    combat, you immediately get to draw a random chip from the Fate Pot as a bonus.\""""
    f = fight("deadlands")
    f.set_draw("players", ["RJ", "5H", "9D"])
    f.as_("p1", "combat.draw", faces=[[6, 2]])
    assert f.fighter("p1")["hand"] == ["RJ", "9D", "5H"]
    assert sum(f.hand("p1").values()) == 1


def test_red_joker_chip_is_a_setting() -> None:
    """Spacelands' text gives the Red Joker no chip: only the table setting does."""
    f = fight("spacelands")
    f.set_draw("players", ["RJ"])
    f.as_("p1", "combat.draw", faces=[[2]])
    assert f.hand("p1") == {}
    g = fight("spacelands", red_joker_chip=True)
    g.set_draw("players", ["RJ"])
    g.as_("p1", "combat.draw", faces=[[2]])
    assert sum(g.hand("p1").values()) == 1


def test_black_joker_discards_highest_other_card() -> None:
    """ "If one of your cards is the black joker, discard it, as well as your highest
    other card before choosing.\""""
    f = fight()
    f.set_draw("players", ["BJ", "KS", "5H", "9D"])
    f.as_("p1", "combat.draw", faces=[[6, 6, 1]])
    assert f.fighter("p1")["hand"] == ["9D", "5H"]
    assert sorted(f.combat("decks", "players", "discard")) == ["BJ", "KS"]
    assert f.combat("decks", "players", "reshuffle") is True


def test_black_joker_takes_the_sleeve_card() -> None:
    """ "A card up your sleeve is considered your highest." / "You have to ditch it
    when you ... draw a Black Joker.\""""
    f = fight()
    f.set_draw("players", ["QH", "BJ", "KS"])
    f.state["rules"]["combat"]["fighters"]["p1"]["sleeve"] = f.combat(
        "decks", "players", "draw"
    ).pop()
    f.as_("p1", "combat.draw", faces=[[4]])
    assert f.fighter("p1").get("sleeve") is None
    assert f.fighter("p1")["hand"] == ["KS"]
    assert f.accounted()


def test_black_joker_gives_the_marshal_a_chip() -> None:
    """fate-chips.txt: "The Marshal has their own pool of 3 chips drawn each session,
    plus any chips gained from players spending red chips or drawing Black Jokers.\""""
    f = fight("deadlands")
    f.set_draw("players", ["BJ", "5H"])
    f.as_("p1", "combat.draw", faces=[[4]])
    assert f.total("gm") == 1


def test_shuffle_after_every_round() -> None:
    """ "After this round, shuffle the deck.\""""
    f = fight()
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.round")
    assert f.combat("decks", "players", "discard") == []
    assert len(f.combat("decks", "players", "draw")) == 54


def test_black_joker_forces_the_reshuffle_when_tables_shuffle_less() -> None:
    """ "There's another side effect to drawing a Black Joker. Your side's Action Deck
    must be reshuffled at the end of the current round." (with ``shuffle_every_round``
    off, only then.)"""
    f = fight(shuffle_every_round=False)
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.round")
    assert len(f.combat("decks", "players", "discard")) == 2
    f.set_draw("players", ["BJ", "5H"])
    f.as_("p1", "combat.draw", faces=[[4]])
    f.gm("combat.round")
    assert f.combat("decks", "players", "discard") == []
    assert f.combat("decks", "players", "reshuffle") is False
    assert f.combat("decks", "gm", "discard") == []


def test_empty_deck_reshuffles_discards() -> None:
    """The deck never runs dry mid-draw: the discards are shuffled back in (cards in
    hands and sleeves stay put)."""
    f = fight(shuffle_every_round=False)
    for _ in range(12):
        f.as_("p1", "combat.draw", faces=[[6, 6, 1]])
        if f.fighter("p1")["status"] == "choosing":
            f.as_("p1", "combat.keep", cards=f.fighter("p1")["drawn"][:2])
        f.gm("combat.round")
        assert f.accounted()
    assert f.replays()


def test_winded_gets_no_cards() -> None:
    """ "Winded characters get no Cards add can't perform actions.\""""
    f = fight()
    f.gm("wind.lose", player="p1", amount=10)
    with pytest.raises(RuleViolation, match="Winded"):
        f.as_("p1", "combat.draw")


def test_hold_the_sleeve_instead_of_drawing() -> None:
    """ "If you have a card up your sleeve you may choose to forgo the initiative test
    each round to hold it.\""""
    f = fight()
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.hold")
    f.state["rules"]["combat"]["fighters"]["p1"]["sleeve"] = f.combat(
        "decks", "players", "draw"
    ).pop()
    f.as_("p1", "combat.hold")
    assert f.fighter("p1")["status"] == "held"
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.draw")


def test_players_cannot_draw_for_others() -> None:
    """A player acts for their own seat only."""
    f = fight()
    from app.domain.errors import Forbidden

    with pytest.raises(Forbidden):
        f.as_("p1", "combat.draw", who="p2")


def test_a_held_sleeve_card_is_the_only_action_that_round() -> None:
    """ "If you have a card up your sleeve you may choose to forgo the initiative test
    each round to hold it. The drawback is, once you play your card, it's your only
    action that round." Held: no draw this round, the sleeve card plays, then nothing
    else acts (no card, no active defence, no interrupt)."""
    f = fight()
    f.state["rules"]["combat"]["fighters"]["p1"]["sleeve"] = "KS"
    f.combat("decks", "players", "draw").remove("KS")
    f.as_("p1", "combat.hold")
    f.set_draw("players", ["QH", "4C"])
    f.as_("p2", "combat.draw", faces=[[4]])
    f.gm("combat.next")
    f.as_("p1", "combat.act", card="KS", action="fires")
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.draw")
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.defend")
    with pytest.raises(RuleViolation):
        f.as_("p1", "combat.interrupt", against="p2")
    assert f.fighter("p1")["hand"] == [] and not f.fighter("p1").get("sleeve")
