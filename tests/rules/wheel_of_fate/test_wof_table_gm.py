"""Wheel of Fate: helping counted once, the GM's hand on fate points and pool limits,
and a seat leaving with its fate points."""

from __future__ import annotations

from app.domain.errors import Forbidden, RuleViolation

from .driver import GM, P1, P2, P3, Game


def test_one_helpers_dice_count_once_on_a_roll() -> None:
    """ "When one character helps another with a problems, the helping character adds her
    dice as bonus dice to the character they're helping." — her dice, once: Dave helping
    Tom twice still gives "two bonus dice, so Tom is now rolling 3d6++"."""
    game = Game(("Tom", "Dave", "Sue"))
    game.attributes("p1", 3, 3, 2)
    game.attributes("p2", 2, 3, 3)
    game.attributes("p3", 2, 3, 3)
    game.do(P2, "help", to="p1", attribute="physical")
    message = game.fails(P2, "help", RuleViolation, to="p1", attribute="mental")
    assert (
        message == "Dave's dice already help Tom's next roll: a helper's dice count once on a roll."
    )
    game.do(P3, "help", to="p1", attribute="physical")  # another helper adds her own
    data = game.do(P1, "roll", attribute="physical", difficulty=10)[0].data
    assert data["notation"] == "3d6++++"
    game.do(P2, "help", to="p1", attribute="physical")  # the next roll is a new roll


def test_the_gm_adjusts_a_players_fate_points() -> None:
    """ "Characters begin play with a stack of five fate points." — the GM may give or
    take points (a ruling, a correction); they come from and go back to the supply."""
    game = Game()
    game.do(GM, "fate.adjust", player="p1", n=2, reason="a late start")
    assert game.fate("p1") == 7
    assert (
        game.last("fate.adjusted").text == "The GM gives Ann 2 fate points: a late start (now 7)."
    )
    game.do(GM, "fate.adjust", player="p1", n=-3)
    assert game.fate("p1") == 4
    assert "only 4 fate points" in game.fails(GM, "fate.adjust", RuleViolation, player="p1", n=-5)
    assert "Only the GM" in game.fails(P1, "fate.adjust", Forbidden, player="p1", n=1)


def test_the_gm_changes_pool_limits_after_creation() -> None:
    """ "The GM will tell you what pools are available, and you can distribute three dice
    among them, according to whatever limitations the GM provides." and "Some games may
    allow pool values to get higher than 3d over time" — the GM changes the limits of a
    table already made."""
    game = Game(session=False)
    game.do(GM, "creation.pools", normal=["Kung Fu", "Sneaking"])
    game.do(P1, "char.pools", dice={"Kung Fu": 3})
    game.do(GM, "pools.limits", pool_dice=4, pool_max=4)
    assert game.state["settings"]["pool_dice"] == 4
    assert game.last("pools.limits").text == (
        "The GM sets the pool limits: 4 pool dice to distribute, 4 dice at most in one pool."
    )
    game.do(P2, "char.pools", dice={"Kung Fu": 4})
    assert "Only the GM" in game.fails(P1, "pools.limits", Forbidden, pool_max=5)
    game.fails(GM, "pools.limits", RuleViolation, pool_max=4)


def test_a_removed_seat_returns_its_fate_points() -> None:
    """docs/protocol.md: "`seat.remove` | GM | `player` | the seat leaves (the system
    returns its tokens)" — a removed seat's fate points go back to the supply."""
    game = Game()
    game.do(GM, "seat.remove", player="p2")
    assert game.fate("p2") == 0
    assert "Bob's 5 fate points go back to the supply" in game.last("fate.returned").text


def test_only_a_player_gives_from_the_bowl() -> None:
    """ "When players want to recognize the cool thing someone else did, they give them a
    FP from the bowl" — the GM is told that only a player can."""
    game = Game()
    message = game.fails(GM, "bowl.give", Forbidden, to="p1", reason="GM's pet")
    assert message.startswith("Only a player can")
    game.do(P2, "bowl.give", to="p1", reason="Cool")
