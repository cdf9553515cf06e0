"""Wheel of Fate characters and their guided creation: one test per rule."""

from __future__ import annotations

import pytest

from app.domain.actors import Actor
from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .driver import GM, P1, P2, Game


@pytest.fixture
def game() -> Game:
    return Game()


def missing(game: Game, actor: Actor = P1) -> list[str]:
    view = game.table.view(actor)
    found: list[str] = view["rules"]["me"]["missing"]
    return found


def test_roll_an_attribute() -> None:
    """ "Physical: 4d Mental: 3d Social: 3d ... So she tries to bust down the door. She
    rolls four dice and gets 2,4,3 and 6, 15 exactly! She succeeds." (a 10d split)"""
    game = Game(settings={"attribute_dice": 10})
    game.attributes("p1", 4, 3, 3)
    data = game.do(P1, "roll", attribute="physical", faces=[2, 4, 3, 6], difficulty=15)[0].data
    assert (data["notation"], data["total"], data["success"]) == ("4d6", 15, True)
    game.fails(P1, "roll", InvalidArgs, attribute="physical", faces=[2, 4, 3])


def test_summary_under_fifty_words_with_a_name(game: Game) -> None:
    """ "Write up a description of your character in under 50 words. Don't forget to
    include their name." """
    assert "name" in missing(game) and "summary" in missing(game)
    game.fails(P1, "char.summary", RuleViolation, name="Jo", summary=" ".join(["word"] * 50))
    game.fails(P1, "char.summary", InvalidArgs, summary="A tall story.")
    game.do(P1, "char.summary", name="Jo", summary=" ".join(["word"] * 49))
    assert game.char("p1")["name"] == "Jo"
    assert "summary" not in missing(game) and "name" not in missing(game)


def test_connections_to_every_other_character(game: Game) -> None:
    """ "Write down a list of the names of each other character in the game. Provide a
    quick explanation and how you know them and how you feel about them" """
    assert "connection:p2" in missing(game)
    game.fails(P1, "char.connection", InvalidArgs, other="p1", text="Me, myself.")
    game.do(P1, "char.connection", other="p2", text="My sister; I envy her.")
    assert "connection:p2" not in missing(game)
    game.do(GM, "seat.add", name="Cid")
    assert "connection:p3" in missing(game)


def test_divide_eight_dice_among_three_attributes(game: Game) -> None:
    """ "Divide 8d among the character's three attributes." """
    game.fails(P1, "char.attributes", RuleViolation, physical=3, mental=3, social=3)
    game.fails(P1, "char.attributes", RuleViolation, physical=4, mental=4, social=0)
    game.do(P1, "char.attributes", physical=4, mental=2, social=2)
    assert game.char("p1")["attributes"] == {"physical": 4, "mental": 2, "social": 2}
    assert "attributes" not in missing(game)


def test_heroic_games_split_nine_or_ten() -> None:
    """ "More heroic games may decide to split 9d or 10d, but 8d is a nice baseline." """
    heroic = Game(settings={"attribute_dice": 10})
    heroic.fails(P1, "char.attributes", RuleViolation, physical=3, mental=3, social=2)
    heroic.do(P1, "char.attributes", physical=4, mental=3, social=3)
    with pytest.raises(InvalidArgs):
        Game(settings={"attribute_dice": 12})


def test_one_die_attribute_is_warned(game: Game) -> None:
    """ "While players may choose to take an attribute at 1d, this is strongly
    discouraged." """
    event = game.do(P1, "char.attributes", physical=6, mental=1, social=1)[0]
    assert len(event.data["warnings"]) == 2
    assert "strongly discouraged" in event.text


def test_five_questions_and_five_aspects(game: Game) -> None:
    """ "Answer 5 questions, and based upon those answers, choose your five aspects." """
    todo = missing(game)
    assert [m for m in todo if m.startswith("answer:")] == [f"answer:{i}" for i in range(1, 6)]
    assert [m for m in todo if m.startswith("aspect:")] == [f"aspect:{i}" for i in range(1, 6)]
    game.do(P1, "char.answer", number=1, text="My fists.")
    game.do(P1, "char.aspect", number=1, text="Strong as an Ox")
    game.fails(P1, "char.aspect", InvalidArgs, number=6, text="One too many")
    assert "answer:1" not in missing(game) and "aspect:1" not in missing(game)
    assert game.table.view(P2)["rules"]["characters"]["p1"]["aspects"] == {"1": "Strong as an Ox"}


def test_gm_may_set_her_own_questions(game: Game) -> None:
    """ "The GM may have her own set of 5 questions, but when in doubt, answer the
    following: 1. What is your greatest strength?" """
    assert game.table.view(P1)["rules"]["questions"][0] == "What is your greatest strength?"
    game.fails(P1, "creation.questions", questions=["a", "b", "c", "d", "e"])
    game.fails(GM, "creation.questions", InvalidArgs, questions=["a", "b"])
    game.do(GM, "creation.questions", questions=["Q1?", "Q2?", "Q3?", "Q4?", "Q5?"])
    assert game.table.view(P1)["rules"]["questions"][4] == "Q5?"


def test_gm_outlines_the_pools(game: Game) -> None:
    """ "The GM should outline what the available pools are during character creation." """
    game.fails(P1, "creation.pools", normal=["Kung Fu"])
    game.fails(P1, "char.pools", RuleViolation, dice={"Kung Fu": 3})
    game.do(GM, "creation.pools", normal=["Kung Fu", "Clues"], special=["Magic"])
    pools = game.table.view(P1)["rules"]["pools"]
    assert [(p["name"], p["special"]) for p in pools] == [
        ("Kung Fu", False),
        ("Clues", False),
        ("Magic", True),
    ]
    assert "pools" in missing(game)


def test_distribute_three_pool_dice(game: Game) -> None:
    """ "The GM will tell you what pools are available, and you can distribute three dice
    among them, according to whatever limitations the GM provides." """
    game.do(GM, "creation.pools", normal=["Kung Fu", "Clues"])
    game.fails(P1, "char.pools", RuleViolation, dice={"Kung Fu": 2})
    game.fails(P1, "char.pools", RuleViolation, dice={"Hacking": 3})
    game.do(P1, "char.pools", dice={"Kung Fu": 2, "Clues": 1})
    assert game.char("p1")["pools"] == {"Kung Fu": 2, "Clues": 1}
    capped = Game(settings={"pool_max": 2})
    capped.do(GM, "creation.pools", normal=["Kung Fu", "Clues"])
    capped.fails(P1, "char.pools", InvalidArgs, dice={"Kung Fu": 3})


def test_normal_pools_roll_as_bonus_dice(game: Game) -> None:
    """ "Mike has the Kung Fu pool at 2 and a physical of 3. When he gets in a fistfight,
    he rolls 3++, three for his physical, and two bonus dice for his kung fu." """
    game.do(GM, "creation.pools", normal=["Kung Fu", "Clues"])
    game.do(P1, "char.pools", dice={"Kung Fu": 2, "Clues": 1})
    game.attributes("p1", 3, 3, 2)
    data = game.do(P1, "roll", attribute="physical", pools=["Kung Fu"])[0].data
    assert data["notation"] == "3d6++" and len(data["faces"]) == 5


def test_special_pools_are_the_gms_call(game: Game) -> None:
    """ "The rules for special pools are specific to the individual pool, and will be
    handled by your GM." """
    game.do(GM, "creation.pools", normal=["Kung Fu"], special=["Magic"])
    game.do(P1, "char.pools", dice={"Magic": 3})
    game.attributes("p1", 3, 3, 2)
    game.fails(P1, "roll", RuleViolation, attribute="mental", pools=["Magic"])
    assert game.table.view(P1)["rules"]["options"]["pools"] == []


def test_one_last_question_and_creation_complete(game: Game) -> None:
    """ "One more question to answer: What just went wrong?" """
    game.complete_sheet("p1")
    game.attributes("p1", 3, 3, 2)
    assert missing(game) == []
    p2_todo = missing(game, P2)
    assert "went_wrong" in p2_todo
    message = game.fails(P2, "char.finish", RuleViolation)
    assert "went_wrong" in message and "attributes" in message
    game.do(P1, "char.finish")
    assert game.table.view(P2)["rules"]["characters"]["p1"]["complete"] is True


def test_complete_sheet_locks_attributes_for_the_player(game: Game) -> None:
    """Once complete, the mechanical parts change only through the GM."""
    game.complete_sheet("p1")
    game.attributes("p1", 3, 3, 2)
    game.do(P1, "char.finish")
    game.fails(P1, "char.attributes", Forbidden, physical=2, mental=3, social=3)
    game.do(GM, "char.attributes", player="p1", physical=2, mental=3, social=3)


def test_own_sheet_in_full_others_see_aspects_and_fate(game: Game) -> None:
    """Everyone sees the Bowl, fate points and aspects; your own sheet in full."""
    game.complete_sheet("p1")
    game.attributes("p1", 3, 3, 2)
    mine = game.table.view(P1)["rules"]
    theirs = game.table.view(P2)["rules"]
    assert mine["me"]["attributes"] == {"physical": 3, "mental": 3, "social": 2}
    assert mine["me"]["answers"]["1"] == "Answer 1"
    public = theirs["characters"]["p1"]
    assert public["fate"] == 5 and public["aspects"]["1"] == "Aspect 1"
    assert "attributes" not in public and "answers" not in public
    assert theirs["bowl"] == 10
    assert "sheets" not in theirs and "p1" in game.table.view(GM)["rules"]["sheets"]


def test_gm_adds_an_aspect_after_a_scene(game: Game) -> None:
    """ "At the end of the scene, all stress goes away, butt sometimes you may get an
    aspects to reflect what has happened." """
    game.complete_sheet("p1")
    game.fails(P1, "aspect.add", text="Broken arm")
    game.do(GM, "aspect.add", player="p1", text="Broken arm")
    assert game.char("p1")["aspects"]["6"] == "Broken arm"
    game.fails(GM, "aspect.remove", InvalidArgs, player="p1", number=7)
    game.do(GM, "aspect.remove", player="p1", number=6)
    assert "6" not in game.char("p1")["aspects"]


def test_pools_may_grow_over_time() -> None:
    """ "Some games may allow pool values to get higher than 3d over time, but that's a
    flavor decision." (the GM raises a complete character's pools up to ``pool_max``)"""
    game = Game(settings={"pool_max": 4})
    game.do(GM, "creation.pools", normal=["Kung Fu", "Clues"])
    game.complete_sheet("p1")
    game.attributes("p1", 3, 3, 2)
    game.do(P1, "char.pools", dice={"Kung Fu": 3})
    game.do(P1, "char.finish")
    game.fails(P1, "char.pools", Forbidden, dice={"Kung Fu": 4})
    game.do(GM, "char.pools", player="p1", dice={"Kung Fu": 4, "Clues": 1})
    assert game.char("p1")["pools"] == {"Kung Fu": 4, "Clues": 1}
    game.fails(GM, "char.pools", InvalidArgs, player="p1", dice={"Kung Fu": 5})


def test_guided_steps_follow_the_text(game: Game) -> None:
    """ "Step 1: Summary ... Step 2: Connections ... Step 3: Assign attributes ... Step 4:
    Questions & Aspects ... Step 5: Pools ... One Last Question" (the phone flow)"""
    steps = game.table.view(P1)["rules"]["me"]["steps"]
    assert [s["key"] for s in steps] == [
        "summary",
        "connections",
        "attributes",
        "questions",
        "pools",
        "went_wrong",
    ]
    assert steps[0]["missing"] == ["name", "summary"] and steps[4]["missing"] == []
    game.do(P1, "char.summary", name="Jo", summary="A hero.")
    assert game.table.view(P1)["rules"]["me"]["steps"][0]["missing"] == []


def test_an_undone_private_action_is_not_called_the_gm_s(game: Game) -> None:
    """Everyone reads an undo; a player's own action that only they and the GM saw (the
    attribute split) is named as private, not as the GM's (a browser run read "Eve
    undid an action of the GM's" after Eve undid her own quick start)."""
    split = game.do(P1, "char.attributes", physical=3, mental=3, social=2)
    assert all(e.visible_to != "all" for e in split)
    (undo,) = [e for e in game.do(P1, "undo", command_id=split[0].command_id) if e.type == "undo"]
    assert undo.type == "undo" and undo.visible_to == "all", undo
    assert undo.text == "Ann undid a private action."
