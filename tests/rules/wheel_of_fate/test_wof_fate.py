"""Wheel of Fate fate points, compels and the Bowl: one test per rule."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .driver import GM, P1, P2, Game


@pytest.fixture
def game() -> Game:
    g = Game()
    g.complete_sheet("p1")
    g.attributes("p1", 3, 3, 2)
    return g


def test_begin_with_five_fate_points(game: Game) -> None:
    """ "Characters begin play with a stack of five fate points." """
    assert game.fate("p1") == 5 and game.fate("p2") == 5
    assert Game(settings={"starting_fate_points": 3}).fate("p1") == 3


def test_spend_a_fate_point_for_a_bonus_die(game: Game) -> None:
    """ "Add a bonus die to any roll" """
    data = game.do(P1, "roll", attribute="mental", fate=1, faces=[1, 2, 3, 6])[0].data
    assert (data["notation"], data["total"]) == ("3d6+", 11)
    assert game.fate("p1") == 4
    game.fails(P1, "roll", RuleViolation, attribute="mental", fate=5)


def test_declare_a_fact_or_coincidence(game: Game) -> None:
    """ "Declare a fact, like "I have a flashlight in my bag" or coincidence, like "I want
    to show up at the restaurant as the argument begins"." """
    game.do(P1, "fate.declare", kind="fact", text="I have a flashlight in my bag")
    event = game.last("fate.declare")
    assert "flashlight" in event.text and game.fate("p1") == 4
    game.fails(P1, "fate.declare", InvalidArgs, kind="wish", text="A pony")
    for _ in range(4):
        game.do(P1, "fate.declare", kind="coincidence", text="I arrive as it begins")
    game.fails(P1, "fate.declare", RuleViolation, kind="fact", text="One more")


def test_invoke_an_aspect_for_an_extra_die(game: Game) -> None:
    """ "When you invoke an aspect, you spend a fate point and say which aspect you're
    using." and "Add an extra die to a roll" """
    data = game.do(P1, "roll", attribute="social", invoke=[1], faces=[1, 1, 6])[0].data
    assert (data["notation"], data["total"]) == ("3d6", 8)
    assert data["sources"]["invoked"] == ["Aspect 1"]
    assert "Aspect 1" in game.last("roll").text
    assert game.fate("p1") == 4
    game.fails(P1, "roll", InvalidArgs, attribute="social", invoke=[9])
    game.fails(P1, "roll", InvalidArgs, attribute="social", invoke=[1, 1])


def test_invoke_for_a_stronger_declaration(game: Game) -> None:
    """ "Declare a fact or coincidence related to your aspect. You'll have a lot more
    leeway when there's an aspect than just a FP." """
    game.do(P1, "fate.declare", kind="fact", text="The guard owes me", aspect=2)
    event = game.last("fate.declare")
    assert event.data["aspect"] == 2 and "Aspect 2" in event.text
    assert game.fate("p1") == 4
    game.fails(P1, "fate.declare", InvalidArgs, kind="fact", text="x", aspect=7)


def test_accept_a_compel_and_gain_a_point(game: Game) -> None:
    """ "The GM may offer you a FP to do something based on one of your aspects (See
    below). You can either accept that FP, or spend one of your own to counter the
    offer." (accepting)"""
    game.fails(P1, "compel.offer", Forbidden, player="p1", aspect=1, text="You break it")
    game.do(GM, "compel.offer", player="p1", aspect=1, text="You break the egg")
    assert game.last("compel.offered").visible_to == "p1"
    assert game.table.view(P1)["rules"]["me"]["compel"]["text"] == "You break the egg"
    assert game.table.view(P1)["rules"]["options"]["compel"] == {"accept": True, "refuse": True}
    assert "compel" not in game.table.view(P2)["rules"]["characters"]["p1"]
    game.fails(GM, "compel.offer", RuleViolation, player="p1", aspect=2, text="Another")
    game.fails(P2, "compel.accept", RuleViolation)
    game.do(P1, "compel.accept")
    assert game.fate("p1") == 6 and "compel" not in game.char("p1")


def test_a_compel_on_an_aspect_not_written_yet() -> None:
    """ "The GM may offer you a FP to do something based on one of your aspects": at a
    first session the sheet may have no aspects yet, so the GM names the aspect in words
    ("You're Strong as an Ox ... the GM goes, "You might break it" and offers a FP")."""
    game = Game()  # p2 has written nothing
    assert not game.char("p2").get("aspects")
    game.fails(GM, "compel.offer", InvalidArgs, player="p2", aspect=1, text="You break it")
    game.fails(GM, "compel.offer", InvalidArgs, player="p2", text="Which aspect?")
    game.do(
        GM, "compel.offer", player="p2", aspect_text="Strong as an Ox", text="You break the egg"
    )
    offered = game.last("compel.offered")
    assert "“Strong as an Ox”" in offered.text and offered.visible_to == "p2"
    assert game.table.view(P2)["rules"]["me"]["compel"]["aspect_text"] == "Strong as an Ox"
    game.do(P2, "compel.accept")
    assert game.fate("p2") == 6
    assert "accepted a compel on “Strong as an Ox”" in game.last("compel.accepted").text


def test_refuse_a_compel_by_paying_a_point(game: Game) -> None:
    """ "You can either take the point, and break the egg, or spend a point, and not
    break it." (refusing)"""
    game.do(GM, "compel.offer", player="p1", aspect=1, text="You break the egg")
    game.do(P1, "compel.refuse")
    assert game.fate("p1") == 4 and "compel" not in game.char("p1")
    for _ in range(4):
        game.do(P1, "fate.declare", kind="fact", text="x")
    game.do(GM, "compel.offer", player="p1", aspect=1, text="Again")
    game.fails(P1, "compel.refuse", RuleViolation)
    assert game.table.view(P1)["rules"]["options"]["compel"] == {"accept": True, "refuse": False}
    game.do(GM, "compel.withdraw", player="p1")
    game.fails(P1, "compel.accept", RuleViolation)


def test_the_bowl_holds_five_per_player(game: Game) -> None:
    """ "When a game begins, the GM puts five FP for each player in a bowl in the middle
    of the table." """
    assert game.tokens("bowl") == 10
    game.do(GM, "seat.add", name="Cid")
    assert game.tokens("bowl") == 15
    fresh = Game(("Ann", "Bob", "Cid"), session=False)
    assert fresh.tokens("bowl") == 0
    fresh.do(GM, "session.start")
    assert fresh.tokens("bowl") == 15


def test_the_bowl_for_one_player_is_told_in_the_singular() -> None:
    """The log line a one-player table reads when the Bowl is filled."""
    solo = Game(("Ann",), session=False)
    told = [e.text for e in solo.do(GM, "session.start") if e.type == "bowl.filled"]
    assert told == ["The GM fills the Bowl: 5 fate points for 1 player."]


def test_give_a_point_from_the_bowl_for_something_cool(game: Game) -> None:
    """ "When players want to recognize the cool thing someone else did, they give them a
    FP from the bowl in the middle of the table." """
    game.do(P2, "bowl.give", to="p1", reason="That chandelier swing!")
    assert game.fate("p1") == 6 and game.tokens("bowl") == 9
    assert "chandelier" in game.last("bowl.given").text
    game.fails(P1, "bowl.give", RuleViolation, to="p1", reason="I was great")
    game.fails(P1, "bowl.give", InvalidArgs, to="p2")
    game.fails(GM, "bowl.give", Forbidden, to="p1", reason="GM's pet")


def test_other_players_reward_you_until_the_bowl_is_empty() -> None:
    """ "Other players may reward you with them when you do something cool (see "The
    Bowl" below)." """
    game = Game(settings={"bowl_per_player": 1})
    game.do(P1, "bowl.give", to="p2", reason="Nice")
    game.do(P2, "bowl.give", to="p1", reason="Nice too")
    assert game.table.view(P1)["rules"]["options"]["bowl_give"] == []
    game.fails(P1, "bowl.give", RuleViolation, to="p2", reason="Again")


def test_spent_points_may_go_to_the_bowl() -> None:
    """Table setting: spent fate points leave the game, or (house reading) feed the Bowl."""
    game = Game(settings={"spent_fate_points_go_to": "bowl"})
    game.do(P1, "fate.declare", kind="fact", text="x")
    assert game.tokens("bowl") == 11
    with pytest.raises(InvalidArgs):
        Game(settings={"spent_fate_points_go_to": "gm"})


def test_options_show_what_can_be_spent_now(game: Game) -> None:
    """The view lists the spends available right now."""
    options = game.table.view(P1)["rules"]["options"]
    assert options["fate"] == 5 and options["bonus_die"] and options["declare"]
    assert [a["number"] for a in options["invoke"]] == [1, 2, 3, 4, 5]
    assert options["bowl_give"] == ["p2"] and options["rollable"] == [
        "physical",
        "mental",
        "social",
    ]


def test_player_undoes_a_declaration_but_not_a_roll(game: Game) -> None:
    """Undo: a declaration is the player's own; a roll only the GM may undo."""
    declared = game.do(P1, "fate.declare", kind="fact", text="x")[0]
    game.do(P1, "undo", command_id=declared.command_id)
    assert game.fate("p1") == 5
    rolled = game.do(P1, "roll", attribute="physical", fate=2)[0]
    game.fails(P1, "undo", Forbidden, command_id=rolled.command_id)
    game.do(GM, "undo", command_id=rolled.command_id)
    assert game.fate("p1") == 5
