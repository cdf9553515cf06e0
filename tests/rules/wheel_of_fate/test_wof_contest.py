"""Wheel of Fate helping, contests, stress and order of action: one test per rule."""

from __future__ import annotations

import pytest

from app.domain.errors import Forbidden, InvalidArgs, RuleViolation

from .driver import GM, P1, P2, P3, Game


@pytest.fixture
def game() -> Game:
    """Ann (p1) Social 4, Bob (p2) Social 3, Cid (p3) Social 2 (a 10d table)."""
    g = Game(("Ann", "Bob", "Cid"), settings={"attribute_dice": 10})
    g.attributes("p1", 3, 3, 4)
    g.attributes("p2", 4, 3, 3)
    g.attributes("p3", 4, 4, 2)
    return g


def fight(game: Game, *ids: str, harmful: bool = True) -> None:
    game.do(GM, "contest.start", kind="social", harmful=harmful, participants=list(ids))


def test_helper_adds_her_dice_as_bonus_dice(game: Game) -> None:
    """ "When one character helps another with a problems, the helping character adds her
    dice as bonus dice to the character they're helping." and "Tom (physical 3d) is
    trying to break down a door. Dave (physical 2d) decides to help out, so he give Tom
    two bonus dice, so Tom is now rolling 3d6++." """
    game.attributes("p1", 3, 3, 4)
    game.attributes("p3", 2, 4, 4)
    game.do(P3, "help", to="p1", attribute="physical")
    assert game.table.view(P1)["rules"]["options"]["help_dice"] == 2
    data = game.do(P1, "roll", attribute="physical", difficulty=15)[0].data
    assert data["notation"] == "3d6++"
    assert game.char("p1")["help"] == []
    game.fails(P1, "help", RuleViolation, to="p1", attribute="mental")
    game.fails(P1, "help", InvalidArgs, to="p2")


def test_both_roll_and_high_roll_wins(game: Game) -> None:
    """ "Sometimes, like in fights and contests, you'll be rolling against someone else
    rather than a difficulty. In that case, you both roll, and high roll wins." """
    fight(game, "p1", "p2", harmful=False)
    game.do(P1, "contest.attack", target="p2", faces=[1, 1, 1, 2])
    game.fails(P1, "contest.defend", RuleViolation)
    game.do(P2, "contest.defend", faces=[2, 2, 2])
    resolved = game.last("contest.resolved")
    assert resolved.data["winner"] == "p2"
    assert game.char("p1")["stress"] == 0  # not a fight: nobody takes stress


def test_loser_takes_stress_and_whammies_add_more(game: Game) -> None:
    """ "If the contest is a fight, argument, or something else that creates problems for
    the opposition, the loser takes a *stress die*. If the winner gets any whammies,
    each whammy inflicts an extra stress die." """
    fight(game, "p1", "p2")
    game.do(P1, "contest.attack", target="p2", faces=[5, 5, 4, 3])
    game.do(P2, "contest.defend", faces=[3, 3, 1])
    assert game.last("contest.resolved").data["whammies"] == 2  # 17 against 7
    assert game.char("p2")["stress"] == 1 + 2


def test_tie_means_nobody_wins(game: Game) -> None:
    """ "you both roll, and high roll wins" (equal rolls: neither wins, no stress)"""
    fight(game, "p1", "p2")
    game.do(P1, "contest.attack", target="p2", faces=[3, 3, 3, 3])
    game.do(P2, "contest.defend", faces=[4, 4, 4])
    assert game.last("contest.resolved").data["winner"] is None
    assert game.char("p1")["stress"] == game.char("p2")["stress"] == 0


def test_stress_dice_act_as_penalty_dice(game: Game) -> None:
    """ "Stress dice act like penalty dice on all of a character's rolls until they go
    away." """
    game.fails(P1, "stress.add", Forbidden, dice=1)
    game.do(GM, "stress.add", player="p1", dice=1, reason="Embarrassed herself")
    assert game.do(P1, "roll", attribute="physical")[0].data["notation"] == "3d6-"
    assert game.do(P1, "roll", dice=2, bonus=1)[0].data["notation"] == "2d6"


def test_more_stress_than_an_attribute_takes_it_out(game: Game) -> None:
    """ "If a character ever has more stress dice than one of their attributes, they can
    no longer roll that attribute, and automatically lose conflicts of that type." """
    game.do(GM, "stress.add", player="p3", dice=3)
    game.fails(P3, "roll", RuleViolation, attribute="social")
    game.do(P3, "roll", attribute="mental")
    fight(game, "p1", "p3")
    game.fails(P3, "contest.attack", RuleViolation, target="p1")
    game.do(P1, "contest.attack", target="p3", faces=[1, 1, 1, 1])
    resolved = game.last("contest.resolved")
    assert resolved.data["winner"] == "p1" and game.char("p3")["stress"] == 4
    assert game.table.view(P1)["rules"]["options"]["rollable"] == ["physical", "mental", "social"]
    assert "social" not in game.table.view(P3)["rules"]["options"]["rollable"]


def test_out_words(game: Game) -> None:
    """ "In general, if you have more stress than physical, you're unconcious, if you
    have more stress than mental, you're insensible, and if you have more stress than
    social, you're incoherent." """
    game.do(GM, "stress.add", player="p3", dice=3)
    assert game.table.view(P1)["rules"]["characters"]["p3"]["out"] == ["incoherent"]
    game.do(GM, "stress.add", player="p3", dice=2)
    assert game.table.view(P1)["rules"]["characters"]["p3"]["out"] == [
        "unconscious",
        "insensible",
        "incoherent",
    ]
    assert "unconscious" in game.last("stress.out").text


def test_stress_goes_away_at_the_end_of_the_scene(game: Game) -> None:
    """ "At the end of the scene, all stress goes away" """
    fight(game, "p1", "p2")
    game.do(GM, "stress.add", player="p1", dice=2)
    game.do(GM, "stress.add", player="p2", dice=1)
    game.fails(P1, "scene.end", Forbidden)
    game.do(GM, "scene.end")
    assert game.char("p1")["stress"] == game.char("p2")["stress"] == 0
    assert game.state["rules"].get("contest") is None


def test_most_dice_go_first(game: Game) -> None:
    """ "If there is ever a question, the character with the higher total number of dice
    goes first." """
    fight(game, "p3", "p2", "p1")
    contest = game.table.view(P1)["rules"]["contest"]
    assert contest["order"] == [["p1"], ["p2"], ["p3"]]
    assert contest["waiting"] == ["p1", "p2", "p3"]
    assert "initiative" not in contest
    assert game.table.view(GM)["rules"]["contest"]["initiative"] == {"p1": 4, "p2": 3, "p3": 2}


def test_ties_take_no_stress_until_both_have_acted(game: Game) -> None:
    """ "Ties go at the same time, which mostly means that neither side gains any stress
    until both have acted." """
    game.attributes("p2", 3, 3, 4)
    fight(game, "p1", "p2")
    assert game.table.view(P1)["rules"]["contest"]["order"] == [["p1", "p2"]]
    game.do(P1, "contest.attack", target="p2", faces=[5, 5, 5, 5])
    told = game.do(P2, "contest.defend", faces=[1, 1, 1, 1])[-1].text
    assert game.char("p2")["stress"] == 0  # held: Bob hasn't acted yet
    # the phones read who the stress waits for, not "once the tie is done"
    assert "once Bob has acted too (they act at the same time)" in told
    data = game.do(P2, "contest.attack", target="p1", faces=[4, 4, 4, 4])[0].data
    assert data["notation"] == "4d6"  # Bob still rolls clean
    game.do(P1, "contest.defend", faces=[1, 1, 1, 1])
    assert game.char("p2")["stress"] == 1 + 3
    assert game.char("p1")["stress"] == 1 + 2
    assert game.state["rules"]["contest"]["round"] == 2


def test_acting_hastily_counts_for_going_first(game: Game) -> None:
    """ "It's possible for a character to act faster by adding penalty dice to his roll,
    effectively acting hastily and less precisely than ideal. These penalty dice are
    considered to be part of the characters dice for purposes of determining who goes
    first." """
    fight(game, "p1", "p2")
    game.do(P2, "contest.haste", dice=1)
    assert game.table.view(P1)["rules"]["contest"]["order"] == [["p1", "p2"]]
    data = game.do(P2, "contest.attack", target="p1")[0].data
    assert data["notation"] == "3d6-"
    game.fails(P1, "contest.haste", RuleViolation, dice=5)


def test_helping_in_a_fight_forgoes_the_action(game: Game) -> None:
    """ "A character who helps another character in a fight can do so at any time,
    effectively foregoing their action to do so." """
    fight(game, "p1", "p2", "p3")
    game.do(P3, "help", to="p2")
    assert game.last("help.given").data["dice"] == 2
    game.fails(P3, "contest.attack", RuleViolation, target="p1")
    game.fails(P1, "help", InvalidArgs, to="p2", attribute="physical")


def test_help_counts_for_going_first_and_allows_more_haste(game: Game) -> None:
    """ "Helping can be applied to determining who goes first, so one character helping
    another may allow them to take more penalty dice than they normally could." """
    fight(game, "p1", "p2", "p3")
    game.fails(P2, "contest.haste", RuleViolation, dice=4)
    game.do(P3, "help", to="p2")
    assert game.table.view(P1)["rules"]["contest"]["order"][0] == ["p2"]
    game.do(P2, "contest.haste", dice=4)
    data = game.do(P2, "contest.attack", target="p1")[0].data
    assert data["notation"] == "3d6--" and data["auto_fail"] is False


def test_everyone_defends_but_stress_hits_one_target(game: Game) -> None:
    """ "When there are more than two people in a contest, all participants are assumed
    to be defending against all other participants, but may only inflict stress on a
    single target." """
    fight(game, "p1", "p2", "p3")
    game.fails(P1, "contest.attack", InvalidArgs)
    game.do(P1, "contest.attack", target="p3", faces=[3, 3, 2, 2])
    game.fails(P2, "contest.attack", RuleViolation, target="p1")  # one attack at a time
    game.fails(P2, "contest.defend", RuleViolation)
    game.do(P3, "contest.defend", faces=[1, 1])
    assert game.char("p3")["stress"] == 2 and game.char("p2")["stress"] == 0
    game.do(P3, "contest.attack", target="p1", faces=[6, 6, 6, 6])  # defending used nothing
    game.do(P1, "contest.defend", faces=[1, 1, 1, 1])
    game.fails(P1, "contest.attack", RuleViolation, target="p2")  # Ann already acted


def test_example_fight(game: Game) -> None:
    """ "Sheila begins by ripping into Anne and her terrible haircut, rolling 4d6 dice
    against Anne's 3d6. Sheila rolls a 14 against Anne's 12, and wins. She inflicts one
    stress on Anne. ... Anne's 3d6-becomes 3d6+. What's more, she gets very lucky and
    rolls a 17, while Sheila only rolls a 12. Not only does Anne win, but she gets a
    whammy! That means she inflicts 2 stress on Sheila, so Sheila is now rolling
    4d6--. Jackie would normally go next, but she helped Anne, so the action cycles
    back to Sheila...." (Sheila p1 4d, Anne p2 3d, Jackie p3 2d)"""
    fight(game, "p1", "p2", "p3")
    game.do(P1, "contest.attack", target="p2", faces=[5, 4, 3, 2])
    game.do(P2, "contest.defend", faces=[4, 4, 4])
    assert game.char("p2")["stress"] == 1
    game.do(P3, "help", to="p2")
    anne = game.do(P2, "contest.attack", target="p1", faces=[6, 6, 5, 1])[0].data
    assert (anne["notation"], anne["total"]) == ("3d6+", 17)
    game.do(P1, "contest.defend", faces=[3, 3, 3, 3])
    assert game.last("contest.resolved").data["whammies"] == 1
    assert game.char("p1")["stress"] == 2
    contest = game.table.view(P1)["rules"]["contest"]
    assert contest["round"] == 2 and contest["waiting"][0] == "p1"
    assert game.do(P1, "contest.attack", target="p2")[0].data["notation"] == "4d6--"


def test_gm_side_characters(game: Game) -> None:
    """GM-side characters: the GM keeps a list with attributes; they roll, defend and
    take stress in contests ("Rolling Against Characters")."""
    game.fails(P1, "npc.add", Forbidden, name="Bandit", physical=3, mental=2, social=2)
    nid = game.npc("Bandit", 4, 2, 2)
    assert game.last("npc.added").visible_to == "gm"
    assert "npcs" not in game.table.view(P1)["rules"]
    assert game.table.view(GM)["rules"]["npcs"][nid]["attributes"]["physical"] == 4
    game.fails(P1, "roll", Forbidden, npc=nid, attribute="physical")
    game.do(GM, "roll", npc=nid, attribute="physical", fate=0)
    game.fails(GM, "roll", RuleViolation, npc=nid, attribute="physical", fate=1)
    game.do(GM, "contest.start", kind="physical", participants=["p1", nid])
    game.do(GM, "contest.attack", npc=nid, target="p1", faces=[6, 6, 6, 1])
    game.do(P1, "contest.defend", faces=[1, 1, 1])
    assert game.char("p1")["stress"] == 1 + 3
    game.fails(GM, "npc.remove", RuleViolation, npc=nid)
    game.do(GM, "contest.end")
    game.do(GM, "npc.edit", npc=nid, physical=5, mental=2, social=2)
    game.do(GM, "npc.remove", npc=nid)
    assert nid not in game.state["rules"]["chars"]


def test_bare_gm_roll_and_stress_from_a_failure(game: Game) -> None:
    """ "toss them a stress die because they hurt, embarrassed or distracted themselves
    doing it" """
    assert game.do(GM, "roll", dice=2, difficulty=5)[0].data["character"] is None
    game.do(GM, "stress.add", player="p2", dice=1, reason="Twisted an ankle")
    assert "Twisted an ankle" in game.last("stress.changed").text
    game.fails(GM, "stress.add", RuleViolation, player="p2", dice=-2)


def test_order_is_advice_not_a_lock(game: Game) -> None:
    """ "If there is no pressing consideration, actions should be declared and resolved
    starting with the player to the GM's left, and working around the table until
    everyone has acted, then beginning again." (anyone may act; once per round)"""
    fight(game, "p1", "p2", "p3")
    game.do(P3, "contest.attack", target="p2", faces=[3, 3])
    game.do(P2, "contest.defend", faces=[1, 1, 2])
    game.do(P2, "contest.attack", target="p3", faces=[1, 1, 1, 1])  # 3d6- after stress
    game.do(P3, "contest.defend", faces=[1, 1])
    assert game.state["rules"]["contest"]["round"] == 1
    game.do(P1, "contest.attack", target="p3", faces=[1, 1, 1, 1])
    game.do(P3, "contest.defend", faces=[1, 1, 1])
    assert game.state["rules"]["contest"]["round"] == 2
    game.fails(P1, "contest.round", Forbidden)
    game.do(GM, "contest.round")
    assert game.state["rules"]["contest"]["round"] == 3


def test_stressed_out_defender_loses_outright(game: Game) -> None:
    """ "they can no longer roll that attribute, and automatically lose conflicts of that
    type" (stressed out between an attack and its defence)"""
    fight(game, "p1", "p3")
    game.do(P1, "contest.attack", target="p3", faces=[2, 2, 2, 2])
    game.do(GM, "stress.add", player="p3", dice=3)
    game.do(P3, "contest.defend")
    resolved = game.last("contest.resolved")
    assert resolved.data["winner"] == "p1" and game.char("p3")["stress"] == 4
